import type { ContributorView } from "../../../worker/collaborate/views";
import { CompletionBar } from "./completion-bar";
import { formatDateTime } from "./format";
import { ContributorStatusBadge } from "./status-badges";

const PHASE_LABELS: Record<1 | 2, string> = { 1: "Part 1", 2: "Part 2" };

/** Who contributes and how far they are. Identity and progress only: the manager never sees their answers here. */
export function ContributorsTable({ contributors }: { contributors: ContributorView[] }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="contributors-table">
        <caption className="sr-only">Contributors and their progress</caption>
        <thead>
          <tr className="border-b text-muted-foreground">
            <th scope="col" className="py-2 pr-3 font-medium">Contributor</th>
            <th scope="col" className="py-2 pr-3 font-medium">Status</th>
            <th scope="col" className="py-2 pr-3 font-medium">Completion</th>
            <th scope="col" className="py-2 pr-3 font-medium">Phase</th>
            <th scope="col" className="py-2 pr-3 font-medium">Last activity</th>
            <th scope="col" className="py-2 font-medium">Submitted</th>
          </tr>
        </thead>
        <tbody>
          {contributors.map((c) => {
            const name = c.fullName?.trim() || c.email;
            const detail = [c.role, c.organization].filter(Boolean).join(", ");
            return (
              <tr key={c.id} className="border-b align-top last:border-0" data-testid="contributor-row" data-email={c.email}>
                <th scope="row" className="py-2 pr-3 text-left font-normal">
                  <div className="font-medium">{name}</div>
                  {detail ? <div className="text-xs text-muted-foreground">{detail}</div> : null}
                  {c.fullName ? <div className="text-xs text-muted-foreground">{c.email}</div> : null}
                </th>
                <td className="py-2 pr-3">
                  <ContributorStatusBadge status={c.status} />
                </td>
                <td className="py-2 pr-3">
                  <CompletionBar percent={c.completionPercentage} label={`${name}: ${c.completionPercentage}% complete`} />
                </td>
                <td className="py-2 pr-3 whitespace-nowrap text-xs">{c.status === "INVITED" || c.status === "COMPLETED" ? "—" : PHASE_LABELS[c.phase]}</td>
                <td className="py-2 pr-3 whitespace-nowrap text-xs tabular-nums">{formatDateTime(c.lastMessageAt)}</td>
                <td className="py-2 whitespace-nowrap text-xs tabular-nums">{formatDateTime(c.submittedAt)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
