/**
 * Browser side of Ask Readyroom (contracts "Ask Readyroom v1"): the chat CRUD calls through the
 * router's own types (`apiClient`), and PUT /api/ask/chats/{id}/messages read as NDJSON. Spec §8 errors go through the design assistant's
 * `readFailure`/`MESSAGES` so both chats say the same thing for the same failure.
 */
import type { AiRoutes } from "../../worker/ai/routes";
import { DEFAULT_DOCUMENT_CHAT_MODEL, OFFLINE_MODEL } from "../../shared/ai/models";
import { QUESTION_MAX_CHARS, TITLE_MAX_CHARS, type AskBodyInput, type AskEvent, type Citation } from "../../shared/ask/model";
import type { ChatSummary, ChatView, MessageView } from "../../worker/ask/service";
import type { AskActionListing } from "../../worker/ask/actions/catalogue";
import type { AskRoutes } from "../../worker/ask/routes";
import type { AssistantError } from "../hooks/use-assistant-stream";
import { answerFailure, answerParts, baseAnswerEvent, createNdjsonReader, ndjsonObject, streamNdjson } from "./answer-stream";
import { apiClient, unwrap } from "./api-client";

export type { AssistantError };

// Wire types are the server's own (worker/ask/model.ts, worker/ask/service.ts), imported as types:
// one declaration, so the two sides cannot drift.
export type AskChatSummary = ChatSummary;
export type AskChat = ChatView;
export type AskCitation = Citation;
export type AskMessageMetadata = MessageView["metadata"];
/** A saved message as the chat shows it: only the user's and the assistant's. */
export type AskMessage = MessageView & { role: "user" | "assistant" };
export type { AskEvent };
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
const ask = apiClient<AskRoutes>("/api/ask");
const ai = apiClient<AiRoutes>("/api/ai");
/** The typed client puts path parameters in as given: encode them, as the URLs built by hand did. */
const chat = (id: string) => ({ param: { id: enc(id) } });

export const askQueryKeys = {
  chats: ["ask", "chats"] as const,
  chat: (id: string) => ["ask", "chats", id] as const,
  models: ["ai", "models"] as const,
  actions: ["ask", "actions"] as const,
};

/** A chat as the page shows it (the loader's and GET /api/ask/chats/{id}'s): its user and assistant messages. */
export function chatDetail<C, M extends { role: string }>(answer: { chat: C; messages: M[] }) {
  return { chat: answer.chat, messages: answer.messages.filter((m): m is M & { role: AskMessage["role"] } => m.role === "user" || m.role === "assistant") };
}

export const askApi = {
  list: () => unwrap(ask.chats.$get()),
  create: (title?: string) => unwrap(ask.chats.$post({ json: title ? { title } : {} })),
  get: async (id: string) => chatDetail(await unwrap(ask.chats[":id"].$get(chat(id)))),
  rename: (id: string, title: string) => unwrap(ask.chats[":id"].$patch({ ...chat(id), json: { title } })),
  remove: (id: string) => unwrap(ask.chats[":id"].$delete(chat(id))),
  models: () => unwrap(ai.models.$get()),
  actions: () => unwrap(ask.actions.$get()),
};

/** Answers from the offline provider are labelled as such wherever they are shown (ARCHITECTURE: offline provider). */
export const isOfflineAnswer = (metadata: AskMessageMetadata | null | undefined) => Boolean(metadata?.offline) || metadata?.model === OFFLINE_MODEL;
/** What the UI calls answers from the offline provider (the stream's meta.label says the same). */
export const ASK_OFFLINE_TEXT = "Offline answers";

/** Chats without a title yet (nothing asked) are shown under this name. */
export const chatTitle = (chat: { title: string | null }) => chat.title?.trim() || "New chat";

function toEvent(line: string): AskEvent | null {
  const e = ndjsonObject(line);
  if (!e) return null;
  switch (e.type) {
    case "citations":
      return { type: "citations", citations: Array.isArray(e.citations) ? (e.citations as AskCitation[]) : [] };
    case "done":
      return { ...(e as object), type: "done", messageId: String(e.messageId ?? "") } as AskEvent;
    default:
      return baseAnswerEvent(e);
  }
}

/** Ask events from NDJSON arriving in arbitrary chunks (see createNdjsonReader). */
export const createAskEventReader = (onEvent: (event: AskEvent) => void) => createNdjsonReader(toEvent, onEvent);

export type AskOutcome =
  | { ok: true; aborted: boolean; messageId: string | null; interrupted: string | null }
  | { ok: false; error: AssistantError; notFound: boolean };

/** Spec §8 for a refused request, plus whether the chat or a chosen document is gone (404). */
export const askFailure = (res: Response): Promise<AskOutcome> => answerFailure(res);

/** One question: streams the answer's events into `onEvent` and resolves when the stream ends. */
export async function streamAsk(chatId: string, body: AskRequest, onEvent: (event: AskEvent) => void, signal?: AbortSignal): Promise<AskOutcome> {
  let messageId: string | null = null;
  let interrupted: string | null = null;
  const outcome = await streamNdjson(`${base}/${enc(chatId)}/messages`, { method: "PUT", body, signal }, toEvent, (event) => {
    if (event.type === "done") messageId = event.messageId;
    if (event.type === "error") interrupted = event.message;
    onEvent(event);
  });
  return outcome.ok ? { ...outcome, messageId, interrupted } : outcome;
}

export { answerParts };
