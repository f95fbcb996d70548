import type { ContributorView } from "../../../shared/collaborate/views";
import { DataTable } from "~/components/ui/table";
import { CompletionBar } from "./completion-bar";
import { ContributorStatusBadge } from "./status-badges";
import { useDates } from "~/lib/dates-context";

const PHASE_LABELS: Record<1 | 2, string> = { 1: "Part 1", 2: "Part 2" };

/**
 * Who contributes and how far they are. Identity and progress only: the manager never sees their
 * answers here, and sees activity and submission to the day (the API sends no time).
 */
export function ContributorsTable({ contributors }: { contributors: ContributorView[] }) {
  const { day: formatDate } = useDates();
  return (
    <DataTable
      caption="Contributors and their progress"
      columns={[
        { header: "Contributor" },
        { header: "Status" },
        { header: "Completion" },
        { header: "Phase" },
        { header: "Last activity" },
        { header: "Submitted" },
      ]}
      rows={contributors.map((c) => {
        const name = c.fullName?.trim() || c.email;
        const detail = [c.role, c.organization].filter(Boolean).join(", ");
        return {
          key: c.id,
          header: (
            <span className="grid font-normal">
              <span className="font-medium">{name}</span>
              {detail ? <span className="text-xs text-muted-foreground">{detail}</span> : null}
              {c.fullName ? <span className="text-xs text-muted-foreground">{c.email}</span> : null}
            </span>
          ),
          cells: [
            <ContributorStatusBadge key="status" status={c.status} />,
            <CompletionBar key="completion" percent={c.completionPercentage} label={`${name}: ${c.completionPercentage}% complete`} />,
            <span key="phase" className="whitespace-nowrap text-xs">
              {c.status === "INVITED" || c.status === "COMPLETED" ? "—" : PHASE_LABELS[c.phase]}
            </span>,
            <span key="active" className="whitespace-nowrap text-xs tabular-nums">
              {formatDate(c.lastMessageAt)}
            </span>,
            <span key="submitted" className="whitespace-nowrap text-xs tabular-nums">
              {formatDate(c.submittedAt)}
            </span>,
          ],
        };
      })}
    />
  );
}
