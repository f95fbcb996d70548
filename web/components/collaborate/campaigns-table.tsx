import { Link } from "@remix-run/react";
import type { CampaignSummaryView } from "../../../shared/collaborate/views";
import { DataTable } from "~/components/ui/table";
import { CompletionBar } from "./completion-bar";
import { contributorProgress, PURPOSE_LABELS } from "./format";
import { CampaignStatusBadge } from "./status-badges";
import { useDates } from "~/lib/dates-context";

/** The team's campaigns, dense: one row each, the name links to the campaign page. */
export function CampaignsTable({ campaigns }: { campaigns: CampaignSummaryView[] }) {
  const { day: formatDate } = useDates();
  return (
    <DataTable
      caption="Your team's campaigns"
      className="rounded-lg border bg-card px-3"
      columns={[
        { header: "Name" },
        { header: "Purpose" },
        { header: "Status" },
        { header: "Contributors completed" },
        { header: "Deadline" },
        { header: "Created" },
      ]}
      rows={campaigns.map((c) => {
        const progress = contributorProgress(c.completed, c.invited);
        return {
          key: c.campaignId,
          header: (
            <span className="grid">
              <Link
                to={`/collaborate/campaigns/${encodeURIComponent(c.campaignId)}`}
                className="rounded-sm text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {c.campaignName}
              </Link>
              <span className="text-xs font-normal text-muted-foreground">{c.hazard}</span>
            </span>
          ),
          cells: [
            <span key="purpose" className="whitespace-nowrap">
              {PURPOSE_LABELS[c.purpose]}
            </span>,
            <CampaignStatusBadge key="status" status={c.status} />,
            <CompletionBar
              key="progress"
              percent={progress.percent}
              text={`${progress.completed}/${progress.total}`}
              label={`${progress.completed} of ${progress.total} contributors completed`}
            />,
            <span key="deadline" className="whitespace-nowrap tabular-nums">
              {formatDate(c.deadline)}
            </span>,
            <span key="created" className="whitespace-nowrap tabular-nums">
              {formatDate(c.createdAt)}
            </span>,
          ],
        };
      })}
    />
  );
}
