import { Form, useActionData } from "@remix-run/react";
import { useMutation } from "@tanstack/react-query";
import * as React from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldShell, SelectField } from "~/components/ui/field";
import { Textarea } from "~/components/ui/input";
import { toast } from "~/hooks/use-toast";
import { cn } from "~/lib/utils";
import { groupDigits } from "../../../shared/lib/digits";
import { CUSTOM_INSTRUCTION_FIELDS, type CustomInstructionField, FIELD_LABELS, fieldLimit, TYPES_OF_USE } from "../../../shared/profile/fields";
import { SUPPORTED_LANGUAGES } from "../../../shared/profile/languages";
import { TEAM_SETTINGS_ADMIN_ONLY } from "../../../shared/profile/model";
import { profileApi } from "~/lib/profile-api";
import { saveProfile, type FieldErrors, type ProfileActionResult } from "./save";

/** What each field is for, shown under its label. */
const HELP: Record<CustomInstructionField, string> = {
  language: "Readyroom writes exercises, answers and briefs in this language.",
  focus: "Your organization, jurisdiction and region: who you plan for and where.",
  threats: "The hazards and concerns your plans and exercises should address.",
  frameworks: "Core capabilities, doctrine and frameworks you work to (for example HSEEP, NIMS, your EOP).",
  goals: "What your exercises should achieve and who takes part.",
  resources: "Staff, budget, facilities and other limits to plan around.",
  lessons: "Past incidents, exercises and lessons learned that should inform new work.",
  findings: "Extracts from plans, reports and findings Readyroom should know about.",
  typeOfUse: "How you use Readyroom.",
  intelligenceFindings: "Standing intelligence findings to take into account (optional).",
  askReadyroom: "How Ask Readyroom should answer you: tone, length, sources (optional).",
};

export type Instructions = Record<CustomInstructionField, string>;

export function toFormValues(instructions: Partial<Record<CustomInstructionField, string | undefined>>): Instructions {
  return Object.fromEntries(CUSTOM_INSTRUCTION_FIELDS.map((f) => [f, instructions[f] ?? ""])) as Instructions;
}

function limitError(field: CustomInstructionField, value: string): string | null {
  const limit = fieldLimit(field);
  return limit && value.length > limit.max ? limit.message : null;
}

export function InstructionsForm({ initial, readOnly }: { initial: Instructions; readOnly: boolean }) {
  const actionData = useActionData() as ProfileActionResult | undefined;
  const [values, setValues] = React.useState<Instructions>(initial);
  const [serverErrors, setServerErrors] = React.useState<FieldErrors>(actionData?.intent === "instructions" ? (actionData.fieldErrors ?? {}) : {});
  const [formError, setFormError] = React.useState<string | null>(
    actionData?.intent === "instructions" && !actionData.ok ? (actionData.message ?? null) : null,
  );
  const save = useMutation({
    mutationFn: (body: typeof values) => saveProfile(() => profileApi.saveInstructions(body)),
    onSuccess: (result) => {
      if (result.ok) {
        setServerErrors({});
        toast({ title: "Profile saved" });
      } else {
        // Keep every character the user typed; only report what went wrong.
        setServerErrors(result.fieldErrors);
        setFormError(result.message);
        toast({ title: "Profile not saved", description: result.message, variant: "destructive" });
      }
    },
  });
  const saving = save.isPending;

  React.useEffect(() => {
    if (actionData?.intent === "instructions" && actionData.ok) toast({ title: "Profile saved" });
  }, [actionData]);

  const errors: FieldErrors = {};
  for (const field of CUSTOM_INSTRUCTION_FIELDS) {
    const e = limitError(field, values[field]) ?? serverErrors[field];
    if (e) errors[field] = e;
  }
  const hasErrors = Object.keys(errors).length > 0;

  function update(field: CustomInstructionField, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    if (serverErrors[field]) setServerErrors(({ [field]: _dropped, ...rest }) => rest);
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (readOnly) return;
    if (hasErrors) {
      setFormError("Fix the highlighted fields, then save again.");
      const first = CUSTOM_INSTRUCTION_FIELDS.find((f) => errors[f]);
      if (first) document.getElementById(`ci-${first}`)?.focus();
      return;
    }
    setFormError(null);
    save.mutate(values);
  }

  return (
    <Card>
      <Form method="post" onSubmit={onSubmit} noValidate aria-labelledby="ci-title">
        <CardHeader>
          <CardTitle id="ci-title">Custom instructions</CardTitle>
          <CardDescription>Added to every exercise, document chat and Ask Readyroom request of your account.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-5">
          {readOnly ? (
            <Alert data-testid="team-instructions-read-only">{`These are your team's custom instructions, shown read-only. ${TEAM_SETTINGS_ADMIN_ONLY}`}</Alert>
          ) : null}
          <input type="hidden" name="intent" value="instructions" />
          <SelectField
            id="ci-language"
            name="language"
            label={FIELD_LABELS.language}
            help={HELP.language}
            value={values.language}
            onChange={(v) => update("language", v)}
            error={errors.language}
            options={SUPPORTED_LANGUAGES.map((l) => ({ value: l.code, label: l.name }))}
            emptyLabel="No preference"
            disabled={readOnly}
          />
          {(["focus", "threats", "frameworks", "goals", "resources", "lessons", "findings"] as const).map((field) => (
            <CountedTextarea key={field} field={field} value={values[field]} error={errors[field]} onChange={(v) => update(field, v)} readOnly={readOnly} />
          ))}
          <SelectField
            id="ci-typeOfUse"
            name="typeOfUse"
            label={FIELD_LABELS.typeOfUse}
            help={HELP.typeOfUse}
            value={values.typeOfUse}
            onChange={(v) => update("typeOfUse", v)}
            error={errors.typeOfUse}
            options={TYPES_OF_USE.map((t) => ({ value: t, label: t }))}
            emptyLabel="Not set"
            disabled={readOnly}
          />
          {(["intelligenceFindings", "askReadyroom"] as const).map((field) => (
            <CountedTextarea key={field} field={field} value={values[field]} error={errors[field]} onChange={(v) => update(field, v)} readOnly={readOnly} />
          ))}
          {formError ? <Alert variant="destructive">{formError}</Alert> : null}
        </CardContent>
        {readOnly ? null : (
          <CardFooter>
            <Button type="submit" disabled={saving}>
              {saving ? "Saving…" : "Save profile"}
            </Button>
          </CardFooter>
        )}
      </Form>
    </Card>
  );
}

function CountedTextarea({
  field,
  value,
  error,
  onChange,
  readOnly = false,
}: {
  field: CustomInstructionField;
  value: string;
  error?: string;
  onChange: (v: string) => void;
  readOnly?: boolean;
}) {
  const id = `ci-${field}`;
  const limit = fieldLimit(field)!;
  const over = value.length > limit.max;
  return (
    <FieldShell id={id} label={FIELD_LABELS[field]} error={error}>
      <p id={`${id}-help`} className="-mt-1 text-xs text-muted-foreground">
        {HELP[field]}
      </p>
      <Textarea
        id={id}
        name={field}
        rows={4}
        value={value}
        readOnly={readOnly}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-help`, `${id}-count`, error ? `${id}-error` : null].filter(Boolean).join(" ")}
      />
      <p id={`${id}-count`} className={cn("justify-self-end text-xs tabular-nums", over ? "font-medium text-destructive" : "text-muted-foreground")}>
        {`${groupDigits(value.length)} / ${groupDigits(limit.max)} characters`}
      </p>
    </FieldShell>
  );
}
