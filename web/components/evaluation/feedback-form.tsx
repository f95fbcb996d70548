import { CheckCircle2, Loader2, Lock } from "~/components/ui/icons";
import * as React from "react";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/components/ui/card";
import { Field, TextareaField } from "~/components/ui/field";
import { Label } from "~/components/ui/label";
import { RadioGroup, RadioGroupItem } from "~/components/ui/radio-group";
import { errorMessage, evaluationApi } from "~/lib/evaluation-api";
import { ApiError } from "~/lib/query";
import type { FeedbackContent } from "../../../shared/db/conduct-shapes";
import { FEEDBACK_TITLES } from "../../../shared/evaluation/model";
import type { FeedbackFormView } from "../../../shared/evaluation/views";

const SCALE = [
  { value: 1, label: "Strongly disagree" },
  { value: 2, label: "Disagree" },
  { value: 3, label: "Neutral" },
  { value: 4, label: "Agree" },
  { value: 5, label: "Strongly agree" },
] as const;

type Ratings = FeedbackContent["ratings"];
const submittedKey = (token: string) => `readyroom:feedback-submitted:${token}`;

function Statement({ id, text, value, onChange }: { id: string; text: string; value: number | undefined; onChange: (v: number) => void }) {
  const labelId = `statement-${id}`;
  return (
    <div className="grid gap-2 border-b pb-4 last:border-0">
      <p id={labelId} className="text-sm font-medium">
        {text}
      </p>
      <RadioGroup aria-labelledby={labelId} value={value ? String(value) : ""} onValueChange={(v) => onChange(Number(v))} className="grid grid-cols-5 gap-1">
        {SCALE.map((option) => {
          const itemId = `${labelId}-${option.value}`;
          return (
            <Label
              key={option.value}
              htmlFor={itemId}
              className="flex min-h-11 cursor-pointer flex-col items-center gap-1 rounded-md border p-2 text-center text-xs font-normal has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
            >
              <RadioGroupItem id={itemId} value={String(option.value)} aria-label={`${option.value}, ${option.label}`} />
              <span aria-hidden>{option.value}</span>
              <span className="hidden sm:block" aria-hidden>
                {option.label}
              </span>
            </Label>
          );
        })}
      </RadioGroup>
      <p className="flex justify-between text-xs text-muted-foreground sm:hidden" aria-hidden>
        <span>1 Strongly disagree</span>
        <span>5 Strongly agree</span>
      </p>
    </div>
  );
}

/**
 * The form's place once it is sent. Just sent: the submit button it replaces had focus, so the
 * heading takes it (and a screen reader reads the thanks); shown again on a later visit, it leaves
 * focus alone.
 */
export function FeedbackThanks({ exerciseName, focus }: { exerciseName: string; focus: boolean }) {
  const heading = React.useRef<HTMLHeadingElement>(null);
  React.useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);
  return (
    <Card data-testid="feedback-thanks">
      <CardHeader>
        <h1 ref={heading} tabIndex={-1} className="flex items-center gap-2 text-xl font-semibold outline-none">
          <CheckCircle2 className="size-6 text-primary" aria-hidden />
          Thank you
        </h1>
        <CardDescription>
          Your feedback on {exerciseName} was received. The exercise planners read every response when they write the after-action report.
        </CardDescription>
      </CardHeader>
    </Card>
  );
}

/**
 * The form's place once it takes no more responses: closed some days after the exercise ended, or
 * full. Shown by the page, or in place of the form when a submit is refused for either reason.
 */
export function FeedbackUnavailable({ status, message, exerciseName }: { status: keyof typeof FEEDBACK_TITLES; message: string; exerciseName: string }) {
  return (
    <Card data-testid="feedback-unavailable" data-status={status}>
      <CardHeader>
        <h1 className="flex items-center gap-2 text-xl font-semibold">
          <Lock className="size-6 text-muted-foreground" aria-hidden />
          {FEEDBACK_TITLES[status]}
        </h1>
        <CardDescription>
          Participant feedback on {exerciseName}. {message}
        </CardDescription>
      </CardHeader>
    </Card>
  );
}

/** A refusal that means the form takes nothing more (the API's 410 closed, 409 full), else null. */
function unavailableOf(error: unknown): { status: keyof typeof FEEDBACK_TITLES; message: string } | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === "feedback_closed") return { status: "closed", message: error.message };
  if (error.code === "feedback_full") return { status: "full", message: error.message };
  return null;
}

