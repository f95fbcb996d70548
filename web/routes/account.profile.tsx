import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import * as React from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Field, FieldShell } from "~/components/ui/field";
import { inputClass, Textarea } from "~/components/ui/input";
import { toast } from "~/hooks/use-toast";
import { envOf, requireUser } from "~/lib/auth.server";
import { cn } from "~/lib/utils";
import { getDb } from "../../worker/db/client";
import {
  CUSTOM_INSTRUCTION_FIELDS,
  type CustomInstructionField,
  FIELD_LABELS,
  fieldLimit,
  TYPES_OF_USE,
} from "../../worker/profile/fields";
import { SUPPORTED_LANGUAGES } from "../../worker/profile/languages";
import { customInstructionsSchema } from "../../worker/profile/model";
import { HttpError } from "../../worker/lib/errors";
import {
  canEditCustomInstructions,
  getCustomInstructions,
  getPersonalDetails,
  personalDetailsSchema,
  saveCustomInstructions,
  savePersonalDetails,
  TEAM_SETTINGS_ADMIN_ONLY,
} from "../../worker/profile/service";

export const meta: MetaFunction = () => [{ title: "Profile · Readyroom" }];

export async function loader(args: LoaderFunctionArgs) {
  const user = await requireUser(args);
  const db = getDb(envOf(args.context).DB);
  const [instructions, details, canEdit] = await Promise.all([
    getCustomInstructions(db, user.id),
    getPersonalDetails(db, user.id),
    canEditCustomInstructions(db, user.id),
  ]);
  return { instructions, details, canEdit };
}

type FieldErrors = Record<string, string>;
type ActionResult = { intent: "instructions" | "details"; ok: boolean; fieldErrors?: FieldErrors; message?: string };

function collectErrors(issues: { path: PropertyKey[]; message: string }[]): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of issues) out[String(issue.path[0] ?? "_")] ??= issue.message;
  return out;
}

/** The no-JavaScript path; with JavaScript the form saves through the same services via the API. */
export async function action(args: ActionFunctionArgs) {
  const user = await requireUser(args);
  const db = getDb(envOf(args.context).DB);
  const form = await args.request.formData();
  const values = Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  if (values.intent === "details") {
    const parsed = personalDetailsSchema.safeParse(values);
    if (!parsed.success) return data<ActionResult>({ intent: "details", ok: false, fieldErrors: collectErrors(parsed.error.issues) }, 400);
    await savePersonalDetails(db, user.id, parsed.data);
    return data<ActionResult>({ intent: "details", ok: true });
  }
  const parsed = customInstructionsSchema.safeParse(values);
  if (!parsed.success) return data<ActionResult>({ intent: "instructions", ok: false, fieldErrors: collectErrors(parsed.error.issues) }, 400);
  try {
    await saveCustomInstructions(db, user.id, parsed.data);
  } catch (err) {
    // A team member who is not its admin: the team's instructions are read-only for them.
    if (err instanceof HttpError && err.status === 403) return data<ActionResult>({ intent: "instructions", ok: false, message: err.message }, 403);
    throw err;
  }
  return data<ActionResult>({ intent: "instructions", ok: true });
}

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

type Instructions = Record<CustomInstructionField, string>;

function toFormValues(instructions: Partial<Record<CustomInstructionField, string | undefined>>): Instructions {
  return Object.fromEntries(CUSTOM_INSTRUCTION_FIELDS.map((f) => [f, instructions[f] ?? ""])) as Instructions;
}

/** "50,000": the same on the server and in every browser, whatever locale data each has. */
function groupDigits(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

function limitError(field: CustomInstructionField, value: string): string | null {
  const limit = fieldLimit(field);
  return limit && value.length > limit.max ? limit.message : null;
}

export default function ProfilePage() {
  const { instructions, details, canEdit } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto grid w-full max-w-3xl gap-6 p-4 md:p-8">
      <header>
        <h1 className="text-2xl font-semibold">Profile</h1>
        <p className="text-sm text-muted-foreground">Your details, and the custom instructions Readyroom applies to everything it drafts for your account.</p>
      </header>
      <DetailsForm details={details} />
      <InstructionsForm initial={toFormValues(instructions)} readOnly={!canEdit} />
    </main>
  );
}

