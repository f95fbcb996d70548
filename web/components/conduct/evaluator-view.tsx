import { Check, CloudOff, TriangleAlert } from "~/components/ui/icons";
import * as React from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FieldError, SelectField, TextareaField } from "~/components/ui/field";
import { Label } from "~/components/ui/label";
import { RadioGroup, RadioGroupItem } from "~/components/ui/radio-group";
import { useConductOutbox } from "~/hooks/use-conduct-outbox";
import { conductApi } from "~/lib/conduct-api";
import { fieldErrors } from "~/lib/conduct-form";
import { formatScenario, mergeNotes, observationDraft, type ConnectionStatus, type OutboxEntry } from "~/lib/conduct-live";
import { observationSchema, type ObservationInput } from "../../../shared/conduct/model";
import type { EegGuide } from "../../../shared/db/conduct-shapes";
import type { EvaluatorStateView, ObservationView, Rating } from "../../../shared/conduct/views";
import { CORE_CAPABILITY_NAMES } from "../../../shared/exercises/capabilities";
import { RATING_DEFINITIONS, RATINGS } from "../../../shared/evaluation/model";
import { RatingDefinitionList } from "~/components/evaluation/rating-definitions";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { PlayStatus } from "./player-view";
import { formatWall } from "./session-clock";

/**
 * An evaluator's page (issue 15): what was released with its expected actions, the session's EEGs,
 * and a note form tied to the current inject. Notes are kept on the device until the server has
 * them (queued offline, sent on reconnect with their clientKey).
 */
