import { z } from "zod";

/**
 * Request shapes of Ask Readyroom (spec §3 "Document chat request"). The client holds the
 * conversation and sends it with every question; the last message is the new question.
 */

export const QUESTION_MAX_CHARS = 8_000;
/** Earlier turns may be long answers; they are clipped again when the prompt is built. */
const HISTORY_MESSAGE_MAX_CHARS = 50_000;
export const TITLE_MAX_CHARS = 200;
export const ASK_BODY_MAX_BYTES = 2 * 1024 * 1024;
const TITLE_FROM_QUESTION_CHARS = 60;

const titleSchema = z.string().trim().min(1, "Title is required.").max(TITLE_MAX_CHARS, `Title must be at most ${TITLE_MAX_CHARS} characters.`);

export const createChatBodySchema = z.object({ title: titleSchema.optional() });
export const renameChatBodySchema = z.object({ title: titleSchema });

export const askBodySchema = z
  .object({
    messages: z
      .array(
        z.object({
          role: z.enum(["user", "assistant"], "role must be user or assistant"),
          content: z.string().max(HISTORY_MESSAGE_MAX_CHARS, `Must be less than ${HISTORY_MESSAGE_MAX_CHARS} characters`),
        }),
      )
      .min(1, "Ask a question.")
      .max(200),
    documentIds: z.array(z.string().trim().min(1).max(100)).max(100).optional(),
    /** Accepted for the spec's request shape; contexts come in a later slice. */
    contextIds: z.array(z.string().max(100)).max(100).optional(),
    model: z.string().trim().max(100).optional(),
    isAskReadyroomAction: z.boolean().optional(),
    actionName: z.string().max(200).optional(),
    promptFile: z.string().max(200).optional(),
  })
  .superRefine((body, ctx) => {
    const last = body.messages[body.messages.length - 1];
    if (!last) return;
    const path = ["messages", body.messages.length - 1, "content"];
    if (last.role !== "user") ctx.addIssue({ code: "custom", path, message: "The last message must be the user's question." });
    else if (!last.content.trim()) ctx.addIssue({ code: "custom", path, message: "Ask a question." });
    else if (last.content.length > QUESTION_MAX_CHARS)
      ctx.addIssue({ code: "custom", path, message: `Questions must be at most ${QUESTION_MAX_CHARS} characters.` });
  });
export type AskBody = z.infer<typeof askBodySchema>;
/** The body as a client sends it (defaults not yet applied). */
export type AskBodyInput = z.input<typeof askBodySchema>;

/** A retrieved passage: where it is (what a citation shows) and the chunk's full text, which goes into the prompt. */
export interface RetrievedPassage {
  /** 1-based rank, the [n] an answer cites it by. */
  n: number;
  chunkId: string;
  documentId: string;
  documentName: string;
  page?: number;
  /** Text around the matched words, each match wrapped in [ and ] (as document search shows it). */
  snippet: string;
  content: string;
}

/** One passage the answer may cite as [n]: where it is, without its full text. */
export type Citation = Omit<RetrievedPassage, "content">;

/** A retrieved passage: its citation plus the chunk's full text, which goes into the prompt. */
export type AskPassage = RetrievedPassage;

/**
 * The answer stream (application/x-ndjson, one event per line): meta first, then citations (maybe
 * []), text deltas, and finally done — or, if the provider fails mid-answer, error instead of done
 * (the partial answer is saved, marked interrupted, and charged for the prompt and the text
 * streamed; only a failure before any text is free: see answerStream).
 */
export type AskEvent =
  | { type: "meta"; provider: string; model: string; label: string; offline: boolean }
  | { type: "citations"; citations: Citation[] }
  | { type: "text"; delta: string }
  | { type: "done"; messageId: string; usage?: { inputTokens: number; outputTokens: number }; credits?: number }
  | { type: "error"; message: string; interrupted: true };

/** Metadata saved on an assistant ChatMessage. */
export interface AnswerMetadata {
  citations: Citation[];
  model: string;
  provider: string;
  offline?: boolean;
  interrupted?: boolean;
  [key: string]: unknown;
}

/** The first question names an untitled chat (and an intelligence brief its answer): its first ~60 characters, cut at a word. */
export function titleFromQuestion(question: string): string {
  const text = question.replace(/\s+/g, " ").trim();
  if (text.length <= TITLE_FROM_QUESTION_CHARS) return text;
  const cut = text.lastIndexOf(" ", TITLE_FROM_QUESTION_CHARS);
  return `${text.slice(0, cut > 20 ? cut : TITLE_FROM_QUESTION_CHARS).trimEnd()}…`;
}
