import { Link } from "@remix-run/react";
import type { CampaignSummaryView } from "../../../worker/collaborate/views";
import { CompletionBar } from "./completion-bar";
import { contributorProgress, formatDate, PURPOSE_LABELS } from "./format";
import { CampaignStatusBadge } from "./status-badges";

/** The team's campaigns, dense: one row each, the name links to the campaign page. */
export function CampaignsTable({ campaigns }: { campaigns: CampaignSummaryView[] }) {
  return (
    <div className="overflow-x-auto rounded-lg border bg-card">
      <table className="w-full text-left text-sm" data-testid="campaigns-table">
        <caption className="sr-only">Your team's campaigns</caption>
        <thead>
          <tr className="border-b text-muted-foreground">
            <th scope="col" className="px-3 py-2 font-medium">Name</th>
            <th scope="col" className="px-3 py-2 font-medium">Purpose</th>
            <th scope="col" className="px-3 py-2 font-medium">Status</th>
            <th scope="col" className="px-3 py-2 font-medium">Contributors completed</th>
            <th scope="col" className="px-3 py-2 font-medium">Deadline</th>
            <th scope="col" className="px-3 py-2 font-medium">Created</th>
          </tr>
        </thead>
        <tbody>
          {campaigns.map((c) => {
            const progress = contributorProgress(c.completed, c.invited);
            return (
              <tr key={c.campaignId} className="border-b align-middle last:border-0 hover:bg-muted/40">
                <th scope="row" className="px-3 py-2 font-medium">
                  <Link
                    to={`/collaborate/campaigns/${encodeURIComponent(c.campaignId)}`}
                    className="rounded-sm text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {c.campaignName}
                  </Link>
                  <div className="text-xs font-normal text-muted-foreground">{c.hazard}</div>
                </th>
                <td className="px-3 py-2 whitespace-nowrap">{PURPOSE_LABELS[c.purpose]}</td>
                <td className="px-3 py-2">
                  <CampaignStatusBadge status={c.status} />
                </td>
                <td className="px-3 py-2">
                  <CompletionBar percent={progress.percent} text={`${progress.completed}/${progress.total}`} label={`${progress.completed} of ${progress.total} contributors completed`} />
                </td>
                <td className="px-3 py-2 whitespace-nowrap tabular-nums">{formatDate(c.deadline)}</td>
                <td className="px-3 py-2 whitespace-nowrap tabular-nums">{formatDate(c.createdAt)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