export function EvaluatorView({ token, state, status }: { token: string; state: EvaluatorStateView; status: ConnectionStatus }) {
  const outbox = useConductOutbox<ObservationInput>({
    storageKey: `readyroom:conduct:${token}:observations`,
    send: (input) => conductApi.observe(token, input),
    status,
    serverKeys: state.observations.map((o) => o.clientKey),
  });
  const current = state.released.find((item) => item.key === state.currentItemKey) ?? state.released[0] ?? null;
  return (
    <div className="grid gap-4">
      <PlayStatus status={state.status} clock={state.clock} ended={hotWashNotice(state)} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="grid min-w-0 content-start gap-4">
          <Card>
            <CardHeader>
              <CardTitle>{state.status === "ended" ? "Last inject" : "Current inject"}</CardTitle>
            </CardHeader>
            <CardContent>
              {current ? (
                <div className="grid gap-1" data-testid="current-inject">
                  <h3 className="font-medium">{current.title}</h3>
                  {current.message && current.message !== current.title ? <p className="whitespace-pre-line text-sm">{current.message}</p> : null}
                  {current.expectedAction ? (
                    <p className="text-sm">
                      <span className="font-medium">Expected action: </span>
                      {current.expectedAction}
                    </p>
                  ) : null}
                </div>
              ) : (
                <p className="text-sm text-muted-foreground">Nothing released yet.</p>
              )}
            </CardContent>
          </Card>
          <ObservationForm
            guides={state.guides}
            planCapabilities={state.capabilities}
            notice={formNotice(state)}
            disabledReason={state.status === "ready" ? "Notes can be saved once the controller starts the session." : null}
            currentTitle={current?.title ?? null}
            currentItemKey={current?.key ?? null}
            onSubmit={(input) => outbox.submit(input)}
          />
          <NotesList observations={state.observations} pending={outbox.pending} guides={state.guides} />
        </div>
        <div className="grid min-w-0 content-start gap-4">
          <GuidesPanel guides={state.guides} />
          <Card>
            <CardHeader>
              <CardTitle>Released so far</CardTitle>
            </CardHeader>
            <CardContent>
              {state.released.length === 0 ? (
                <p className="text-sm text-muted-foreground">Nothing released yet.</p>
              ) : (
                <ol className="grid gap-2" aria-label="Released injects, newest first">
                  {state.released.map((item) => (
                    <li key={item.key} className="rounded-md border p-2 text-sm">
                      <div className="flex flex-wrap items-baseline justify-between gap-2">
                        <span className="font-medium">{item.title}</span>
                        <span className="text-xs text-muted-foreground">
                          {item.releasedScenarioMs !== null ? `${formatScenario(state.clock, item.releasedScenarioMs)} · ` : ""}
                          <time dateTime={item.releasedAt}>{formatWall(item.releasedAt)}</time>
                        </span>
                      </div>
                      {item.expectedAction ? <p className="text-muted-foreground">Expected: {item.expectedAction}</p> : null}
                    </li>
                  ))}
                </ol>
              )}
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}

/** The end, as the evaluator reads it at once: the hot wash is open until the link closes. */
function hotWashNotice(state: EvaluatorStateView): string {
  const closes = state.evaluationClosesAt ? `until ${formatWall(state.evaluationClosesAt)} (the hot wash)` : "for the hot wash";
  return `You can still add and finish notes ${closes}; they are marked “after play”. Then this page closes.`;
}

/** What the form says about when notes are taken: after the end, only in the hot wash, marked after play. */
function formNotice(state: EvaluatorStateView): string | null {
  if (state.status === "ended") return "Play has ended: notes saved now are marked as written after play.";
  return null;
}

function ObservationForm({
  guides,
  planCapabilities,
  notice,
  disabledReason,
  currentTitle,
  currentItemKey,
  onSubmit,
}: {
  guides: EegGuide[];
  planCapabilities: string[];
  notice: string | null;
  /** Why notes cannot be saved now (shown beside the disabled button); null when they can. */
  disabledReason: string | null;
  currentTitle: string | null;
  currentItemKey: string | null;
  onSubmit: (input: Omit<ObservationInput, "clientKey">) => Promise<boolean>;
}) {
  // The EEG's capabilities, else the ones the exercise's objectives name, else any core capability.
  const capabilities = guides.length > 0 ? guides.map((g) => g.capability) : planCapabilities.length > 0 ? planCapabilities : [...CORE_CAPABILITY_NAMES];
  const [capability, setCapability] = React.useState(capabilities.length === 1 ? (capabilities[0] ?? "") : "");
  const [targetId, setTargetId] = React.useState("");
  const [text, setText] = React.useState("");
  const [rating, setRating] = React.useState<Rating | "">("");
  const [errors, setErrors] = React.useState<Record<string, string>>({});
  const [result, setResult] = React.useState<"saved" | "queued" | null>(null);
  const targets = guides.find((g) => g.capability === capability)?.targets ?? [];

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const input = observationDraft({ capability, targetId: targetId || null, text, rating: rating || null }, currentItemKey, Date.now());
    const parsed = observationSchema.omit({ clientKey: true }).safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    // The note is on the device (queued) before this resolves: the form can be cleared either way —
    // but only of this note: the server's answer can come after the next one is being typed.
    const sent = { text, rating };
    const stored = await onSubmit(parsed.data);
    setText((current) => (current === sent.text ? "" : current));
    setRating((current) => (current === sent.rating ? "" : current));
    setResult(stored ? "saved" : "queued");
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle id="observation-heading">Record an observation</CardTitle>
        <CardDescription>{currentTitle ? `Tied to the current inject: ${currentTitle}` : "Tied to the inject released most recently."}</CardDescription>
        {notice ? (
          <p className="text-sm" data-testid="observation-window">
            {notice}
          </p>
        ) : null}
      </CardHeader>
      <CardContent>
        <form className="grid gap-3" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="observation-heading">
          <SelectField
            id="observation-capability"
            name="capability"
            label="Core capability"
            help={
              guides.length > 0
                ? "From this session's evaluation guides."
                : planCapabilities.length > 0
                  ? "From the exercise's objectives."
                  : "No evaluation guide yet: any core capability."
            }
            value={capability}
            onChange={(v) => {
              setCapability(v);
              setTargetId("");
            }}
            options={capabilities.map((c) => ({ value: c, label: c }))}
            emptyLabel="Choose a capability…"
            error={errors.capability}
          />
          {targets.length > 0 ? (
            <SelectField
              id="observation-target"
              name="targetId"
              label="Capability target (optional)"
              help="The target this observation speaks to."
              value={targetId}
              onChange={setTargetId}
              options={targets.map((t) => ({ value: t.id, label: t.text }))}
              emptyLabel="No particular target"
              error={errors.targetId}
            />
          ) : null}
          <TextareaField label="What you observed" value={text} onChange={(e) => setText(e.target.value)} error={errors.text} rows={4} maxLength={8000} />
          <fieldset className="grid gap-2">
            <legend className="text-sm font-medium">Rating (optional)</legend>
            <RadioGroup value={rating} onValueChange={(v) => setRating(v as Rating)} aria-label="Rating" className="gap-2">
              {RATINGS.map((r) => (
                <div key={r} className="flex items-center gap-2">
                  <RadioGroupItem id={`rating-${r}`} value={r} />
                  <Label htmlFor={`rating-${r}`}>
                    {r} — {RATING_DEFINITIONS[r].label}
                  </Label>
                </div>
              ))}
            </RadioGroup>
            <RatingsKeyDialog />
            {rating ? (
              <Button type="button" variant="link" size="sm" className="justify-self-start px-0" onClick={() => setRating("")}>
                Clear rating
              </Button>
            ) : null}
            <FieldError error={errors.rating} />
          </fieldset>
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={disabledReason !== null} aria-describedby={disabledReason ? "observation-disabled" : undefined}>
              Save observation
            </Button>
            {disabledReason ? (
              <span id="observation-disabled" className="text-xs text-muted-foreground" data-testid="observation-disabled">
                {disabledReason}
              </span>
            ) : null}
            <span role="status" aria-live="polite" className="text-xs text-muted-foreground">
              {result === "saved" ? "Observation saved." : result === "queued" ? "Kept on this device: it is sent when the connection is back." : ""}
            </span>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** HSEEP's P/S/M/U definitions one tap away, instead of thirty lines under every form. */
function RatingsKeyDialog() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button type="button" variant="link" size="sm" className="justify-self-start px-0">
          What P, S, M and U mean
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Ratings key</DialogTitle>
          <DialogDescription>HSEEP&apos;s definitions, as in the Exercise Evaluation Guide.</DialogDescription>
        </DialogHeader>
        <RatingDefinitionList />
      </DialogContent>
    </Dialog>
  );
}

