import * as React from "react";
import { isBaseAnswerEvent, type BaseAnswerEvent } from "../lib/answer-stream";
import type { AssistantError } from "./use-assistant-stream";

export type AnswerOutcome = { ok: true; aborted: boolean; interrupted?: string | null } | { ok: false; error: AssistantError; notFound: boolean };

/** The question in flight and the answer as it streams, with what the answer cites (`sources`). */
export type StreamingTurn<S> = {
  chatId: string;
  question: string;
  answer: string;
  sources: S;
  interrupted: string | null;
};

export type AnswerStreamOptions<P, E extends { type: string }, S, O extends AnswerOutcome> = {
  /** Sends the request and streams the answer's events; resolves when the stream ends. */
  stream: (chatId: string, request: P, onEvent: (event: E) => void, signal: AbortSignal) => Promise<O>;
  /** What the turn cites before its citations event. */
  initialSources: S;
  /** The new sources when `event` carries them (the feature's citations event), else undefined. */
  sourcesOf: (event: E) => S | undefined;
  /** Read out while nothing has arrived yet ("Searching your documents…"). */
  searching: string;
  /** Read out when the sources arrive; absent: nothing. */
  sourcesStatus?: (sources: S) => string;
  onError: (error: AssistantError, notFound: boolean) => void;
  /** Runs after every stream (the caller re-reads the saved chat) before the pending turn is dropped. */
  onSettled: (chatId: string, outcome: O) => Promise<void> | void;
};

/**
 * One streamed answer at a time, shared by Ask Readyroom and the intelligence chat: the pending
 * turn as it streams, the provider's meta, a status line for screen readers (phases, not tokens),
 * Stop, and the balance refreshed whenever a stream ends, as in the design assistant. `onSettled`
 * runs before the turn is dropped, so the answer never blinks out between the two.
 */
export function useAnswerStream<P, E extends { type: string }, S, O extends AnswerOutcome>(options: AnswerStreamOptions<P, E, S, O>) {
  const [turn, setTurn] = React.useState<StreamingTurn<S> | null>(null);
  const [meta, setMeta] = React.useState<Extract<BaseAnswerEvent, { type: "meta" }> | null>(null);
  const [status, setStatus] = React.useState("");
  const abortRef = React.useRef<AbortController | null>(null);
  const optsRef = React.useRef(options);
  optsRef.current = options;

  React.useEffect(() => () => abortRef.current?.abort(), []);

  /** `question` is what the pending turn shows; `request` is what `stream` sends. */
  const send = React.useCallback(async (chatId: string, question: string, request: P): Promise<O | null> => {
    if (abortRef.current) return null;
    const opts = optsRef.current;
    const controller = new AbortController();
    abortRef.current = controller;
    setTurn({ chatId, question, answer: "", sources: opts.initialSources, interrupted: null });
    setStatus(opts.searching);
    const patch = (fn: (t: StreamingTurn<S>) => StreamingTurn<S>) => setTurn((t) => (t ? fn(t) : t));
    let answering = false;
    const outcome = await opts.stream(
      chatId,
      request,
      (event) => {
        const sources = opts.sourcesOf(event);
        if (sources !== undefined) {
          patch((t) => ({ ...t, sources }));
          if (opts.sourcesStatus) setStatus(opts.sourcesStatus(sources));
          return;
        }
        if (!isBaseAnswerEvent(event)) return;
        if (event.type === "meta") setMeta(event);
        else if (event.type === "text") {
          if (!answering) {
            answering = true;
            setStatus("Readyroom is answering…");
          }
          patch((t) => ({ ...t, answer: t.answer + event.delta }));
        } else if (event.type === "error") patch((t) => ({ ...t, interrupted: event.message }));
      },
      controller.signal,
    );
    abortRef.current = null;
    window.dispatchEvent(new Event("balance-updated"));
    if (!outcome.ok) {
      setStatus(outcome.error.message);
      optsRef.current.onError(outcome.error, outcome.notFound);
    } else {
      setStatus(outcome.aborted ? "Answer stopped." : outcome.interrupted ? `The answer was interrupted: ${outcome.interrupted}` : "Answer ready.");
    }
    try {
      // A stopped answer is saved by the server after the connection closes (in the background):
      // give it a moment, or the re-read would miss the question just asked.
      if (outcome.ok && outcome.aborted) await new Promise((resolve) => setTimeout(resolve, 800));
      await optsRef.current.onSettled(chatId, outcome);
    } finally {
      setTurn(null);
    }
    return outcome;
  }, []);

  const stop = React.useCallback(() => abortRef.current?.abort(), []);

  return { turn, streaming: turn !== null, meta, status, send, stop };
}
