import * as React from "react";
import { INTERVIEW_ANSWER_MAX } from "../../../../shared/collaborate/model";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field";
import { Textarea } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/**
 * The answer box. The draft is kept if sending fails (nothing lost); Ctrl/⌘+Enter sends. Phase-2
 * questions take one proposal per line, which the hint says.
 */
export function AnswerForm({
  question,
  onSend,
  busy,
  error,
  multiline,
}: {
  question: string;
  onSend: (answer: string) => Promise<boolean>;
  busy: boolean;
  error: string | null;
  multiline: boolean;
}) {
  const [draft, setDraft] = React.useState("");
  const box = React.useRef<HTMLTextAreaElement>(null);
  const id = "interview-answer";
  const send = async () => {
    const answer = draft.trim();
    if (!answer || busy) return;
    if (await onSend(answer)) {
      setDraft("");
      // Clicking Send leaves focus on a button that was disabled while saving: bring it back to
      // the box, where the next answer is typed.
      box.current?.focus();
    }
  };
  return (
    <form
      className="grid gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <Label htmlFor={id} className="sr-only">
        Your answer to: {question}
      </Label>
      <Textarea
        ref={box}
        id={id}
        value={draft}
        maxLength={INTERVIEW_ANSWER_MAX}
        rows={multiline ? 6 : 4}
        placeholder={multiline ? "One per line…" : "Your answer…"}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            void send();
          }
        }}
      />
      <FieldError id={`${id}-error`} error={error} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {draft.length}/{INTERVIEW_ANSWER_MAX} · Ctrl+Enter to send · Your answers are saved as you go.
        </p>
        <Button type="submit" disabled={busy || !draft.trim()}>
          {busy ? "Saving…" : "Send answer"}
        </Button>
      </div>
    </form>
  );
}
