import { useMutation } from "@tanstack/react-query";
import * as React from "react";
import { briefContentError, briefTitleError, BRIEF_CONTENT_MAX, BRIEF_TITLE_MAX } from "../../../shared/briefs/limits";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { Field, TextareaField } from "~/components/ui/field";
import type { BriefDraft } from "~/lib/briefs-api";

/**
 * Writing or editing a brief: a title and Markdown content, checked here with the API's own limits
 * and messages (shared/briefs/limits.ts) before anything is sent. `onSave` resolves
 * true when saved; the caller reports failures (the dialog stays open with the draft).
 */
export function BriefEditor({
  open,
  onOpenChange,
  heading,
  initial,
  onSave,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  heading: string;
  initial: BriefDraft;
  onSave: (draft: BriefDraft) => Promise<boolean>;
  /** The button that opened the dialog: opened without a Radix trigger, it gets the focus back from here. */
  returnFocusTo: React.RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-2xl"
        onCloseAutoFocus={(e) => {
          if (!returnFocusTo.current) return;
          e.preventDefault();
          returnFocusTo.current.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{heading}</DialogTitle>
          <DialogDescription>Markdown works in the content: headings, lists, tables, **bold** and links.</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so each opening starts from the brief as it is now. */}
        {open ? <BriefForm initial={initial} onSave={onSave} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function BriefForm({ initial, onSave, onDone }: { initial: BriefDraft; onSave: (draft: BriefDraft) => Promise<boolean>; onDone: () => void }) {
  const [draft, setDraft] = React.useState(initial);
  const [errors, setErrors] = React.useState<{ title?: string | null; content?: string | null }>({});
  const save = useMutation({ mutationFn: onSave, onSuccess: (ok) => (ok ? onDone() : undefined) });
  const saving = save.isPending;
  const titleId = React.useId();
  const contentId = React.useId();

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const problems = { title: briefTitleError(draft.title), content: briefContentError(draft.content) };
    setErrors(problems);
    if (problems.title || problems.content) {
      // Straight to the first field to fix, where its message is read out.
      document.getElementById(problems.title ? titleId : contentId)?.focus();
      return;
    }
    save.mutate({ title: draft.title.trim(), content: draft.content.trim() });
  };

  const set = (key: keyof BriefDraft) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setDraft((d) => ({ ...d, [key]: e.target.value }));
    setErrors((x) => ({ ...x, [key]: null }));
  };

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      <Field id={titleId} label="Title" value={draft.title} onChange={set("title")} error={errors.title} maxLength={BRIEF_TITLE_MAX + 50} autoFocus required />
      <TextareaField
        id={contentId}
        label="Content"
        value={draft.content}
        onChange={set("content")}
        error={errors.content}
        description={`${draft.content.length.toLocaleString("en-US")} of ${BRIEF_CONTENT_MAX.toLocaleString("en-US")} characters`}
        rows={14}
        required
      />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? "Saving…" : "Save brief"}
        </Button>
      </DialogFooter>
    </form>
  );
}
