import * as React from "react";
import { streamAsk, type AskCitation, type AskMeta, type AskOutcome, type AskRequest, type AssistantError } from "~/lib/ask-api";

/** The question in flight and the answer as it streams; the saved messages replace it when the stream ends. */
export type PendingTurn = {
  chatId: string;
  question: string;
  answer: string;
  citations: AskCitation[];
  interrupted: string | null;
};

/**
 * One Ask Readyroom stream at a time. `onSettled` runs after every stream (the caller re-reads the saved
 * chat there) before the pending turn is dropped, so the answer never blinks out between the two.
 * The balance is refreshed whenever a stream ends, as in the design assistant.
 */
export function useAskStream(options: { onError: (error: AssistantError, notFound: boolean) => void; onSettled: (chatId: string, outcome: AskOutcome) => Promise<void> | void }) {
  const [turn, setTurn] = React.useState<PendingTurn | null>(null);
  const [meta, setMeta] = React.useState<AskMeta | null>(null);
  // Screen readers hear the phases, not every token.
  const [status, setStatus] = React.useState("");
  const abortRef = React.useRef<AbortController | null>(null);
  const optsRef = React.useRef(options);
  optsRef.current = options;

  React.useEffect(() => () => abortRef.current?.abort(), []);

  const send = React.useCallback(async (chatId: string, request: AskRequest): Promise<AskOutcome | null> => {
    if (abortRef.current) return null;
    const question = request.messages[request.messages.length - 1]?.content ?? "";
    const controller = new AbortController();
    abortRef.current = controller;
    setTurn({ chatId, question, answer: "", citations: [], interrupted: null });
    setStatus("Searching your documents…");
    const patch = (fn: (t: PendingTurn) => PendingTurn) => setTurn((t) => (t ? fn(t) : t));
    let answering = false;
    const outcome = await streamAsk(
      chatId,
      request,
      (event) => {
        switch (event.type) {
          case "meta":
            setMeta(event);
            break;
          case "citations":
            patch((t) => ({ ...t, citations: event.citations }));
            break;
          case "text":
            if (!answering) {
              answering = true;
              setStatus("Readyroom is answering…");
            }
            patch((t) => ({ ...t, answer: t.answer + event.delta }));
            break;
          case "error":
            patch((t) => ({ ...t, interrupted: event.message }));
            break;
          case "done":
            break;
        }
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
      await optsRef.current.onSettled(chatId, outcome);
    } finally {
      setTurn(null);
    }
    return outcome;
  }, []);

  const stop = React.useCallback(() => abortRef.current?.abort(), []);

  return { turn, streaming: turn !== null, meta, status, send, stop };
}
