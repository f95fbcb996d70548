import { BookOpenText, Check, CloudOff, Loader2 } from "~/components/ui/icons";
import * as React from "react";
import { Alert, AlertTitle } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Dialog, DialogContent, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { TextareaField } from "~/components/ui/field";
import { useConductOutbox } from "~/hooks/use-conduct-outbox";
import { useIsMobile } from "~/hooks/use-mobile";
import { conductApi } from "~/lib/conduct-api";
import { formatScenario } from "~/lib/conduct-live";
import type { AnswerInput } from "../../../shared/conduct/model";
import { answerSchema } from "../../../shared/conduct/model";
import type { ClockView, ConductStatus, PlayerAnswerView, PlayerInjectView, PlayerStateView } from "../../../shared/conduct/views";
import { formatWall, ScenarioTime, SessionStatusBadge } from "./session-clock";
import type { ConnectionStatus } from "~/lib/conduct-live";
import { moduleLabel } from "../../../shared/exercises/module-label";

/**
 * A player group's page (issue 15): the modules opened so far with their questions and the group's
 * answers, the injects released so far and the situation — never the MSEL or expected actions. On a
 * phone the questions come first (issue 30); the situation and the injects are one tap away.
 */
export function PlayerView({ token, state, status }: { token: string; state: PlayerStateView; status: ConnectionStatus }) {
  const outbox = useConductOutbox<AnswerInput>({
    storageKey: `readyroom:conduct:${token}:answers`,
    send: (input) => conductApi.answer(token, input),
    status,
  });
  const isMobile = useIsMobile();
  // The module opened last first: it is the one being discussed.
  const modules = [...state.modules].sort((a, b) => b.index - a.index);
  return (
    <div className="grid gap-4">
      <PlayStatus status={state.status} clock={state.clock} />
      <nav aria-label="On this page" className="flex flex-wrap gap-2 lg:hidden">
        {state.scenario ? <ScenarioDialog scenario={state.scenario} /> : null}
        <Button asChild size="sm" variant="outline">
          <a href="#injects">Injects ({state.injects.length})</a>
        </Button>
      </nav>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="grid min-w-0 content-start gap-4">
          {modules.length === 0 ? (
            <p className="text-sm text-muted-foreground">The facilitator has not opened a module yet. Its questions appear here.</p>
          ) : (
            modules.map((module) => (
              <Card key={module.index} aria-labelledby={`module-${module.index}-title`}>
                <CardHeader>
                  <CardTitle id={`module-${module.index}-title`}>
                    {moduleLabel(module.index, module.title)}
                    {module.index === state.currentModule ? (
                      <Badge className="ml-2 align-middle" variant="default">
                        Now
                      </Badge>
                    ) : null}
                  </CardTitle>
                </CardHeader>
                <CardContent className="grid gap-4">
                  {module.description ? (
                    // On a phone the update folds away so the questions are on the first screen.
                    <details open={!isMobile} className="text-sm" key={isMobile ? "phone" : "wide"}>
                      <summary className="cursor-pointer rounded-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
                        Scenario update
                      </summary>
                      <p className="mt-2 whitespace-pre-line">{module.description}</p>
                    </details>
                  ) : null}
                  {module.questions.length > 0 ? (
                    <ol className="grid gap-4" aria-label={`Discussion questions, module ${module.index + 1}`}>
                      {module.questions.map((question, questionIndex) => (
                        <li key={questionIndex}>
                          <AnswerBox
                            moduleIndex={module.index}
                            questionIndex={questionIndex}
                            question={question}
                            saved={state.answers.find((a) => a.moduleIndex === module.index && a.questionIndex === questionIndex) ?? null}
                            pending={outbox.pending.find((e) => e.input.moduleIndex === module.index && e.input.questionIndex === questionIndex) ?? null}
                            sessionStatus={state.status}
                            onSubmit={(input) =>
                              outbox.submit(
                                input,
                                (other) => other.input.moduleIndex === input.moduleIndex && other.input.questionIndex === input.questionIndex,
                              )
                            }
                          />
                        </li>
                      ))}
                    </ol>
                  ) : null}
                </CardContent>
              </Card>
            ))
          )}
        </div>
        <div className="grid min-w-0 content-start gap-4">
          <InjectFeed injects={state.injects} clock={state.clock} />
          {state.scenario ? (
            <Card className="hidden lg:block">
              <CardHeader>
                <CardTitle>The situation</CardTitle>
              </CardHeader>
              <CardContent>
                <p className="whitespace-pre-line text-sm">{state.scenario}</p>
              </CardContent>
            </Card>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** The session's state and scenario time, at the top of a player's or evaluator's page: when play ends, it says so at once. */
export function PlayStatus({ status, clock, ended }: { status: ConductStatus; clock: ClockView; ended?: React.ReactNode }) {
  return (
    <div className="grid gap-2" data-testid="play-status" data-status={status}>
      <div className="flex flex-wrap items-center gap-2">
        <SessionStatusBadge status={status} />
        <ScenarioTime clock={clock} className="font-mono text-lg tabular-nums" />
      </div>
      {status === "ready" ? <p className="text-sm text-muted-foreground">The exercise has not started yet. This page updates by itself.</p> : null}
      {status === "paused" ? <p className="text-sm text-muted-foreground">The facilitator has paused the exercise.</p> : null}
      {status === "ended" ? (
        <Alert>
          <AlertTitle>The exercise has ended</AlertTitle>
          {ended ?? "Thank you for playing. Answers are no longer taken."}
        </Alert>
      ) : null}
    </div>
  );
}

function ScenarioDialog({ scenario }: { scenario: string }) {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline">
          <BookOpenText aria-hidden /> The situation
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>The situation</DialogTitle>
        </DialogHeader>
        <p className="whitespace-pre-line text-sm">{scenario}</p>
      </DialogContent>
    </Dialog>
  );
}

/** Released injects, newest first, with who sent them and when in the scenario; a new one is announced politely to screen readers. */
export function InjectFeed({ injects, clock }: { injects: PlayerInjectView[]; clock: ClockView }) {
  const [announcement, setAnnouncement] = React.useState("");
  const seen = React.useRef<Set<string> | null>(null);
  React.useEffect(() => {
    const keys = injects.map((i) => i.key);
    if (seen.current) {
      const fresh = injects.filter((i) => !seen.current!.has(i.key));
      if (fresh.length > 0) setAnnouncement(`New inject: ${fresh.map((i) => i.title).join("; ")}`);
    }
    seen.current = new Set(keys);
  }, [injects]);
  return (
    <Card id="injects" className="scroll-mt-16">
      <CardHeader>
        <CardTitle>Injects</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="sr-only" role="status" aria-live="polite">
          {announcement}
        </p>
        {injects.length === 0 ? (
          <p className="text-sm text-muted-foreground">No injects yet. New ones appear here as the facilitator releases them.</p>
        ) : (
          <ol className="grid gap-3" aria-label="Released injects, newest first">
            {injects.map((inject) => (
              <li key={inject.key} className="rounded-md border p-3" data-inject-key={inject.key}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 className="font-medium">{inject.title}</h3>
                  <span className="text-xs text-muted-foreground">
                    {inject.releasedScenarioMs !== null ? `${formatScenario(clock, inject.releasedScenarioMs)} · ` : ""}
                    <time dateTime={inject.releasedAt}>{formatWall(inject.releasedAt)}</time>
                  </span>
                </div>
                <p className="text-xs text-muted-foreground">
                  {[inject.from ? `From ${inject.from}` : null, inject.to ? `To ${inject.to}` : null, inject.injectMode ? `By ${inject.injectMode}` : null]
                    .filter(Boolean)
                    .join(" · ")}
                </p>
                {inject.message ? <p className="mt-1 whitespace-pre-line text-sm">{inject.message}</p> : null}
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

type SaveState = "idle" | "saving" | "saved" | "queued" | "refused";

function AnswerBox({
  moduleIndex,
  questionIndex,
  question,
  saved,
  pending,
  sessionStatus,
  onSubmit,
}: {
  moduleIndex: number;
  questionIndex: number;
  question: string;
  saved: PlayerAnswerView | null;
  pending: { input: AnswerInput; error: string | null } | null;
  sessionStatus: ConductStatus;
  onSubmit: (input: Omit<AnswerInput, "clientKey">) => Promise<boolean>;
}) {
  // What is in the box is the player's: a save that fails never clears it, and a queued answer
  // from before a reload comes back into it.
  const [text, setText] = React.useState(pending?.input.text ?? saved?.text ?? "");
  const [touched, setTouched] = React.useState(Boolean(pending));
  const [saveState, setSaveState] = React.useState<SaveState>(pending ? (pending.error ? "refused" : "queued") : saved ? "saved" : "idle");
  const [error, setError] = React.useState<string | null>(null);

  // The server's answer fills an untouched box (another device of the same group answered).
  React.useEffect(() => {
    if (!touched && saved) {
      setText(saved.text);
      setSaveState("saved");
    }
  }, [saved, touched]);
  React.useEffect(() => {
    if (pending && !touched) {
      setText(pending.input.text);
      setTouched(true);
    }
    if (!pending && saveState === "queued") setSaveState("saved");
    if (pending?.error) {
      setSaveState("refused");
      setError(pending.error);
    }
  }, [pending, touched, saveState]);

  const id = `answer-${moduleIndex}-${questionIndex}`;
  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = answerSchema.omit({ clientKey: true }).safeParse({ moduleIndex, questionIndex, text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Check the answer.");
      return;
    }
    setError(null);
    setSaveState("saving");
    const stored = await onSubmit(parsed.data);
    setSaveState(stored ? "saved" : "queued");
  };
  const dirty = text.trim() !== (saved?.text ?? "").trim();
  return (
    <form className="grid gap-2" onSubmit={(e) => void save(e)} noValidate aria-label={`Answer to question ${questionIndex + 1}`}>
      <TextareaField
        id={id}
        label={question}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setTouched(true);
          if (saveState === "saved") setSaveState("idle");
        }}
        error={error}
        rows={3}
        maxLength={8000}
        disabled={sessionStatus === "ended"}
        placeholder="The group's answer"
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="sm" disabled={saveState === "saving" || sessionStatus === "ended" || (!dirty && saveState === "saved")}>
          Save answer
        </Button>
        <span role="status" aria-live="polite" className="text-xs" data-answer-state={saveState}>
          {saveState === "saving" ? (
            <span className="flex items-center gap-1 text-muted-foreground">
              <Loader2 className="size-3 animate-spin" aria-hidden /> Saving…
            </span>
          ) : saveState === "saved" && !dirty ? (
            <span className="flex items-center gap-1 text-muted-foreground">
              <Check className="size-3" aria-hidden /> Saved{saved ? ` at ${formatWall(saved.at)}` : ""}
            </span>
          ) : saveState === "queued" ? (
            <span className="flex items-center gap-1 text-muted-foreground">
              <CloudOff className="size-3" aria-hidden /> Not sent yet: kept on this device and sent when the connection is back
            </span>
          ) : null}
        </span>
      </div>
    </form>
  );
}
