import { Link } from "@remix-run/react";
import type { InterviewSummaryView } from "../../../shared/collaborate/views";
import { DataTable } from "~/components/ui/table";
import { CompletionBar } from "./completion-bar";
import { ContributorStatusBadge } from "./status-badges";
import { useDates } from "~/lib/dates-context";

/** The campaigns the user contributes to: status, how far along, the deadline, and the way in. */
export function InterviewsList({ interviews }: { interviews: InterviewSummaryView[] }) {
  const { day: formatDate } = useDates();
  return (
    <DataTable
      caption="Your interviews"
      className="rounded-lg border bg-card px-3"
      columns={[{ header: "Campaign" }, { header: "Status" }, { header: "Completion" }, { header: "Deadline" }, { header: "Open" }]}
      rows={interviews.map((i) => {
        const verb = i.status === "COMPLETED" || i.closed ? "View" : i.status === "INVITED" ? "Start" : "Continue";
        return {
          key: i.id,
          header: i.campaignName,
          cells: [
            <span key="status" className="flex flex-wrap items-center gap-1">
              <ContributorStatusBadge status={i.status} />
              {i.closed ? <span className="text-xs text-muted-foreground">Closed</span> : null}
            </span>,
            <CompletionBar key="completion" percent={i.completionPercentage} label={`Interview ${i.completionPercentage}% complete`} />,
            <span key="deadline" className="whitespace-nowrap tabular-nums">
              {formatDate(i.deadline)}
            </span>,
            <Link
              key="open"
              to={`/collaborate/interviews/${encodeURIComponent(i.id)}`}
              className="rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              aria-label={`${verb} the interview for ${i.campaignName}`}
            >
              {verb}
            </Link>,
          ],
        };
      })}
    />
  );
}
