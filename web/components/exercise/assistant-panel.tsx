import { Bot, Check, Loader2, Send, Sparkles } from "~/components/ui/icons";
import type { PlanSource } from "~/lib/exercise-api";
import { PlanSourceNote } from "./plan-source";
import { StopButton } from "~/components/ai/stop-button";
import * as React from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Textarea } from "~/components/ui/input";
import { toast } from "~/hooks/use-toast";
import { useAssistantStream, type AssistantTurn, type DraftEvent, type ProseCitation } from "~/hooks/use-assistant-stream";
import type { LockInfo } from "~/lib/exercise-api";
import type { ExerciseRef } from "~/lib/exercise-paths";
import { CitedText, SourceList, useSources } from "../ask/answer";

/**
 * The design assistant beside each step: "Draft" asks for a structured draft of the section,
 * the chat box refines it (or just discusses), "Apply to exercise" puts the draft in the editor
 * (then autosave takes over).
 */
export function AssistantPanel({
  exercise,
  sectionType,
  sectionLabel,
  moduleIndex,
  model,
  offlineHint,
  onApply,
  onLocked,
}: {
  exercise: ExerciseRef;
  sectionType: string;
  sectionLabel: string;
  moduleIndex?: number;
  model?: string;
  offlineHint: boolean;
  onApply: (draft: DraftEvent) => void;
  onLocked: (lock: LockInfo) => void;
}) {
  const [input, setInput] = React.useState("");
  const logRef = React.useRef<HTMLDivElement>(null);
  const { turns, streaming, meta, send, stop, markApplied } = useAssistantStream({
    exercise,
    sectionType,
    moduleIndex,
    model,
    onLocked,
    onError: (error) => {
      if (error.type === "Insufficient Credits") {
        toast({
          title: "Insufficient Credits",
          description: "Your credit limit has been reached. Add credits or raise your limit to keep drafting.",
          variant: "destructive",
        });
      } else {
        toast({ title: error.message, variant: "destructive" });
      }
    },
  });

  React.useEffect(() => {
    const el = logRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [turns]);

  const hasDraft = turns.some((t) => t.draft);
  const offline = meta ? meta.offline : offlineHint;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const text = input.trim();
    if (!text || streaming) return;
    setInput("");
    void send({ text, purpose: hasDraft ? "follow-up" : "conversation" });
  };

  return (
    <section aria-labelledby="assistant-title" className="flex h-full min-h-0 flex-col rounded-md border bg-card">
      <header className="flex items-center justify-between gap-2 border-b px-3 py-2">
        <h2 id="assistant-title" className="flex items-center gap-2 text-sm font-semibold">
          <Bot className="size-4 text-primary" aria-hidden /> Design assistant
        </h2>
        {offline ? (
          <Badge variant="outline" title="No AI provider is configured: answers come from Readyroom's quick-start library.">
            Offline drafting
          </Badge>
        ) : meta ? (
          <Badge variant="secondary">{meta.model}</Badge>
        ) : null}
      </header>
      <div
        ref={logRef}
        className="min-h-0 flex-1 space-y-3 overflow-y-auto p-3 text-sm"
        role="log"
        aria-label="Assistant conversation"
        aria-live="polite"
        aria-busy={streaming}
      >
        {turns.length === 0 ? (
          <p className="text-muted-foreground">Ask the assistant to draft the {sectionLabel}, or ask it anything about this step.</p>
        ) : (
          turns.map((turn, i) => (
            <Turn
              key={i}
              turn={turn}
              streaming={streaming && i === turns.length - 1}
              onApply={() => {
                if (!turn.draft) return;
                onApply(turn.draft);
                markApplied(i);
              }}
            />
          ))
        )}
      </div>
      <div className="grid gap-2 border-t p-3">
        <div className="flex flex-wrap gap-2">
          <Button type="button" size="sm" disabled={streaming} onClick={() => void send({ purpose: hasDraft ? "retry" : "content" })}>
            <Sparkles aria-hidden /> {hasDraft ? "Draft again" : `Draft ${sectionLabel}`}
          </Button>
          {streaming ? <StopButton size="sm" onStop={stop} /> : null}
        </div>
        <form onSubmit={submit} className="flex items-end gap-2">
          <Textarea
            aria-label="Message the assistant"
            placeholder={hasDraft ? "Refine the draft, e.g. “make the injects more specific”" : "Ask about this step…"}
            value={input}
            rows={2}
            className="min-h-[56px] text-sm"
            onChange={(e) => setInput(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter" && !e.shiftKey) submit(e);
            }}
          />
          <Button type="submit" size="icon" aria-label="Send message" disabled={streaming || !input.trim()}>
            <Send />
          </Button>
        </form>
      </div>
    </section>
  );
}

