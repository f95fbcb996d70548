import { Loader2 } from "~/components/ui/icons";
import * as React from "react";
import { IMPROVEMENT_MESSAGES } from "../../../shared/improvement/model";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { FieldError, SelectField, TextareaField } from "~/components/ui/field";
import { improvementApi, type CorrectiveActionView, type VerifyingSessionView } from "~/lib/improvement-api";
import { useActionChange } from "./use-action-change";
import { useDates } from "~/lib/dates-context";

/**
 * Closes a corrective action as verified: the planner picks the LATER conduct session that showed
 * the fix works (the API refuses one that ended before the action was tracked) and adds a note.
 * The sessions are loaded when the dialog opens.
 */
export function VerifyDialog({ action, onOpenChange }: { action: CorrectiveActionView | null; onOpenChange: (open: boolean) => void }) {
  const { day: formatDay } = useDates();
  const { busy, save } = useActionChange();
  const [sessions, setSessions] = React.useState<VerifyingSessionView[] | null>(null);
  const [loadError, setLoadError] = React.useState<string | null>(null);
  const [sessionId, setSessionId] = React.useState("");
  const [note, setNote] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);

  React.useEffect(() => {
    if (!action) return;
    setSessionId("");
    setNote(action.verificationNote);
    setError(null);
    setLoadError(null);
    setSessions(null);
    let live = true;
    improvementApi
      .sessions()
      .then((r) => live && setSessions(r.sessions))
      .catch((err: unknown) => live && setLoadError(err instanceof Error ? err.message : "Could not load your sessions."));
    return () => {
      live = false;
    };
  }, [action]);

  if (!action) return null;
  // Only sessions that ended after the action was tracked can verify it.
  const later = (sessions ?? []).filter((s) => Date.parse(s.endedAt) > Date.parse(action.createdAt));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!sessionId) {
      setError(IMPROVEMENT_MESSAGES.verifyNeedsSession);
      return;
    }
    const result = await save(action, { status: "verified", verifiedBySessionId: sessionId, verificationNote: note }, { done: "Corrective action verified" });
    if (result.ok) onOpenChange(false);
    else setError(result.fieldErrors.verifiedBySessionId ?? result.message);
  };

  return (
    <Dialog open onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Verify corrective action</DialogTitle>
          <DialogDescription>
            {action.capability}: {action.action}
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          {sessions === null && !loadError ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
              <Loader2 className="size-4 animate-spin" aria-hidden /> Loading your conducted exercises…
            </p>
          ) : loadError ? (
            <FieldError error={loadError} />
          ) : later.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No later exercise yet. Verify this fix once a conducted exercise that ended after the action was tracked has tested it.
            </p>
          ) : (
            <SelectField
              id="verify-session"
              name="verifiedBySessionId"
              label="Verified in"
              help="The later conducted exercise that showed the fix works."
              value={sessionId}
              onChange={setSessionId}
              options={later.map((s) => ({ value: s.id, label: `${s.exerciseName || s.name} — ${s.name} (ended ${formatDay(s.endedAt)})` }))}
              emptyLabel="Choose a session"
              error={error ?? undefined}
            />
          )}
          <TextareaField
            id="verify-note"
            label="Verification note"
            value={note}
            onChange={(e) => setNote(e.target.value)}
            maxLength={2000}
            description="What the exercise showed (optional)."
          />
          {error && later.length === 0 ? <FieldError error={error} /> : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy === action.id || later.length === 0}>
              {busy === action.id ? <Loader2 className="animate-spin" aria-hidden /> : null} Mark verified
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
