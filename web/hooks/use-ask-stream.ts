import * as React from "react";
import { streamAsk, type AskCitation, type AskEvent, type AskOutcome, type AskRequest, type AssistantError } from "~/lib/ask-api";
import { useAnswerStream } from "./use-answer-stream";

/** One Ask Readyroom stream at a time (see useAnswerStream); `send` takes the spec's document chat request. */
export function useAskStream(options: {
  onError: (error: AssistantError, notFound: boolean) => void;
  onSettled: (chatId: string, outcome: AskOutcome) => Promise<void> | void;
}) {
  const stream = useAnswerStream<AskRequest, AskEvent, AskCitation[], AskOutcome>({
    stream: streamAsk,
    initialSources: [],
    sourcesOf: (event) => (event.type === "citations" ? event.citations : undefined),
    searching: "Searching your documents…",
    ...options,
  });
  const { send: sendRequest } = stream;
  const send = React.useCallback(
    (chatId: string, body: AskRequest) => sendRequest(chatId, body.messages[body.messages.length - 1]?.content ?? "", body),
    [sendRequest],
  );
  return { ...stream, send };
}
