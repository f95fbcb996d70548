import { CheckCircle2, Loader2 } from "lucide-react";
import type { CampaignPurpose } from "../../../worker/collaborate/views";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Progress } from "~/components/ui/progress";
import { primaryActionLabel } from "~/lib/synthesis-logic";

/**
 * Spec §2 "Processing Complete modal": the title, a sentence naming the campaign, a full bar
 * labelled "Completed!" and "100%", Exit and the primary button of the campaign's mode.
 */
export function ProcessingCompleteDialog({
  open,
  campaignName,
  mode,
  busy = false,
  onExit,
  onPrimary,
}: {
  open: boolean;
  campaignName: string;
  mode: CampaignPurpose;
  busy?: boolean;
  onExit: () => void;
  onPrimary: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? null : onExit())}>
      <DialogContent hideClose className="max-w-md" data-testid="processing-complete">
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
      </DialogContent>
    </Dialog>
  );
}
