import { useMutation } from "@tanstack/react-query";
import { Plus } from "~/components/ui/icons";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { Field, TextareaField } from "~/components/ui/field";
import { Label } from "~/components/ui/label";
import { fieldErrors } from "~/lib/conduct-form";
import { controllerCommandSchema, type ControllerCommand } from "../../../shared/conduct/model";

const EMPTY = { title: "", message: "", to: "", expectedAction: "", release: true };

/** An inject the MSEL did not plan, written during play (checked with the API's own schema first). */
export function UnplannedInjectDialog({ disabled, onCommand }: { disabled: boolean; onCommand: (command: ControllerCommand) => Promise<unknown> }) {
  const [open, setOpen] = React.useState(false);
  const [form, setForm] = React.useState(EMPTY);
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  // A refusal is shown by onCommand (the console's toast); the form keeps what was written.
  const add = useMutation({
    mutationFn: onCommand,
    onSuccess: () => {
      setForm(EMPTY);
      setOpen(false);
    },
  });
  const busy = add.isPending;
  const set = (key: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = controllerCommandSchema.safeParse({
      type: "unplanned",
      title: form.title,
      message: form.message,
      to: form.to.trim() || undefined,
      expectedAction: form.expectedAction.trim() || undefined,
      release: form.release,
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    add.mutate(parsed.data);
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" disabled={disabled}>
          <Plus aria-hidden /> Add unplanned inject
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add unplanned inject</DialogTitle>
          <DialogDescription>Players see the title and message; the expected action is for controllers and evaluators only.</DialogDescription>
        </DialogHeader>
        <form className="grid gap-3" onSubmit={submit} noValidate aria-label="Unplanned inject">
          <Field label="Title" value={form.title} onChange={set("title")} error={errors.title} maxLength={300} required />
          <TextareaField label="Message to players" value={form.message} onChange={set("message")} error={errors.message} rows={4} maxLength={8000} required />
          <Field label="To (optional)" value={form.to} onChange={set("to")} error={errors.to} maxLength={300} />
          <TextareaField
            label="Expected action (optional)"
            value={form.expectedAction}
            onChange={set("expectedAction")}
            error={errors.expectedAction}
            rows={2}
            maxLength={4000}
          />
          <div className="flex items-center gap-2">
            <Checkbox id="unplanned-release" checked={form.release} onCheckedChange={(v) => setForm((f) => ({ ...f, release: v === true }))} />
            <Label htmlFor="unplanned-release">Release it now</Label>
          </div>
          <DialogFooter>
            <Button type="submit" disabled={busy}>
              {busy ? "Adding…" : form.release ? "Add and release" : "Add to timeline"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
