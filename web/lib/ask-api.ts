/**
 * Browser side of Ask Readyroom (contracts "Ask Readyroom v1"): the chat CRUD calls through `apiFetch`,
 * and PUT /api/ask/chats/{id}/messages read as NDJSON. Spec §8 errors go through the design assistant's
 * `readFailure`/`MESSAGES` so both chats say the same thing for the same failure.
 */
import type { ModelListing } from "../../worker/ai/catalogue";
import { DEFAULT_DOCUMENT_CHAT_MODEL, OFFLINE_MODEL } from "../../worker/ai/models";
import { QUESTION_MAX_CHARS, TITLE_MAX_CHARS, type AnswerMetadata, type AskBodyInput, type AskEvent, type Citation } from "../../worker/ask/model";
import type { ChatSummary, ChatView, MessageView } from "../../worker/ask/service";
import type { AskActionListing } from "../../worker/ask/actions/catalogue";
import { MESSAGES, readFailure, type AssistantError } from "../hooks/use-assistant-stream";
import { apiFetch } from "./query";

export type { AssistantError };

// Wire types are the server's own (worker/ask/model.ts, worker/ask/service.ts), imported as types:
// one declaration, so the two sides cannot drift.
export type AskChatSummary = ChatSummary;
export type AskChat = ChatView;
export type AskCitation = Citation;
export type AskMessageMetadata = Partial<AnswerMetadata>;
/** A saved message as the chat shows it: only the user's and the assistant's. */
export type AskMessage = Omit<MessageView, "role" | "metadata"> & { role: "user" | "assistant"; metadata: AskMessageMetadata | null };
export type { AskEvent };
export type AskMeta = Extract<AskEvent, { type: "meta" }>;
/** The spec's document chat request (§3) as the browser sends it. */
export type AskRequest = Pick<AskBodyInput, "messages" | "documentIds" | "model" | "isAskReadyroomAction" | "actionName">;
/** A named action as the Actions menu lists it (GET /api/ask/actions; empty unless the account's flag is on). */
export type { AskActionListing };

export { DOCUMENT_CHAT_MODEL_COOKIE } from "./cookies";
/** Spec §3: the document chat's default model. */
export { DEFAULT_DOCUMENT_CHAT_MODEL };
/** The server checks 1–8000 characters; the box stops there too so nothing typed is refused. */
export const QUESTION_MAX = QUESTION_MAX_CHARS;
export const TITLE_MAX = TITLE_MAX_CHARS;

const enc = encodeURIComponent;
const base = "/api/ask/chats";

export const askQueryKeys = {
  chats: ["ask", "chats"] as const,
  chat: (id: string) => ["ask", "chats", id] as const,
  models: ["ai", "models"] as const,
  actions: ["ask", "actions"] as const,
};

export const askApi = {
  list: () => apiFetch<{ chats: AskChatSummary[] }>(base),
  create: (title?: string) => apiFetch<{ chat: AskChat }>(base, { method: "POST", json: title ? { title } : {} }),
  get: (id: string) => apiFetch<{ chat: AskChat; messages: AskMessage[] }>(`${base}/${enc(id)}`),
  rename: (id: string, title: string) => apiFetch<{ chat: AskChat }>(`${base}/${enc(id)}`, { method: "PATCH", json: { title } }),
  remove: (id: string) => apiFetch<{ success: true }>(`${base}/${enc(id)}`, { method: "DELETE" }),
  models: () => apiFetch<ModelListing>("/api/ai/models"),
  actions: () => apiFetch<{ enabled: boolean; actions: AskActionListing[] }>("/api/ask/actions"),
};

/** Answers from the offline provider are labelled as such wherever they are shown (ARCHITECTURE: offline provider). */
export const isOfflineAnswer = (metadata: AskMessageMetadata | null | undefined) => Boolean(metadata?.offline) || metadata?.model === OFFLINE_MODEL;
/** What the UI calls answers from the offline provider (the stream's meta.label says the same). */
export const ASK_OFFLINE_TEXT = "Offline answers";

/** Chats without a title yet (nothing asked) are shown under this name. */
export const chatTitle = (chat: { title: string | null }) => chat.title?.trim() || "New chat";

