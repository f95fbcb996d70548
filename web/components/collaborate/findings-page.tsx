import { Link } from "@remix-run/react";
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft, FileSearch, Loader2 } from "~/components/ui/icons";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { collaborateApi, campaignQuery, errorMessage, findingsQuery, type FindingsExportFormat } from "~/lib/collaborate-api";
import { DOWNLOAD_SUCCESS_MS } from "~/lib/download";
import { ApiError } from "~/lib/query";
import { FindingsView } from "./findings-view";
import { useDownload } from "./use-download";
import { useStartExercise } from "./use-start-exercise";

/** /collaborate/campaigns/{id}/findings: the findings, or how to get them. */
export function FindingsPage({ campaignId }: { campaignId: string }) {
  const findings = useQuery(findingsQuery(campaignId));
  const campaign = useQuery(campaignQuery(campaignId));
  const download = useDownload();
  const startExercise = useStartExercise(campaignId);
  const campaignPath = `/collaborate/campaigns/${encodeURIComponent(campaignId)}`;

  const onExport = (format: FindingsExportFormat) =>
    void download.run(format, () => collaborateApi.downloadFindings(campaignId, format), {
      success: { title: "Download Successful", duration: DOWNLOAD_SUCCESS_MS },
      failure: { title: "Download Failed", description: "There was an error downloading your file. Please try again." },
    });

  const notYet = findings.error instanceof ApiError && findings.error.status === 404;
  const isCreator = campaign.data?.isCreator ?? false;
  const exerciseId = campaign.data?.exerciseId ?? null;

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-6 p-4 sm:p-6 lg:p-8">
      <div>
        <Button asChild variant="ghost" size="sm" className="-ml-2">
          <Link to={campaignPath}>
            <ArrowLeft aria-hidden /> Campaign
          </Link>
        </Button>
      </div>
      {findings.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden /> Loading the findings…
        </p>
      ) : notYet ? (
        <div className="grid justify-items-center gap-3">
          <EmptyState icon={FileSearch} title="No findings yet">
            No findings yet — run the synthesis from the campaign page once at least one contributor has completed their interview.
          </EmptyState>
          <Button asChild variant="outline">
            <Link to={campaignPath}>Go to the campaign</Link>
          </Button>
        </div>
      ) : findings.isError ? (
        <Alert variant="destructive">{errorMessage(findings.error)}</Alert>
      ) : (
        <FindingsView
          data={findings.data}
          exporting={(download.busy as FindingsExportFormat | null) ?? null}
          onExport={onExport}
          startExercise={isCreator && !exerciseId ? { pending: startExercise.isPending, onStart: () => startExercise.mutate() } : null}
        />
      )}
    </div>
  );
}
