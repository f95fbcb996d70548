import { Link } from "@remix-run/react";
import { Lock } from "~/components/ui/icons";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import type { LockInfo } from "~/lib/exercise-api";

const timeFormat = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit" });

/** Spec §2 lock modal: someone else is editing; look read-only or go back. Not dismissable by accident. */
export function LockModal({ open, lock, onReadOnly }: { open: boolean; lock: LockInfo | null; onReadOnly: () => void }) {
  const who = lock?.lockedByName?.trim() || "Another user";
  const until = lock?.lockExpires ? new Date(lock.lockExpires) : null;
  return (
    <Dialog open={open}>
      <DialogContent
        hideClose
        onEscapeKeyDown={(e) => e.preventDefault()}
        onPointerDownOutside={(e) => e.preventDefault()}
        onInteractOutside={(e) => e.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <Lock className="size-4 text-primary" aria-hidden /> This exercise is locked
          </DialogTitle>
          <DialogDescription>
            <strong className="font-semibold text-foreground">{who}</strong> is editing this exercise
            {until && !Number.isNaN(until.getTime()) ? (
              <>
                {" "}
                (the lock expires at <time dateTime={until.toISOString()}>{timeFormat.format(until)}</time> unless they keep working)
              </>
            ) : null}
            . You can open it read-only, or come back later.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button asChild variant="outline">
            <Link to="/dashboard">Back to dashboard</Link>
          </Button>
          <Button onClick={onReadOnly} autoFocus>
            Open read-only
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