async function putJson(url: string, body: unknown): Promise<{ ok: true } | { ok: false; message: string; fieldErrors: FieldErrors }> {
  try {
    const res = await fetch(url, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    if (res.ok) return { ok: true };
    const payload = (await res.json().catch(() => null)) as { message?: string; fieldErrors?: FieldErrors } | null;
    return {
      ok: false,
      message: payload?.message ?? `The server answered ${res.status}.`,
      fieldErrors: payload?.fieldErrors ?? {},
    };
  } catch {
    return { ok: false, message: "Could not reach Readyroom. Check your connection; your text is still here.", fieldErrors: {} };
  }
}

function InstructionsForm({ initial, readOnly }: { initial: Instructions; readOnly: boolean }) {
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const [values, setValues] = React.useState<Instructions>(initial);
  const [serverErrors, setServerErrors] = React.useState<FieldErrors>(
    actionData?.intent === "instructions" ? (actionData.fieldErrors ?? {}) : {},
  );
  const [formError, setFormError] = React.useState<string | null>(
    actionData?.intent === "instructions" && !actionData.ok ? (actionData.message ?? null) : null,
  );
  const [saving, setSaving] = React.useState(false);

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

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (readOnly) return;
    if (hasErrors) {
      setFormError("Fix the highlighted fields, then save again.");
      const first = CUSTOM_INSTRUCTION_FIELDS.find((f) => errors[f]);
      if (first) document.getElementById(`ci-${first}`)?.focus();
      return;
    }
    setSaving(true);
    setFormError(null);
    const result = await putJson("/api/profile/custom-instructions", values);
    setSaving(false);
    if (result.ok) {
      setServerErrors({});
      toast({ title: "Profile saved" });
    } else {
      // Keep every character the user typed; only report what went wrong.
      setServerErrors(result.fieldErrors);
      setFormError(result.message);
      toast({ title: "Profile not saved", description: result.message, variant: "destructive" });
    }
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
            <Alert data-testid="team-instructions-read-only">
              {`These are your team's custom instructions, shown read-only. ${TEAM_SETTINGS_ADMIN_ONLY}`}
            </Alert>
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

function SelectField(props: {
  id: string;
  name: string;
  label: string;
  help: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  options: { value: string; label: string }[];
  emptyLabel: string;
  disabled?: boolean;
}) {
  return (
    <FieldShell id={props.id} label={props.label} error={props.error}>
      <p id={`${props.id}-help`} className="-mt-1 text-xs text-muted-foreground">
        {props.help}
      </p>
      <select
        id={props.id}
        name={props.name}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        disabled={props.disabled}
        className={cn(inputClass, "h-9")}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={[`${props.id}-help`, props.error ? `${props.id}-error` : null].filter(Boolean).join(" ")}
      >
        <option value="">{props.emptyLabel}</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

type Details = { firstName: string; lastName: string; email: string; organization: string | null; country: string | null; preferredLanguage: string | null };

function DetailsForm({ details }: { details: Details }) {
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const [values, setValues] = React.useState({
    firstName: details.firstName,
    lastName: details.lastName,
    organization: details.organization ?? "",
    country: details.country ?? "",
    preferredLanguage: details.preferredLanguage ?? "",
  });
  const [errors, setErrors] = React.useState<FieldErrors>(actionData?.intent === "details" ? (actionData.fieldErrors ?? {}) : {});
  const [formError, setFormError] = React.useState<string | null>(null);
  const [saving, setSaving] = React.useState(false);

  React.useEffect(() => {
    if (actionData?.intent === "details" && actionData.ok) toast({ title: "Details saved" });
  }, [actionData]);

  function set(name: keyof typeof values, value: string) {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors(({ [name]: _dropped, ...rest }) => rest);
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const local: FieldErrors = {};
    if (!values.firstName.trim()) local.firstName = "First name is required";
    if (!values.lastName.trim()) local.lastName = "Last name is required";
    if (Object.keys(local).length) {
      setErrors(local);
      return;
    }
    setSaving(true);
    setFormError(null);
    const result = await putJson("/api/profile/details", values);
    setSaving(false);
    if (result.ok) {
      setErrors({});
      toast({ title: "Details saved" });
    } else {
      setErrors(result.fieldErrors);
      setFormError(result.message);
    }
  }

  return (
    <Card>
      <Form method="post" onSubmit={onSubmit} noValidate aria-labelledby="details-title">
        <CardHeader>
          <CardTitle id="details-title">Your details</CardTitle>
          <CardDescription>Signed in as {details.email}.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="details" />
          <Field id="pd-firstName" name="firstName" label="First name" autoComplete="given-name" value={values.firstName} onChange={(e) => set("firstName", e.target.value)} error={errors.firstName} />
          <Field id="pd-lastName" name="lastName" label="Last name" autoComplete="family-name" value={values.lastName} onChange={(e) => set("lastName", e.target.value)} error={errors.lastName} />
          <Field id="pd-organization" name="organization" label="Organization" autoComplete="organization" value={values.organization} onChange={(e) => set("organization", e.target.value)} error={errors.organization} />
          <Field id="pd-country" name="country" label="Country" autoComplete="country-name" value={values.country} onChange={(e) => set("country", e.target.value)} error={errors.country} />
          <FieldShell id="pd-preferredLanguage" label="Preferred language" error={errors.preferredLanguage} className="sm:col-span-2">
            <select
              id="pd-preferredLanguage"
              name="preferredLanguage"
              value={values.preferredLanguage}
              onChange={(e) => set("preferredLanguage", e.target.value)}
              className={cn(inputClass, "h-9")}
              aria-invalid={errors.preferredLanguage ? true : undefined}
            >
              <option value="">No preference</option>
              {SUPPORTED_LANGUAGES.map((l) => (
                <option key={l.code} value={l.code}>
                  {l.name}
                </option>
              ))}
            </select>
          </FieldShell>
          {formError ? (
            <Alert variant="destructive" className="sm:col-span-2">
              {formError}
            </Alert>
          ) : null}
        </CardContent>
        <CardFooter>
          <Button type="submit" variant="outline" disabled={saving}>
            {saving ? "Saving…" : "Save details"}
          </Button>
        </CardFooter>
      </Form>
    </Card>
  );
}