/**
 * HSEEP's participant feedback form (public, by link, phone first): Part I strengths, areas for
 * improvement and suggested corrective actions; Part II statements rated 1–5; comments. Submitted
 * once: the idempotency key is kept across retries, and the thank-you stays on this device.
 */
export function FeedbackForm({ token, form }: { token: string; form: FeedbackFormView }) {
  const [role, setRole] = React.useState("");
  const [organization, setOrganization] = React.useState("");
  const [strengths, setStrengths] = React.useState(["", "", ""]);
  const [improvements, setImprovements] = React.useState(["", "", ""]);
  const [correctiveActions, setCorrectiveActions] = React.useState("");
  const [ratings, setRatings] = React.useState<Ratings>({});
  const [comments, setComments] = React.useState("");
  const [state, setState] = React.useState<"editing" | "sending" | "sent">("editing");
  const [error, setError] = React.useState<string | null>(null);
  const [unavailable, setUnavailable] = React.useState<ReturnType<typeof unavailableOf>>(null);
  const clientKey = React.useRef<string | null>(null);
  const justSent = React.useRef(false);

  React.useEffect(() => {
    try {
      if (window.localStorage.getItem(submittedKey(token))) setState("sent");
    } catch {
      // Storage may be blocked; the form then just shows again.
    }
  }, [token]);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setError(null);
    setState("sending");
    clientKey.current ??= crypto.randomUUID().replace(/-/g, "");
    try {
      await evaluationApi.submitFeedback(token, {
        clientKey: clientKey.current,
        content: { role, organization, strengths, improvements, correctiveActions, ratings, comments },
      });
      justSent.current = true;
      setState("sent");
      try {
        window.localStorage.setItem(submittedKey(token), "1");
      } catch {
        // Not remembered on this device; the server still stores one response per key.
      }
    } catch (e) {
      setState("editing");
      setUnavailable(unavailableOf(e));
      setError(errorMessage(e));
    }
  };

  if (unavailable) return <FeedbackUnavailable {...unavailable} exerciseName={form.exerciseName} />;
  if (state === "sent") return <FeedbackThanks exerciseName={form.exerciseName} focus={justSent.current} />;

  const listFields = (title: string, values: string[], set: (v: string[]) => void, noun: string) => (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-base font-semibold">{title}</legend>
      {values.map((v, i) => (
        <TextareaField
          key={i}
          label={`${noun} ${i + 1}`}
          rows={2}
          maxLength={2000}
          value={v}
          onChange={(e) => set(values.map((x, j) => (j === i ? e.target.value : x)))}
        />
      ))}
    </fieldset>
  );

  return (
    <Card>
      <CardHeader>
        <h1 className="text-xl font-semibold leading-tight">Participant feedback</h1>
        <CardDescription>
          {form.exerciseName} — {form.sessionName}. It takes about five minutes; every field is optional.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="grid gap-6" noValidate>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label="Your role in the exercise" maxLength={200} value={role} onChange={(e) => setRole(e.target.value)} autoComplete="organization-title" />
            <Field label="Organisation" maxLength={300} value={organization} onChange={(e) => setOrganization(e.target.value)} autoComplete="organization" />
          </div>
          {listFields("Top 3 strengths", strengths, setStrengths, "Strength")}
          {listFields("Top 3 areas for improvement", improvements, setImprovements, "Area for improvement")}
          <TextareaField
            label="Corrective actions you suggest"
            description="What should change — plans, training, equipment, organisation — and who could own it."
            rows={3}
            maxLength={4000}
            value={correctiveActions}
            onChange={(e) => setCorrectiveActions(e.target.value)}
          />
          <fieldset className="grid gap-4">
            <legend className="mb-1 text-base font-semibold">Rate each statement (1 strongly disagree – 5 strongly agree)</legend>
            {form.statements.map((s) => (
              <Statement key={s.id} id={s.id} text={s.text} value={ratings[s.id as keyof Ratings]} onChange={(v) => setRatings((r) => ({ ...r, [s.id]: v }))} />
            ))}
          </fieldset>
          <TextareaField label="Other comments" rows={3} maxLength={4000} value={comments} onChange={(e) => setComments(e.target.value)} />
          {error ? (
            <Alert variant="destructive" role="alert">
              {error}
            </Alert>
          ) : null}
          <Button type="submit" size="lg" className="w-full" disabled={state === "sending"}>
            {state === "sending" ? <Loader2 className="mr-2 size-4 animate-spin" aria-hidden /> : null}
            {state === "sending" ? "Sending…" : "Submit feedback"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
