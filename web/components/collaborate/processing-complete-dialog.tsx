import { CheckCircle2, Loader2 } from "~/components/ui/icons";
import type { CampaignPurpose } from "../../../shared/collaborate/views";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Progress } from "~/components/ui/progress";
import { primaryActionLabel } from "~/lib/synthesis-logic";

type Props = {
  campaignName: string;
  mode: CampaignPurpose;
  busy?: boolean;
  onExit: () => void;
  onPrimary: () => void;
};

/**
 * Spec §2 "Processing Complete modal": the title, a sentence naming the campaign, a full bar
 * labelled "Completed!" and "100%", Exit and the primary button of the campaign's mode.
 */
export function ProcessingCompleteDialog({ open, ...props }: Props & { open: boolean }) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? null : props.onExit())}>
      <DialogContent hideClose className="max-w-md" data-testid="processing-complete">
        <ProcessingCompleteBody {...props} />
      </DialogContent>
    </Dialog>
  );
}

/** The dialog's inside (rendered on its own by the node tests: the portal renders nothing on a server). */
export function ProcessingCompleteBody({ campaignName, mode, busy = false, onExit, onPrimary }: Props) {
  return (
    <>
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          <CheckCircle2 className="size-5 text-success" aria-hidden /> Processing Complete
        </DialogTitle>
        <DialogDescription>
          Processing and analysis have finished for <span className="font-medium text-foreground">{campaignName}</span>.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-1.5">
        <div className="flex items-center justify-between text-sm">
          <span className="font-medium">Completed!</span>
          <span className="tabular-nums text-muted-foreground">100%</span>
        </div>
        <Progress value={100} label="Completed!" indicatorClassName="bg-success" />
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onExit} disabled={busy}>
          Exit
        </Button>
        <Button onClick={onPrimary} disabled={busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden /> : null}
          {primaryActionLabel(mode)}
        </Button>
      </DialogFooter>
    </>
  );
}
