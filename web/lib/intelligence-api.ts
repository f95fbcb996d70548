/**
 * Browser side of the intelligence chat (issue 12): the chat calls through the router's typed client, and a
 * question PUT to /api/intelligence/chats/{id}/messages read as NDJSON (worker/intelligence-chat/model.ts
 * documents the events). Wire types are the server's own, imported as types.
 */
import { INTEL_QUESTION_MAX_CHARS, type IntelChatEvent, type IntelQuestionBody } from "../../shared/intelligence-chat/model";
import type { IntelligenceChatRoutes } from "../../worker/intelligence-chat/routes";
import type { IntelChatDetail, IntelChatMessage, IntelChatSummary } from "../../worker/intelligence-chat/service";
import type { IntelCitation } from "../../worker/intelligence/digest";
import type { AskCitation } from "./ask-api";
export { titleFromQuestion } from "../../shared/ask/model";
export { briefContent, citationDate } from "../../shared/briefs/compose";
import { baseAnswerEvent, ndjsonObject, streamNdjson, type StreamOutcome } from "./answer-stream";
import { apiClient, unwrap } from "./api-client";

export type { IntelChatDetail, IntelChatEvent, IntelChatMessage, IntelChatSummary, IntelCitation };
export type IntelSources = Omit<Extract<IntelChatEvent, { type: "citations" }>, "type">;
export type IntelQuestion = IntelQuestionBody;

/** The server checks 1–8000 characters; the box stops there too so nothing typed is refused. */
export const INTEL_QUESTION_MAX = INTEL_QUESTION_MAX_CHARS;

const enc = encodeURIComponent;
const base = "/api/intelligence/chats";
const chats = apiClient<IntelligenceChatRoutes>(base);

export const intelQueryKeys = {
  chats: ["intelligence", "chats"] as const,
  chat: (id: string) => ["intelligence", "chats", id] as const,
};

export const intelligenceApi = {
  list: () => unwrap(chats.index.$get()),
  create: () => unwrap(chats.index.$post({ json: {} })),
  get: (id: string) => unwrap(chats[":id"].$get({ param: { id: enc(id) } })),
  remove: (id: string) => unwrap(chats[":id"].$delete({ param: { id: enc(id) } })),
};

const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

export function toIntelEvent(line: string): IntelChatEvent | null {
  const e = ndjsonObject(line);
  if (!e) return null;
  switch (e.type) {
    case "citations":
      return {
        type: "citations",
        citations: list<IntelCitation>(e.citations),
        documents: list<AskCitation>(e.documents),
        notice: typeof e.notice === "string" && e.notice ? e.notice : null,
        sourcesAnswered: e.sourcesAnswered !== false,
      };
    case "done":
      return { ...e, type: "done", messageIndex: typeof e.messageIndex === "number" ? e.messageIndex : -1 } as IntelChatEvent;
    default:
      return baseAnswerEvent(e);
  }
}

export type IntelOutcome = StreamOutcome & { messageIndex?: number | null; interrupted?: string | null };

/** One question: streams the answer's events into `onEvent` and resolves when the stream ends. */
export async function streamIntelQuestion(
  chatId: string,
  body: IntelQuestion,
  onEvent: (event: IntelChatEvent) => void,
  signal?: AbortSignal,
): Promise<IntelOutcome> {
  let messageIndex: number | null = null;
  let interrupted: string | null = null;
  const outcome = await streamNdjson(`${base}/${enc(chatId)}/messages`, { method: "PUT", body, signal }, toIntelEvent, (event) => {
    if (event.type === "done") messageIndex = event.messageIndex >= 0 ? event.messageIndex : null;
    if (event.type === "error") interrupted = event.message;
    onEvent(event);
  });
  return outcome.ok ? { ...outcome, messageIndex, interrupted } : outcome;
}

/** What kind of item a citation is, as the source list labels it. */
export const KIND_LABEL: Record<IntelCitation["kind"], string> = {
  "hazard-alert": "Warning",
  "disaster-declaration": "Declaration",
  earthquake: "Earthquake",
  news: "News",
};
