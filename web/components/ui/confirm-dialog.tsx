import * as React from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "./alert-dialog";

/**
 * "Delete this …?" with Cancel and a destructive confirm: one dialog for every irreversible action (and, with
 * `destructive={false}`, for a decision that is recorded under the user's name).
 * `onConfirm` may be async; pass `busy` (and a `busyLabel`) to keep the dialog open while it runs.
 * Closing returns focus to the button that opened it; when the confirmed action removes that button
 * (a deleted row), `focusAfterConfirm` names where focus goes instead, so it is not lost to the page.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  busy = false,
  busyLabel,
  keepOpenWhileBusy = false,
  onConfirm,
  focusAfterConfirm,
  destructive = true,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: React.ReactNode;
  description: React.ReactNode;
  confirmLabel: string;
  busy?: boolean;
  busyLabel?: string;
  /** The caller closes the dialog itself when its async work is done (the confirm click does not). */
  keepOpenWhileBusy?: boolean;
  onConfirm: () => void;
  focusAfterConfirm?: () => HTMLElement | null;
  /** False for a confirmation that removes nothing (recording a decision): the primary button style. */
  destructive?: boolean;
}) {
  const confirmed = React.useRef(false);
  React.useEffect(() => {
    if (open) confirmed.current = false;
  }, [open]);
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent
        onCloseAutoFocus={(e) => {
          const target = confirmed.current ? focusAfterConfirm?.() : null;
          if (!target) return;
          e.preventDefault();
          target.focus();
        }}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel onClick={() => (confirmed.current = false)}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            destructive={destructive}
            disabled={busy}
            onClick={(e) => {
              if (keepOpenWhileBusy) e.preventDefault();
              confirmed.current = true;
              onConfirm();
            }}
          >
            {busy && busyLabel ? busyLabel : confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
