import { AlertCircle, Loader2 } from "~/components/ui/icons";
import type { SynthesisStatus } from "../../../shared/collaborate/views";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Progress } from "~/components/ui/progress";
import { stageLabel } from "~/lib/synthesis-logic";

type Props = {
  campaignName: string;
  status: SynthesisStatus;
  stage: string | null;
  progress: number;
  error: string | null;
  onOpenChange: (open: boolean) => void;
  onRetry: () => void;
};

/**
 * Spec §2 "a synthesis progress modal": the stage, a bar (simulated progress, capped at 98 %
 * until the run completes), announced politely; a failure says what happened and what to do.
 * Closing it keeps the run going: the shell polls on and shows Processing Complete when done.
 */
export function SynthesisProgressDialog({ open, ...props }: Props & { open: boolean }) {
  return (
    <Dialog open={open} onOpenChange={props.onOpenChange}>
      <DialogContent className="max-w-md" data-testid="synthesis-progress">
        <SynthesisProgressBody {...props} />
      </DialogContent>
    </Dialog>
  );
}

/** The dialog's inside (rendered on its own by the node tests). */
export function SynthesisProgressBody({ campaignName, status, stage, progress, error, onOpenChange, onRetry }: Props) {
  const failed = status === "failed";
  const percent = Math.round(progress);
  return (
    <>
      <DialogHeader>
        <DialogTitle>{failed ? "Synthesis failed" : "Synthesising contributions"}</DialogTitle>
        <DialogDescription>
          {failed
            ? `The synthesis of ${campaignName} did not finish.`
            : `Readyroom is anonymising and analysing the contributions to ${campaignName}. You can close this window: the work goes on and you will be told when it is done.`}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-1.5" aria-live="polite" role="status">
        <div className="flex items-center justify-between gap-2 text-sm">
          <span className="flex items-center gap-1.5 font-medium">
            {failed ? <AlertCircle className="size-4 text-destructive" aria-hidden /> : <Loader2 className="size-4 animate-spin" aria-hidden />}
            {stageLabel(status, stage)}
          </span>
          <span className="tabular-nums text-muted-foreground">{percent}%</span>
        </div>
        <Progress value={percent} label="Synthesis progress" />
      </div>
      {error ? (
        <div role="alert" className="grid gap-1 rounded-md border border-destructive/50 bg-destructive/5 px-3 py-2 text-sm">
          <p className="font-medium text-destructive">{error}</p>
          <p className="text-muted-foreground">
            {failed
              ? "Try again. If it fails again, check that the contributors' interviews are submitted, then try later or contact support."
              : "Readyroom keeps checking every few seconds. If this message stays, check your connection or reload the page."}
          </p>
        </div>
      ) : null}
      <DialogFooter>
        <Button variant="outline" onClick={() => onOpenChange(false)}>
          {failed ? "Close" : "Continue in the background"}
        </Button>
        {failed ? <Button onClick={onRetry}>Try again</Button> : null}
      </DialogFooter>
    </>
  );
}
