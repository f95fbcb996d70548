import * as React from "react";
import type { LockInfo } from "~/lib/exercise-api";
import type { ProseCitation } from "../../worker/exercises/prompts/prose-citations";
import { conversationApiPath, exerciseKey, type ExerciseRef } from "../lib/exercise-paths";

/**
 * The design assistant's client: PUT /api/conversations/v2/{exerciseId} (or the campaign twin) and read its NDJSON
 * stream (worker/conversations/framing.ts documents the events). Errors follow spec §8 exactly.
 */

type ChatRole = "user" | "assistant" | "system";
type ChatMessage = { role: ChatRole; content: string };
export type Purpose = "content" | "conversation" | "step" | "retry" | "n-shot" | "follow-up";

export type StreamMeta = { provider: string; model: string; label: string; offline: boolean; draft: boolean };
/** After a prose reply: the passages its [n] markers cite (mapped by the server) and the reply as saved. */
type CitationsEvent = { citations: ProseCitation[]; content: string };
export type { ProseCitation };
export type DraftEvent = { sectionType: string; moduleIndex: number; draft: Record<string, unknown>; patch: Record<string, unknown> };

export type AssistantError = { type: "Insufficient Credits"; message: string } | { type: "Server Error"; message: string } | { type: "error"; message: string };

export const MESSAGES = {
  noStream: "ReadableStream not supported in this browser.",
  generic: "Request Could Not Be Completed",
  insufficient: "Insufficient Credits",
  nonJson: (status: number) => `Failed to generate response. Status: ${status}`,
} as const;

export type StreamRequest = {
  exercise: ExerciseRef;
  sectionType: string;
  messages: ChatMessage[];
  purpose: Purpose;
  moduleIndex?: number;
  model?: string;
};

export type StreamHandlers = {
  onMeta?: (meta: StreamMeta) => void;
  onText?: (delta: string) => void;
  onDraft?: (draft: DraftEvent) => void;
  onCitations?: (event: CitationsEvent) => void;
  onDraftError?: (message: string) => void;
  onInterrupted?: (message: string) => void;
  onLocked?: (lock: LockInfo) => void;
};

export type StreamOutcome = { ok: true; text: string } | { ok: false; locked: true } | { ok: false; locked?: false; error: AssistantError };

/** Spec §8 mapping of a non-OK response. */
export async function readFailure(res: Response): Promise<StreamOutcome> {
  const raw = await res.text().catch(() => null);
  const contentType = res.headers.get("content-type") ?? "";
  let body: Record<string, unknown> | null = null;
  let parsed = false;
  if (raw != null && raw !== "") {
    try {
      const value: unknown = JSON.parse(raw);
      if (value && typeof value === "object") body = value as Record<string, unknown>;
      parsed = true;
    } catch {
      parsed = false;
    }
  }
  if (res.status === 423) return { ok: false, locked: true };
  if (!parsed) {
    // A JSON response we could not read is a server error; anything else is "not JSON".
    if (contentType.includes("json")) return { ok: false, error: { type: "Server Error", message: "Server Error" } };
    return { ok: false, error: { type: "error", message: MESSAGES.nonJson(res.status) } };
  }
  const message = typeof body?.message === "string" ? body.message : "";
  if (res.status === 402 || message.includes("Credit limit exceeded")) {
    return { ok: false, error: { type: "Insufficient Credits", message: MESSAGES.insufficient } };
  }
  return { ok: false, error: { type: "error", message: message || MESSAGES.generic } };
}

/** One assistant call: streams events into the handlers, resolves with the outcome. */
export async function streamAssistant(req: StreamRequest, handlers: StreamHandlers, signal?: AbortSignal): Promise<StreamOutcome> {
  let res: Response;
  try {
    res = await fetch(conversationApiPath(req.exercise), {
      method: "PUT",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/x-ndjson" },
      body: JSON.stringify({
        sectionType: req.sectionType,
        messages: req.messages,
        purpose: req.purpose,
        ...(req.moduleIndex != null ? { moduleIndex: req.moduleIndex } : {}),
        ...(req.model ? { model: req.model } : {}),
      }),
      signal,
    });
  } catch (err) {
    if ((err as Error)?.name === "AbortError") return { ok: true, text: "" };
    return { ok: false, error: { type: "error", message: MESSAGES.generic } };
  }
  if (res.status === 423) {
    const body = (await res.json().catch(() => null)) as Partial<LockInfo> | null;
    handlers.onLocked?.({
      lockedByUserId: body?.lockedByUserId ?? null,
      lockedByName: body?.lockedByName ?? null,
      lockExpires: body?.lockExpires ?? null,
    });
    return { ok: false, locked: true };
  }
  if (!res.ok) return readFailure(res);
  if (!res.body || typeof res.body.getReader !== "function") {
    return { ok: false, error: { type: "error", message: MESSAGES.noStream } };
  }

  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let text = "";
  const handleLine = (line: string) => {
    if (!line.trim()) return;
    let event: Record<string, unknown>;
    try {
      event = JSON.parse(line) as Record<string, unknown>;
    } catch {
      return;
    }
    switch (event.type) {
      case "meta":
        handlers.onMeta?.(event as unknown as StreamMeta);
        break;
      case "text":
        text += String(event.delta ?? "");
        handlers.onText?.(String(event.delta ?? ""));
        break;
      case "draft":
        handlers.onDraft?.(event as unknown as DraftEvent);
        break;
      case "citations":
        if (Array.isArray(event.citations) && typeof event.content === "string")
          handlers.onCitations?.({ citations: event.citations as ProseCitation[], content: event.content });
        break;
      case "error":
        if (event.code === "interrupted") handlers.onInterrupted?.(String(event.message ?? ""));
        else handlers.onDraftError?.(String(event.message ?? ""));
        break;
    }
  };
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let nl: number;
      while ((nl = buffer.indexOf("\n")) >= 0) {
        handleLine(buffer.slice(0, nl));
        buffer = buffer.slice(nl + 1);
      }
    }
    handleLine(buffer + decoder.decode());
  } catch (err) {
    if ((err as Error)?.name === "AbortError") return { ok: true, text };
    return { ok: false, error: { type: "error", message: MESSAGES.generic } };
  }
  return { ok: true, text };
}

