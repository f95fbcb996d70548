import { Link } from "@remix-run/react";
import type { InterviewSummaryView } from "../../../worker/collaborate/views";
import { CompletionBar } from "./completion-bar";
import { formatDate } from "./format";
import { ContributorStatusBadge } from "./status-badges";

/** The campaigns the user contributes to: status, how far along, the deadline, and the way in. */
export function InterviewsList({ interviews }: { interviews: InterviewSummaryView[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border bg-card">
      <table className="w-full text-left text-sm" data-testid="interviews-table">
        <caption className="sr-only">Your interviews</caption>
        <thead>
          <tr className="border-b text-muted-foreground">
            <th scope="col" className="px-3 py-2 font-medium">Campaign</th>
            <th scope="col" className="px-3 py-2 font-medium">Status</th>
            <th scope="col" className="px-3 py-2 font-medium">Completion</th>
            <th scope="col" className="px-3 py-2 font-medium">Deadline</th>
            <th scope="col" className="px-3 py-2 font-medium"><span className="sr-only">Open</span></th>
          </tr>
        </thead>
        <tbody>
          {interviews.map((i) => (
            <tr key={i.id} className="border-b last:border-0">
              <th scope="row" className="px-3 py-2 font-medium">{i.campaignName}</th>
              <td className="px-3 py-2">
                <span className="flex flex-wrap items-center gap-1">
                  <ContributorStatusBadge status={i.status} />
                  {i.closed ? <span className="text-xs text-muted-foreground">Closed</span> : null}
                </span>
              </td>
              <td className="px-3 py-2">
                <CompletionBar percent={i.completionPercentage} label={`Interview ${i.completionPercentage}% complete`} />
              </td>
              <td className="px-3 py-2 whitespace-nowrap tabular-nums">{formatDate(i.deadline)}</td>
              <td className="px-3 py-2 text-right">
                <Link
                  to={`/collaborate/interviews/${encodeURIComponent(i.id)}`}
                  className="rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  aria-label={`${i.status === "COMPLETED" || i.closed ? "View" : i.status === "INVITED" ? "Start" : "Continue"} the interview for ${i.campaignName}`}
                >
                  {i.status === "COMPLETED" || i.closed ? "View" : i.status === "INVITED" ? "Start" : "Continue"}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
