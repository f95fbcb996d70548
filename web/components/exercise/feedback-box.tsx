import { useMutation } from "@tanstack/react-query";
import { MessageSquare } from "~/components/ui/icons";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { Textarea } from "~/components/ui/input";
import { toast } from "~/hooks/use-toast";
import { exerciseApi } from "~/lib/exercise-api";
import type { ExerciseRef } from "~/lib/exercise-paths";

/** Per-step feedback (spec §3 Feedback: step, text), folded away until wanted. */
export function FeedbackBox({ exercise, step }: { exercise: ExerciseRef; step: string }) {
  const [text, setText] = React.useState("");
  const send = useMutation({
    mutationFn: (feedback: string) => exerciseApi.feedback(exercise, step, feedback),
    onSuccess: () => {
      setText("");
      toast({ title: "Feedback sent", description: "Thank you: it helps us improve this step." });
    },
    onError: (err) => toast({ title: "Feedback not sent", description: err instanceof Error ? err.message : "Try again in a moment.", variant: "destructive" }),
  });
  const sending = send.isPending;
  const id = React.useId();
  React.useEffect(() => setText(""), [step]);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    send.mutate(text.trim());
  };
  return (
    <details className="group rounded-md border bg-card">
      <summary className="flex cursor-pointer list-none items-center gap-2 px-3 py-2 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        <MessageSquare className="size-4 text-muted-foreground" aria-hidden /> Feedback on this step
      </summary>
      <form onSubmit={submit} className="grid gap-2 px-3 pb-3">
        <label htmlFor={id} className="sr-only">
          Feedback on this step
        </label>
        <Textarea
          id={id}
          value={text}
          rows={3}
          maxLength={10000}
          placeholder="What worked, what was missing, what confused you?"
          onChange={(e) => setText(e.target.value)}
        />
        <div>
          <Button type="submit" size="sm" variant="outline" disabled={sending || !text.trim()}>
            {sending ? "Sending…" : "Send feedback"}
          </Button>
        </div>
      </form>
    </details>
  );
}