export type AssistantTurn = {
  role: ChatRole;
  content: string;
  draft?: DraftEvent | null;
  /** The passages a prose reply cites; set when the reply ends. */
  citations?: ProseCitation[];
  draftError?: string | null;
  interrupted?: boolean;
  applied?: boolean;
};

/**
 * Chat state for one step's assistant panel. `onComplete` is the caller's completion callback
 * (spec §4 "Chat streaming"); the balance is refreshed when every stream ends.
 */
export function useAssistantStream(options: {
  exercise: ExerciseRef;
  sectionType: string;
  moduleIndex?: number;
  model?: string;
  onLocked: (lock: LockInfo) => void;
  onError: (error: AssistantError) => void;
  onComplete?: (outcome: StreamOutcome) => void;
}) {
  const [turns, setTurns] = React.useState<AssistantTurn[]>([]);
  const [streaming, setStreaming] = React.useState(false);
  const [meta, setMeta] = React.useState<StreamMeta | null>(null);
  const abortRef = React.useRef<AbortController | null>(null);
  const optsRef = React.useRef(options);
  optsRef.current = options;

  const exercise = exerciseKey(options.exercise);
  // A different step is a different conversation thread in the panel.
  React.useEffect(() => {
    abortRef.current?.abort();
    setTurns([]);
    setStreaming(false);
  }, [exercise, options.sectionType, options.moduleIndex]);

  React.useEffect(() => () => abortRef.current?.abort(), []);

  const send = React.useCallback(
    async (input: { text?: string; purpose: Purpose }) => {
      if (abortRef.current) return;
      const o = optsRef.current;
      const history: ChatMessage[] = turns.filter((t) => t.content.trim()).map((t) => ({ role: t.role, content: t.content }));
      const userText = input.text?.trim();
      const messages: ChatMessage[] = userText ? [...history, { role: "user", content: userText }] : history;
      const controller = new AbortController();
      abortRef.current = controller;
      setStreaming(true);
      setTurns((prev) => [...prev, ...(userText ? [{ role: "user" as const, content: userText }] : []), { role: "assistant", content: "" }]);
      const patchLast = (fn: (t: AssistantTurn) => AssistantTurn) =>
        setTurns((prev) => (prev.length ? [...prev.slice(0, -1), fn(prev[prev.length - 1]!)] : prev));

      const outcome = await streamAssistant(
        { exercise: o.exercise, sectionType: o.sectionType, messages, purpose: input.purpose, moduleIndex: o.moduleIndex, model: o.model },
        {
          onMeta: setMeta,
          onText: (delta) => patchLast((t) => ({ ...t, content: t.content + delta })),
          onDraft: (draft) => patchLast((t) => ({ ...t, draft })),
          // The saved text replaces the streamed one: a marker for a passage that does not exist is gone from it.
          onCitations: ({ citations, content }) => patchLast((t) => ({ ...t, content, citations })),
          onDraftError: (message) => patchLast((t) => ({ ...t, draftError: message })),
          onInterrupted: (message) => patchLast((t) => ({ ...t, interrupted: true, draftError: message })),
          onLocked: (lock) => optsRef.current.onLocked(lock),
        },
        controller.signal,
      );
      abortRef.current = null;
      setStreaming(false);
      if (!outcome.ok) {
        // Abandoned or failed: drop the empty assistant bubble, keep what the user typed.
        setTurns((prev) => (prev.at(-1)?.role === "assistant" && !prev.at(-1)?.content ? prev.slice(0, -1) : prev));
        if (!outcome.locked) optsRef.current.onError(outcome.error);
      }
      if (outcome.ok || !outcome.locked) {
        window.dispatchEvent(new Event("balance-updated"));
      }
      optsRef.current.onComplete?.(outcome);
    },
    [turns],
  );

  const stop = React.useCallback(() => abortRef.current?.abort(), []);
  const markApplied = React.useCallback((index: number) => setTurns((prev) => prev.map((t, i) => (i === index ? { ...t, applied: true } : t))), []);

  return { turns, streaming, meta, send, stop, markApplied };
}