function NotesList({ observations, pending, guides }: { observations: ObservationView[]; pending: OutboxEntry<ObservationInput>[]; guides: EegGuide[] }) {
  const notes = mergeNotes(observations, pending);
  const targetText = (id: string | null) => (id ? (guides.flatMap((g) => g.targets).find((t) => t.id === id)?.text ?? null) : null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your notes</CardTitle>
      </CardHeader>
      <CardContent>
        {notes.length === 0 ? (
          <p className="text-sm text-muted-foreground">No observations yet.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Your observations">
            {notes.map((note) => (
              <li key={note.key} className="grid gap-1 rounded-md border p-2 text-sm" data-note-state={note.state}>
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{note.capability}</span>
                  {note.rating ? (
                    <Badge variant="outline" title={RATING_DEFINITIONS[note.rating].label}>
                      {note.rating} — {RATING_DEFINITIONS[note.rating].label}
                    </Badge>
                  ) : null}
                  {note.afterPlay ? <Badge variant="secondary">After play</Badge> : null}
                  <span className="ml-auto flex items-center gap-1 text-xs text-muted-foreground">
                    {note.state === "saved" ? (
                      <Check className="size-3" aria-hidden />
                    ) : note.state === "queued" ? (
                      <CloudOff className="size-3" aria-hidden />
                    ) : (
                      <TriangleAlert className="size-3 text-destructive" aria-hidden />
                    )}
                    {note.state === "saved" ? "Saved" : note.state === "queued" ? "Queued" : "Not accepted"} · {formatWall(note.at)}
                  </span>
                </div>
                {targetText(note.targetId) ? <p className="text-xs text-muted-foreground">Target: {targetText(note.targetId)}</p> : null}
                <p className="whitespace-pre-line">{note.text}</p>
                {note.error ? <p className="text-xs text-destructive">{note.error}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function GuidesPanel({ guides }: { guides: EegGuide[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Evaluation guides</CardTitle>
        <CardDescription>Capability → targets → critical tasks, with what to watch for.</CardDescription>
      </CardHeader>
      <CardContent>
        {guides.length === 0 ? (
          <p className="text-sm text-muted-foreground">The controller has not made the evaluation guides for this session yet.</p>
        ) : (
          <div className="grid gap-2">
            {guides.map((guide) => (
              <details key={guide.id} className="rounded-md border p-2 text-sm">
                <summary className="cursor-pointer rounded-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
                  {guide.capability}
                </summary>
                <div className="mt-2 grid gap-2">
                  {guide.objectives.length > 0 ? (
                    <ul className="list-disc pl-5 text-muted-foreground" aria-label={`Objectives, ${guide.capability}`}>
                      {guide.objectives.map((o, i) => (
                        <li key={i}>{o}</li>
                      ))}
                    </ul>
                  ) : null}
                  {guide.targets.map((target) => (
                    <div key={target.id} className="grid gap-1">
                      <h4 className="font-medium">Target: {target.text}</h4>
                      {target.criticalTasks.length > 0 ? (
                        <ul className="list-disc pl-5" aria-label="Critical tasks">
                          {target.criticalTasks.map((task) => (
                            <li key={task.id}>{task.text}</li>
                          ))}
                        </ul>
                      ) : null}
                      {target.prompts.length > 0 ? (
                        <ul className="list-disc pl-5 text-muted-foreground" aria-label="Observation prompts">
                          {target.prompts.map((p, i) => (
                            <li key={i}>{p}</li>
                          ))}
                        </ul>
                      ) : null}
                    </div>
                  ))}
                </div>
              </details>
            ))}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
