import { Link } from "@remix-run/react";
import { useMutation } from "@tanstack/react-query";
import { BellRing, FileDown, Loader2, Lock, PlayCircle, Sparkles } from "~/components/ui/icons";
import * as React from "react";
import type { CampaignDetailView } from "../../../shared/collaborate/views";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { toast } from "~/hooks/use-toast";
import { collaborateApi, errorMessage } from "~/lib/collaborate-api";
import { exercisePagePath } from "~/lib/exercise-paths";
import { isRunActive, synthesisBlockedReason } from "~/lib/synthesis-logic";
import { useDownload } from "./use-download";
import { useStartExercise } from "./use-start-exercise";
import { useSynthesis } from "./synthesis-context";
import { campaignIsOpen } from "../../../shared/collaborate/model";

/** The manager's actions on one campaign: synthesis and its results, the guide, reminders, closing. */
export function CampaignActions({ campaign, onChanged }: { campaign: CampaignDetailView; onChanged: () => unknown }) {
  const synthesis = useSynthesis();
  const download = useDownload();
  const startExercise = useStartExercise(campaign.campaignId);
  const [confirmClose, setConfirmClose] = React.useState(false);
  const run = synthesis.run?.campaignId === campaign.campaignId ? synthesis.run : null;
  const running = isRunActive(run);
  const blocked = synthesisBlockedReason(campaign);
  const pending = campaign.contributors.filter((c) => c.status !== "COMPLETED");
  const open = campaignIsOpen(campaign.status);
  const findingsMode = campaign.parameters.purpose === "generate-findings";

  const remind = useMutation({
    mutationFn: () =>
      collaborateApi.remind(
        campaign.campaignId,
        pending.map((c) => c.id),
      ),
    onSuccess: ({ sent, skipped }) => {
      toast({
        title: sent === 1 ? "1 reminder sent" : `${sent} reminders sent`,
        description: skipped > 0 ? `${skipped} skipped: reminded less than a day ago.` : undefined,
      });
      return onChanged();
    },
    onError: (error) => toast({ title: "Request Could Not Be Completed", description: errorMessage(error), variant: "destructive" }),
  });
  const close = useMutation({
    mutationFn: () => collaborateApi.close(campaign.campaignId),
    onSuccess: () => {
      setConfirmClose(false);
      toast({ title: "Campaign closed", description: "Contributors can no longer answer; you can still run the synthesis." });
      return onChanged();
    },
    onError: (error) => {
      setConfirmClose(false);
      toast({ title: "Request Could Not Be Completed", description: errorMessage(error), variant: "destructive" });
    },
  });

  const onGuide = () =>
    void download.run("guide", () => collaborateApi.downloadGuide(campaign.campaignId), {
      start: "Download started",
      failure: { title: "Download failed", description: "We were unable to download the discussion guide. Please try again." },
    });

  return (
    <div className="flex flex-wrap items-start gap-2" role="toolbar" aria-label="Campaign actions">
      <div className="grid gap-1">
        {running ? (
          <Button onClick={() => synthesis.setProgressOpen(true)}>
            <Loader2 className="animate-spin" aria-hidden /> Synthesis running — {Math.round(run.progress)}%
          </Button>
        ) : (
          <Button
            disabled={blocked !== null}
            aria-describedby={blocked ? "run-synthesis-reason" : undefined}
            onClick={() => void synthesis.start({ campaignId: campaign.campaignId, campaignName: campaign.campaignName, mode: campaign.parameters.purpose })}
          >
            <Sparkles aria-hidden /> {campaign.hasFindings ? "Run synthesis again" : "Run synthesis"}
          </Button>
        )}
        {blocked && !running ? (
          <p id="run-synthesis-reason" className="max-w-56 text-xs text-muted-foreground">
            {blocked}
          </p>
        ) : null}
      </div>
      {campaign.hasFindings ? (
        <Button asChild variant={findingsMode ? "default" : "outline"}>
          <Link to={`/collaborate/campaigns/${encodeURIComponent(campaign.campaignId)}/findings`}>View findings</Link>
        </Button>
      ) : null}
      {campaign.exerciseId ? (
        <Button asChild variant="outline">
          <Link to={exercisePagePath({ id: campaign.exerciseId, campaignId: campaign.campaignId }, "intro")}>Open exercise</Link>
        </Button>
      ) : campaign.hasFindings && !findingsMode && campaign.isCreator ? (
        <Button onClick={() => startExercise.mutate()} disabled={startExercise.isPending}>
          {startExercise.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <PlayCircle aria-hidden />} Start exercise
        </Button>
      ) : null}
      <Button variant="outline" onClick={onGuide} disabled={download.busy === "guide"}>
        {download.busy === "guide" ? <Loader2 className="animate-spin" aria-hidden /> : <FileDown aria-hidden />} Discussion guide
      </Button>
      <Button
        variant="outline"
        onClick={() => remind.mutate()}
        disabled={!open || pending.length === 0 || remind.isPending}
        title={pending.length === 0 ? "Everyone has completed their interview." : undefined}
      >
        {remind.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <BellRing aria-hidden />} Send reminders
        {pending.length > 0 ? <span className="tabular-nums text-muted-foreground">({pending.length})</span> : null}
      </Button>
      {open ? (
        <Button variant="outline" onClick={() => setConfirmClose(true)}>
          <Lock aria-hidden /> Close campaign
        </Button>
      ) : null}
      <ConfirmDialog
        open={confirmClose}
        onOpenChange={setConfirmClose}
        title={`Close ${campaign.campaignName}?`}
        description="Contributors can no longer start or continue their interviews, and no one new can be invited. What has been submitted stays, and you can still run the synthesis."
        confirmLabel="Close campaign"
        busy={close.isPending}
        busyLabel="Closing…"
        keepOpenWhileBusy
        onConfirm={() => close.mutate()}
      />
    </div>
  );
}
