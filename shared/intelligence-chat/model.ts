import { z } from "zod";
import type { Citation } from "../ask/model";
import type { IntelCitation } from "../intelligence/citation";

/**
 * Wire shapes of the intelligence chat (issue 12), shared with the browser (shared/): request bodies, limits, the answer stream's events and what an answer
 * keeps in its saved metadata. The server holds the conversation (IntelligenceChat.messages); a
 * question is sent alone.
 */

/** As Ask Readyroom: a question is 1–8000 characters. */
export const INTEL_QUESTION_MAX_CHARS = 8_000;
/** Messages one chat holds (questions and answers); a full chat asks for a new one. Ask's history cap. */
export const INTEL_CHAT_MAX_MESSAGES = 200;
export const INTEL_BODY_MAX_BYTES = 64 * 1024;

export const intelQuestionBodySchema = z.object({
  question: z
    .string("Ask a question.")
    .trim()
    .min(1, "Ask a question.")
    .max(INTEL_QUESTION_MAX_CHARS, `Questions must be at most ${INTEL_QUESTION_MAX_CHARS} characters.`),
  model: z.string().trim().max(100).optional(),
});
export type IntelQuestionBody = z.infer<typeof intelQuestionBodySchema>;

/** A new chat is empty: its title is its first question. */
export const createIntelChatBodySchema = z.object({}).strict();

/**
 * The answer stream (application/x-ndjson, one event per line): meta, then citations (the numbered
 * items fetched from the sources, or — when no source answered — the planner's document passages,
 * with the notice about sources that did not answer), text deltas, and done (with the answer's
 * index in the chat, what a brief points at) or, if the provider fails mid-answer, error.
 */
export type IntelChatEvent =
  | { type: "meta"; provider: string; model: string; label: string; offline: boolean }
  | {
      type: "citations";
      citations: IntelCitation[];
      documents: Citation[];
      /** "Not included: NWS did not answer…", or null when every configured source answered. */
      notice: string | null;
      /** False: no source answered, the answer is from the planner's documents only. */
      sourcesAnswered: boolean;
    }
  | { type: "text"; delta: string }
  /** messageIndex: the answer's index in the chat's messages (-1 if the chat was deleted while it streamed). */
  | { type: "done"; messageIndex: number; usage?: { inputTokens: number; outputTokens: number }; credits?: number }
  | { type: "error"; message: string; interrupted: true };

/** What an assistant message of an IntelligenceChat keeps, so a reload shows the same numbered links. */
export interface IntelAnswerMetadata {
  citations: IntelCitation[];
  documents: Citation[];
  notice: string | null;
  sourcesAnswered: boolean;
  /** The words the sources were searched for. */
  query: string;
  model: string;
  provider: string;
  offline?: boolean;
  interrupted?: boolean;
}
