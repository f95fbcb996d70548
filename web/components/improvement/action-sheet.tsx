import { Loader2 } from "~/components/ui/icons";
import * as React from "react";
import { CAPABILITY_ELEMENTS, type CapabilityElement } from "../../../shared/db/hseep-terms";
import { Button } from "~/components/ui/button";
import { Field, FieldError, SelectField, TextareaField } from "~/components/ui/field";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "~/components/ui/sheet";
import type { CorrectiveActionStatus, CorrectiveActionView } from "~/lib/improvement-api";
import { STATUS_OPTIONS } from "./labels";
import { useActionChange } from "./use-action-change";

type Draft = {
  status: CorrectiveActionStatus;
  action: string;
  element: CapabilityElement;
  organization: string;
  pointOfContact: string;
  startDate: string;
  dueDate: string;
};

const draftOf = (a: CorrectiveActionView): Draft => ({
  status: a.status,
  action: a.action,
  element: a.element,
  organization: a.organization,
  pointOfContact: a.pointOfContact,
  startDate: a.startDate ?? "",
  dueDate: a.dueDate ?? "",
});

/**
 * Edits one corrective action: status (verifying has its own dialog, since it cites a session), the
 * corrective action text, capability element, owner fields and dates. The server decides; its field
 * messages show beside the fields.
 */
export function ActionSheet({
  action,
  onOpenChange,
  onVerify,
}: {
  action: CorrectiveActionView | null;
  onOpenChange: (open: boolean) => void;
  onVerify: (action: CorrectiveActionView) => void;
}) {
  const { busy, save } = useActionChange();
  const [draft, setDraft] = React.useState<Draft | null>(action ? draftOf(action) : null);
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [formError, setFormError] = React.useState<string | null>(null);

  React.useEffect(() => {
    setDraft(action ? draftOf(action) : null);
    setErrors({});
    setFormError(null);
  }, [action]);

  if (!action || !draft) return null;
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft({ ...draft, [key]: value });
  // "Verified" is reached through the Verify dialog; here it is only kept if it already is.
  const statusOptions = STATUS_OPTIONS.filter((o) => o.value !== "verified" || action.status === "verified");

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const result = await save(
      action,
      {
        ...(draft.status !== action.status ? { status: draft.status } : {}),
        action: draft.action,
        element: draft.element,
        organization: draft.organization,
        pointOfContact: draft.pointOfContact,
        startDate: draft.startDate || null,
        dueDate: draft.dueDate || null,
      },
      { done: "Corrective action saved" },
    );
    if (result.ok) onOpenChange(false);
    else {
      setErrors(result.fieldErrors);
      setFormError(result.message);
    }
  };

  return (
    <Sheet open onOpenChange={onOpenChange}>
      <SheetContent side="right" className="w-[28rem]">
        <div className="grid gap-1 pr-6">
          <SheetTitle className="text-lg font-semibold">Edit corrective action</SheetTitle>
          <SheetDescription className="text-sm text-muted-foreground">
            {action.capability} · {action.exerciseName}
          </SheetDescription>
        </div>
        <p className="rounded-md bg-muted p-3 text-sm">
          <span className="font-medium">Issue: </span>
          {action.issue}
        </p>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <SelectField
            id="action-status"
            name="status"
            label="Status"
            help="Completed when the fix is in place; verified once a later exercise showed it works (use Verify…)."
            value={draft.status}
            onChange={(v) => set("status", v as CorrectiveActionStatus)}
            options={statusOptions}
            emptyLabel="Choose a status"
            error={errors.status}
          />
          <TextareaField
            id="action-text"
            label="Corrective action"
            value={draft.action}
            onChange={(e) => set("action", e.target.value)}
            error={errors.action}
            maxLength={4000}
            required
          />
          <SelectField
            id="action-element"
            name="element"
            label="Capability element"
            help="POETE: Planning, Organization, Equipment, Training or Exercises."
            value={draft.element}
            onChange={(v) => set("element", v as CapabilityElement)}
            options={CAPABILITY_ELEMENTS.map((e) => ({ value: e, label: e }))}
            emptyLabel="Choose an element"
            error={errors.element}
          />
          <Field
            id="action-organization"
            label="Primary responsible organisation"
            value={draft.organization}
            onChange={(e) => set("organization", e.target.value)}
            error={errors.organization}
            maxLength={300}
          />
          <Field
            id="action-poc"
            label="Point of contact"
            value={draft.pointOfContact}
            onChange={(e) => set("pointOfContact", e.target.value)}
            error={errors.pointOfContact}
            maxLength={300}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="action-start"
              type="date"
              label="Start date"
              value={draft.startDate}
              onChange={(e) => set("startDate", e.target.value)}
              error={errors.startDate}
            />
            <Field
              id="action-due"
              type="date"
              label="Completion date (due)"
              value={draft.dueDate}
              onChange={(e) => set("dueDate", e.target.value)}
              error={errors.dueDate}
            />
          </div>
          <FieldError error={formError && Object.keys(errors).length === 0 ? formError : null} />
          <div className="flex flex-wrap justify-end gap-2">
            {action.status !== "verified" ? (
              <Button type="button" variant="outline" onClick={() => onVerify(action)}>
                Verify…
              </Button>
            ) : null}
            <Button type="submit" disabled={busy === action.id}>
              {busy === action.id ? <Loader2 className="animate-spin" aria-hidden /> : null} Save
            </Button>
          </div>
        </form>
      </SheetContent>
    </Sheet>
  );
}