function toEvent(line: string): AskEvent | null {
  if (!line.trim()) return null;
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null; // a torn or foreign line is skipped, not fatal: the rest of the answer still arrives
  }
  if (!value || typeof value !== "object") return null;
  const e = value as Record<string, unknown>;
  switch (e.type) {
    case "meta":
      return { type: "meta", provider: String(e.provider ?? ""), model: String(e.model ?? ""), label: String(e.label ?? ""), offline: e.offline === true };
    case "citations":
      return { type: "citations", citations: Array.isArray(e.citations) ? (e.citations as AskCitation[]) : [] };
    case "text":
      return typeof e.delta === "string" ? { type: "text", delta: e.delta } : null;
    case "done":
      return { ...(e as object), type: "done", messageId: String(e.messageId ?? "") } as AskEvent;
    case "error":
      return { type: "error", message: typeof e.message === "string" && e.message ? e.message : MESSAGES.generic, interrupted: true };
    default:
      return null;
  }
}

/**
 * Splits NDJSON arriving in arbitrary chunks into Ask events: a line may be cut anywhere (even inside a
 * multi-byte character, which TextDecoder's stream mode holds back), and the last line may lack its newline.
 */
export function createAskEventReader(onEvent: (event: AskEvent) => void) {
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

export type AskOutcome =
  | { ok: true; aborted: boolean; messageId: string | null; interrupted: string | null }
  | { ok: false; error: AssistantError; notFound: boolean };

/** Spec §8 for a refused request, plus whether the chat or a chosen document is gone (404). */
export async function askFailure(res: Response): Promise<AskOutcome> {
  const outcome = await readFailure(res);
  const error: AssistantError = outcome.ok || outcome.locked ? { type: "error", message: MESSAGES.generic } : outcome.error;
  return { ok: false, error, notFound: res.status === 404 };
}

/** One question: streams the answer's events into `onEvent` and resolves when the stream ends. */
export async function streamAsk(chatId: string, body: AskRequest, onEvent: (event: AskEvent) => void, signal?: AbortSignal): Promise<AskOutcome> {
  let res: Response;
  try {
    res = await fetch(`${base}/${enc(chatId)}/messages`, {
      method: "PUT",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/x-ndjson" },
      body: JSON.stringify(body),
      signal,
    });
  } catch (err) {
    if ((err as Error)?.name === "AbortError") return { ok: true, aborted: true, messageId: null, interrupted: null };
    return { ok: false, error: { type: "error", message: MESSAGES.generic }, notFound: false };
  }
  if (!res.ok) return askFailure(res);
  if (!res.body || typeof res.body.getReader !== "function") {
    return { ok: false, error: { type: "error", message: MESSAGES.noStream }, notFound: false };
  }
  let messageId: string | null = null;
  let interrupted: string | null = null;
  const reader = createAskEventReader((event) => {
    if (event.type === "done") messageId = event.messageId;
    if (event.type === "error") interrupted = event.message;
    onEvent(event);
  });
  const body$ = res.body.getReader();
  try {
    for (;;) {
      const { done, value } = await body$.read();
      if (done) break;
      reader.push(value);
    }
    reader.end();
  } catch (err) {
    if ((err as Error)?.name === "AbortError") return { ok: true, aborted: true, messageId, interrupted };
    return { ok: false, error: { type: "error", message: MESSAGES.generic }, notFound: false };
  }
  return { ok: true, aborted: false, messageId, interrupted };
}

export type AnswerPart = { kind: "text"; text: string } | { kind: "cite"; n: number; citation: AskCitation | null };

/**
 * Splits an answer into text and citation markers. "[1]", "[2, 3]" and "[1][2]" become markers;
 * numbers with no matching citation stay plain text, so "[2024]" in a quote is not a source.
 */
export function answerParts(text: string, citations: AskCitation[] = []): AnswerPart[] {
  const byN = new Map(citations.map((c) => [c.n, c]));
  const parts: AnswerPart[] = [];
  const pushText = (t: string) => {
    if (!t) return;
    const last = parts[parts.length - 1];
    if (last?.kind === "text") last.text += t;
    else parts.push({ kind: "text", text: t });
  };
  const re = /\[(\d+(?:\s*,\s*\d+)*)\]/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const numbers = m[1]!.split(",").map((s) => Number(s.trim()));
    if (!numbers.every((n) => byN.has(n))) continue;
    pushText(text.slice(last, m.index));
    for (const n of numbers) parts.push({ kind: "cite", n, citation: byN.get(n) ?? null });
    last = m.index + m[0].length;
  }
  pushText(text.slice(last));
  return parts;
}
