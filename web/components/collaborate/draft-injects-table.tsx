import type { DraftInject } from "../../../shared/collaborate/views";
import { DataTable } from "~/components/ui/table";

/** The synthesis's draft injects: when, what, the capability it tests, the expected action and its sources. */
export function DraftInjectsTable({ injects }: { injects: DraftInject[] }) {
  return (
    <DataTable
      caption="Draft injects"
      columns={[{ header: "Inject" }, { header: "Capability" }, { header: "Expected action" }, { header: "From" }]}
      rows={injects.map((inject) => ({
        key: String(inject.number),
        header: (
          <span className="grid font-normal">
            <span className="text-xs tabular-nums text-muted-foreground">
              {inject.number} · {inject.time}
            </span>
            <span className="font-medium">{inject.title}</span>
            <span className="text-muted-foreground">{inject.description}</span>
          </span>
        ),
        cells: [
          inject.capability ?? "—",
          inject.expectedAction,
          <span key="from" className="text-xs text-muted-foreground">
            {inject.respondents.join(", ") || "—"}
          </span>,
        ],
      }))}
    />
  );
}
