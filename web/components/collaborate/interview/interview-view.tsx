import { Link } from "@remix-run/react";
import { useMutation } from "@tanstack/react-query";
import { CheckCircle2 } from "~/components/ui/icons";
import * as React from "react";
import type { InterviewView as Interview } from "../../../../shared/collaborate/views";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Progress } from "~/components/ui/progress";
import { interviewApi } from "~/lib/interview-api";
import { AnswerForm } from "./answer-form";
import { Transcript } from "./transcript";
import { useDates } from "~/lib/dates-context";

/**
 * A contributor's interview: the transcript, the current question's answer box, progress and the
 * phase, and Submit once everything is answered. Each answer is saved by the server before the
 * next question appears, so closing the tab loses nothing.
 */
/**
 * What a screen reader hears after an answer or the submit: the transcript is not a live region
 * (it would read every turn again), so the next step is announced on its own.
 */
export function turnAnnouncement(view: Pick<Interview, "status" | "closed" | "currentQuestion" | "canSubmit">): string {
  if (view.status === "COMPLETED") return "Your contribution was submitted. Thank you.";
  if (view.closed) return "This campaign is closed: contributions can no longer change.";
  if (view.currentQuestion) return `Answer saved. Next question: ${view.currentQuestion}`;
  if (view.canSubmit) return "Answer saved. Every question is answered: submit your contribution when you are ready.";
  return "Answer saved.";
}

export function InterviewView({ initial }: { initial: Interview }) {
  const { day: formatDate } = useDates();
  const [interview, setInterview] = React.useState(initial);
  // Empty on arrival (the page itself is read then); set after each saved step.
  const [announcement, setAnnouncement] = React.useState("");

  const step = useMutation({
    mutationFn: (call: () => Promise<Interview>) => call(),
    onSuccess: (next) => {
      setInterview(next);
      setAnnouncement(turnAnnouncement(next));
    },
  });
  const busy = step.isPending;
  const error = step.isError
    ? step.error instanceof Error
      ? step.error.message
      : "Your answer could not be saved. Check your connection and try again."
    : null;
  const run = (call: () => Promise<Interview>): Promise<boolean> =>
    step.mutateAsync(call).then(
      () => true,
      () => false,
    );

  const done = interview.status === "COMPLETED";
  return (
    <div className="mx-auto grid max-w-3xl gap-4 p-4 sm:p-6">
      <header className="grid gap-2">
        <p className="text-sm text-muted-foreground">
          <Link to="/collaborate" className="underline-offset-4 hover:underline">
            Collaborate
          </Link>{" "}
          / Your contribution
        </p>
        <h1 className="text-2xl font-semibold tracking-tight">{interview.campaignName}</h1>
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          {interview.hazard ? <Badge variant="secondary">{interview.hazard}</Badge> : null}
          <Badge variant={done ? "default" : "outline"}>{done ? "Submitted" : `Part ${interview.phase} of 2`}</Badge>
          <span aria-live="polite">{interview.completionPercentage}% complete</span>
        </div>
        <Progress value={interview.completionPercentage} label="Interview progress" />
      </header>

      {interview.scenario ? (
        <details className="rounded-md border bg-card px-3 py-2 text-sm">
          <summary className="cursor-pointer font-medium">Scenario</summary>
          <p className="mt-2 whitespace-pre-wrap text-muted-foreground">{interview.scenario}</p>
        </details>
      ) : null}

      <p className="sr-only" role="status" aria-live="polite" data-testid="interview-announcement">
        {announcement}
      </p>
      <Card>
        <CardContent className="grid gap-4 pt-6">
          <Transcript messages={interview.messages} />
          {done ? (
            <Alert variant="success">
              <span className="flex items-start gap-2">
                <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
                <span>
                  Thank you: your contribution was submitted{interview.submittedAt ? ` on ${formatDate(interview.submittedAt)}` : ""}. The campaign manager sees
                  that you finished, not your answers; they are anonymised before analysis.
                </span>
              </span>
            </Alert>
          ) : interview.closed ? (
            <Alert variant="destructive">This campaign is closed: contributions can no longer change.</Alert>
          ) : interview.currentQuestion ? (
            <AnswerForm
              question={interview.currentQuestion}
              busy={busy}
              error={error}
              multiline={interview.phase === 2}
              onSend={(answer) => run(() => interviewApi.answer(interview.id, answer))}
            />
          ) : null}
        </CardContent>
      </Card>

      {interview.canSubmit ? (
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Ready to submit?</CardTitle>
            <CardDescription>
              Every question is answered. Once submitted, your answers are final and go into the campaign's anonymised synthesis.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-2">
            {error ? <Alert variant="destructive">{error}</Alert> : null}
            <div>
              <Button onClick={() => void run(() => interviewApi.submit(interview.id))} disabled={busy}>
                {busy ? "Submitting…" : "Submit my contribution"}
              </Button>
            </div>
          </CardContent>
        </Card>
      ) : null}
    </div>
  );
}
