import { useMutation } from "@tanstack/react-query";
import * as React from "react";
import { briefTitleError, BRIEF_TITLE_MAX } from "../../../shared/briefs/limits";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Field } from "~/components/ui/field";

/** What "Save as brief" needs of an answer: a title to suggest, the planner's documents it quotes, and the save. */
export type SaveBriefOffer = {
  suggestedTitle: string;
  internalSources: string[];
  /** Resolves once saved; a rejection keeps the dialog open with its message. */
  save: (title: string) => Promise<unknown>;
};

/**
 * "Save as brief": a title (the question's, editable, checked with the API's limits), and what the
 * brief will hold — the answer and its sources, without notes about feeds that did not answer, and
 * any passage from the planner's own documents marked internal (sharing it later asks first).
 */
export function SaveBriefDialog({
  open,
  onOpenChange,
  offer,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  offer: SaveBriefOffer;
  onSaved: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Save as brief</DialogTitle>
          <DialogDescription>
            The brief keeps the answer and its numbered sources. Notes about sources that could not be reached are left out.
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <SaveBriefForm
            offer={offer}
            onDone={(saved) => {
              onOpenChange(false);
              if (saved) onSaved();
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function SaveBriefForm({ offer, onDone }: { offer: SaveBriefOffer; onDone: (saved: boolean) => void }) {
  const [title, setTitle] = React.useState(offer.suggestedTitle);
  const [error, setError] = React.useState<string | null>(null);
  const titleId = React.useId();
  const save = useMutation({ mutationFn: offer.save, onSuccess: () => onDone(true) });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const problem = briefTitleError(title);
    setError(problem);
    if (problem) {
      document.getElementById(titleId)?.focus();
      return;
    }
    save.mutate(title.trim());
  };

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <Field
        id={titleId}
        label="Title"
        value={title}
        onChange={(e) => {
          setTitle(e.target.value);
          setError(null);
        }}
        error={error}
        description="Suggested from your question; change it to what a reader should see."
        maxLength={BRIEF_TITLE_MAX + 50}
        autoFocus
        required
      />
      {offer.internalSources.length ? (
        <Alert variant="info" data-testid="save-brief-internal">
          This answer quotes your own documents ({offer.internalSources.join(", ")}). The brief marks those passages as internal, and sharing it publicly will
          ask you first.
        </Alert>
      ) : null}
      {save.isError ? (
        <Alert variant="destructive">{save.error instanceof Error ? save.error.message : "Could not save the brief. Try again in a moment."}</Alert>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={() => onDone(false)} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : "Save brief"}
        </Button>
      </DialogFooter>
    </form>
  );
}
