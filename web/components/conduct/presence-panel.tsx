import { Users } from "~/components/ui/icons";
import type { ControllerStateView } from "../../../shared/conduct/views";

const ROLE_LABEL = { controller: "Controller", player: "Players", evaluator: "Evaluator", system: "System" } as const;

/** Who is connected now (what they send is in the play feed). */
export function PresencePanel({ connected }: Pick<ControllerStateView, "connected">) {
  const people = connected.filter((c) => c.count > 0);
  return (
    <div className="grid gap-4">
      <div>
        <h3 className="mb-2 flex items-center gap-2 text-sm font-medium">
          <Users className="size-4" aria-hidden /> Connected now
        </h3>
        {people.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nobody else is connected.</p>
        ) : (
          <ul className="grid gap-1 text-sm" aria-label="Connected now">
            {people.map((c) => (
              <li key={`${c.role}:${c.label}`} className="flex justify-between gap-2">
                <span>
                  {c.label || ROLE_LABEL[c.role]}
                  {c.label && c.role !== "controller" ? <span className="text-muted-foreground"> ({ROLE_LABEL[c.role]})</span> : null}
                </span>
                <span className="tabular-nums">{c.count}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
