import { useMutation } from "@tanstack/react-query";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { TextareaField } from "~/components/ui/field";
import type { DocumentView } from "~/lib/documents-api";
import { DESCRIPTION_MAX } from "../../../shared/documents/description";

/**
 * The planner's own words about a document (issue 11): what an image shows when no text can be
 * read from it, or context a file's text lacks. Saved, it is indexed as the document's first
 * passage, so Ask Readyroom and the design assistant can cite it. A failed save keeps the text.
 */
export function DescribeDialog({
  doc,
  open,
  onOpenChange,
  onSave,
}: {
  doc: DocumentView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Resolves true once saved; the caller reports failures itself. */
  onSave: (description: string) => Promise<boolean>;
}) {
  const [value, setValue] = React.useState(doc.description ?? "");
  const [error, setError] = React.useState<string | null>(null);
  const save = useMutation({ mutationFn: onSave, onSuccess: (ok) => (ok ? onOpenChange(false) : undefined) });
  const saving = save.isPending;
  const id = `describe-${doc.id}`;
  const length = value.trim().length;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (length > DESCRIPTION_MAX) return setError(`Description must be at most ${DESCRIPTION_MAX} characters.`);
    setError(null);
    save.mutate(value.trim());
  };

  return (
    <Dialog open={open} onOpenChange={(next) => (saving ? undefined : onOpenChange(next))}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Describe “{doc.name}”</DialogTitle>
            <DialogDescription>
              Say what the file holds in your own words. The description is searched and cited like the file’s own text — for an image with no readable text, it
              is the only text there is.
            </DialogDescription>
          </DialogHeader>
          <TextareaField
            id={id}
            label="Description"
            rows={6}
            autoFocus
            value={value}
            onChange={(e) => setValue(e.target.value)}
            error={error}
            description={`${length} of ${DESCRIPTION_MAX} characters. Leave empty to remove the description.`}
          />
          <DialogFooter>
            <Button type="button" variant="outline" disabled={saving} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {saving ? "Saving…" : "Save description"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
