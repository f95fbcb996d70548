/**
 * The browser's side of a streamed, cited AI answer, shared by Ask Readyroom and the intelligence
 * chat: an NDJSON reader that survives lines cut anywhere, the request that reads such a stream,
 * spec §8's wording for a refused one, and the split of an answer's text into text and [n] markers.
 */
import { MESSAGES, readFailure, type AssistantError } from "../hooks/use-assistant-stream";

export type StreamFailure = { ok: false; error: AssistantError; notFound: boolean };
export type StreamOutcome = { ok: true; aborted: boolean } | StreamFailure;

/** Spec §8 for a refused request, plus whether what it named (the chat, a document) is gone (404). */
export async function answerFailure(res: Response): Promise<StreamFailure> {
  const outcome = await readFailure(res);
  const error: AssistantError = outcome.ok || outcome.locked ? { type: "error", message: MESSAGES.generic } : outcome.error;
  return { ok: false, error, notFound: res.status === 404 };
}

/** The events every streamed, cited answer sends (each feature adds its citations event and its done). */
export type BaseAnswerEvent =
  | { type: "meta"; provider: string; model: string; label: string; offline: boolean }
  | { type: "text"; delta: string }
  | { type: "error"; message: string; interrupted: true };

/** meta, text and error as every answer stream sends them (null for any other event, or a text without its delta). */
export function baseAnswerEvent(e: Record<string, unknown> & { type: string }): BaseAnswerEvent | null {
  switch (e.type) {
    case "meta":
      return { type: "meta", provider: String(e.provider ?? ""), model: String(e.model ?? ""), label: String(e.label ?? ""), offline: e.offline === true };
    case "text":
      return typeof e.delta === "string" ? { type: "text", delta: e.delta } : null;
    case "error":
      return { type: "error", message: typeof e.message === "string" && e.message ? e.message : MESSAGES.generic, interrupted: true };
    default:
      return null;
  }
}

/** Whether an event a reader built is one of the events every answer stream sends (meta, text, error). */
export function isBaseAnswerEvent<E extends { type: string }>(event: E): event is E & BaseAnswerEvent {
  return event.type === "meta" || event.type === "text" || event.type === "error";
}

/** A line as a JSON object with a string `type`, or null (a torn or foreign line is skipped, not fatal). */
export function ndjsonObject(line: string): (Record<string, unknown> & { type: string }) | null {
  if (!line.trim()) return null;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  if (!value || typeof value !== "object" || typeof (value as { type?: unknown }).type !== "string") return null;
  return value as Record<string, unknown> & { type: string };
}

/**
 * Splits NDJSON arriving in arbitrary chunks into events: a line may be cut anywhere (even inside a
 * multi-byte character, which TextDecoder's stream mode holds back), and the last line may lack its newline.
 */
export function createNdjsonReader<E>(toEvent: (line: string) => E | null, onEvent: (event: E) => void) {
  const decoder = new TextDecoder();
  let buffer = "";
  const drain = () => {
    let nl: number;
    while ((nl = buffer.indexOf("\n")) >= 0) {
      const event = toEvent(buffer.slice(0, nl));
      buffer = buffer.slice(nl + 1);
      if (event) onEvent(event);
    }
  };
  return {
    push(chunk: Uint8Array | string) {
      buffer += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
      drain();
    },
    end() {
      buffer += decoder.decode();
      drain();
      const event = toEvent(buffer);
      buffer = "";
      if (event) onEvent(event);
    },
  };
}

/** Sends `body` to `url` and streams the answer's events into `onEvent`; resolves when the stream ends. */
export async function streamNdjson<E>(
  url: string,
  init: { method: "PUT" | "POST"; body: unknown; signal?: AbortSignal },
  toEvent: (line: string) => E | null,
  onEvent: (event: E) => void,
): Promise<StreamOutcome> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method,
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/x-ndjson" },
      body: JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (err) {
    if ((err as Error)?.name === "AbortError") return { ok: true, aborted: true };
    return { ok: false, error: { type: "error", message: MESSAGES.generic }, notFound: false };
  }
  if (!res.ok) return answerFailure(res);
  if (!res.body || typeof res.body.getReader !== "function") {
    return { ok: false, error: { type: "error", message: MESSAGES.noStream }, notFound: false };
  }
  const reader = createNdjsonReader(toEvent, onEvent);
  const body = res.body.getReader();
  try {
    for (;;) {
      const { done, value } = await body.read();
      if (done) break;
      reader.push(value);
    }
    reader.end();
  } catch (err) {
    if ((err as Error)?.name === "AbortError") return { ok: true, aborted: true };
    return { ok: false, error: { type: "error", message: MESSAGES.generic }, notFound: false };
  }
  return { ok: true, aborted: false };
}

export { answerParts } from "../../shared/markdown/cited-parts";