function Turn({ turn, streaming, onApply }: { turn: AssistantTurn; streaming: boolean; onApply: () => void }) {
  if (turn.role === "user") {
    return <div className="ml-6 whitespace-pre-wrap rounded-md bg-primary/10 px-3 py-2">{turn.content}</div>;
  }
  const looksLikeJson = /^\s*[{[]/.test(turn.content);
  return (
    <div className="grid gap-2">
      {turn.draft ? (
        <div className="grid gap-2 rounded-md border border-primary/30 bg-primary/5 p-2">
          <p className="text-xs font-semibold uppercase tracking-wide text-primary">Draft</p>
          <DraftPreview draft={turn.draft.draft} />
          <div>
            <Button type="button" size="sm" onClick={onApply} disabled={turn.applied}>
              {turn.applied ? (
                <>
                  <Check aria-hidden /> Applied
                </>
              ) : (
                "Apply to exercise"
              )}
            </Button>
          </div>
        </div>
      ) : null}
      {turn.content && !(turn.draft && looksLikeJson) ? (
        looksLikeJson ? (
          <div className="max-h-48 overflow-y-auto whitespace-pre-wrap rounded-md bg-muted/60 px-3 py-2 font-mono text-xs">{turn.content}</div>
        ) : (
          <Prose content={turn.content} citations={turn.citations ?? []} />
        )
      ) : null}
      {streaming && !turn.content ? (
        <p className="flex items-center gap-2 text-muted-foreground">
          <Loader2 className="size-4 animate-spin" aria-hidden /> Thinking…
        </p>
      ) : null}
      {turn.draftError ? (
        <p role="alert" className="text-sm text-destructive">
          {turn.draftError}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A prose reply as Ask Readyroom shows an answer: Markdown, its [n] markers as buttons opening the
 * cited plan passage in the sources under it (markers become buttons once the reply ends and the
 * server has mapped them).
 */
function Prose({ content, citations }: { content: string; citations: ProseCitation[] }) {
  const sources = useSources(React.useId());
  return (
    <div className="grid gap-2" data-testid="assistant-prose">
      <div className="rounded-md bg-muted/60 px-3 py-2">
        <CitedText content={content} citations={citations} sources={sources} />
      </div>
      {citations.length ? <SourceList citations={citations} sources={sources} /> : null}
    </div>
  );
}

type Grounded = { source?: PlanSource | null; notInPlans?: boolean | null };

/** A compact reading of any draft shape: strings as paragraphs, lists as counted bullet lists. */
function DraftPreview({ draft }: { draft: unknown }) {
  return <div className="grid gap-1 text-xs">{renderValue(draft, 0)}</div>;
}

function label(key: string) {
  return key.replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase());
}

function renderValue(value: unknown, depth: number): React.ReactNode {
  if (value == null || value === "") return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
    const text = String(value);
    return <span className="whitespace-pre-wrap">{text.length > 400 ? `${text.slice(0, 400)}…` : text}</span>;
  }
  if (Array.isArray(value)) {
    if (depth > 2) return <span>{value.length} items</span>;
    const shown = value.slice(0, 8);
    return (
      <ul className="list-disc space-y-0.5 pl-4">
        {shown.map((v, i) => (
          <li key={i}>{renderValue(v, depth + 1)}</li>
        ))}
        {value.length > shown.length ? <li className="text-muted-foreground">…and {value.length - shown.length} more</li> : null}
      </ul>
    );
  }
  if (typeof value === "object") {
    if (depth > 3) return null;
    // A drafted row's or question's grounding reads as its plan reference, not as raw fields.
    const { source, notInPlans, ...fields } = value as Record<string, unknown> & Grounded;
    return (
      <div className="grid gap-0.5">
        {source || notInPlans ? <PlanSourceNote source={source} notInPlans={notInPlans} label="this draft element" /> : null}
        {Object.entries(fields).map(([k, v]) =>
          v == null || v === "" || (Array.isArray(v) && v.length === 0) ? null : (
            <div key={k}>
              <span className="font-medium">{label(k)}: </span>
              {renderValue(v, depth + 1)}
            </div>
          ),
        )}
      </div>
    );
  }
  return null;
}
