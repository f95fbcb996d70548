import type { ProseCitation } from "../exercises/prompts/prose-citations";

/**
 * How a design-assistant answer is streamed.
 *
 * v1 — `PUT /api/conversations/{exerciseId}` and the campaign route: `text/plain; charset=utf-8`,
 * the model's text exactly as generated (a draft request streams the draft's JSON text). If the
 * provider fails mid-stream the text ends with INTERRUPTED_NOTE.
 *
 * v2 — `PUT /api/conversations/v2/{exerciseId}` (or any of them with `Accept: application/x-ndjson`):
 * `application/x-ndjson`, one JSON object per line:
 *   {"type":"meta","provider":"offline","model":"readyroom-offline","label":"offline drafting","offline":true,"sectionType":"modules","purpose":"content","draft":true}
 *   {"type":"text","delta":"…"}                       (repeated, as generated)
 *   {"type":"citations","citations":[{"n":1,"documentId":"…","chunkId":"…","documentName":"…","quote":"…"}],"content":"…"}
 *        after a prose (non-draft) reply: the passages its [n] markers cite, mapped by the server
 *        (worker/exercises/prompts/prose-citations.ts), and the reply as saved — a marker for a
 *        number no passage carries removed
 *   {"type":"draft","sectionType":"modules","moduleIndex":0,"draft":{…},"patch":{…}}
 *        a validated structured draft; `patch` is the body's `exercise` for PUT …/update ("Apply")
 *   {"type":"error","code":"invalid_draft"|"interrupted","message":"…"}
 *        invalid_draft: the answer did not validate, nothing to apply; interrupted: the provider
 *        stopped mid-stream, the partial text is kept (and saved, marked interrupted)
 *   {"type":"usage","inputTokens":…,"outputTokens":…,"credits":…,"interrupted":false,"conversationId":"…"}
 *        always the last line: the stream ended, refresh the balance
 *
 * Both carry headers X-AI-Provider (openai|gemini|anthropic|custom|offline), X-AI-Model and
 * X-AI-Label ("offline drafting" for the offline provider). Errors before the stream starts are
 * ordinary JSON `{message, code}` responses (402, 404, 423, 502…).
 */
export type Framing = "text" | "ndjson";

export const INTERRUPTED_NOTE = "\n\n[Interrupted: the AI provider stopped before finishing. The partial answer was kept.]";

export type StreamEvent =
  | { type: "meta"; provider: string; model: string; label: string; offline: boolean; sectionType: string; purpose: string; draft: boolean }
  | { type: "text"; delta: string }
  | { type: "citations"; citations: ProseCitation[]; content: string }
  | { type: "draft"; sectionType: string; moduleIndex: number; draft: unknown; patch: unknown }
  | { type: "error"; code: "invalid_draft" | "interrupted"; message: string }
  | { type: "usage"; inputTokens: number; outputTokens: number; credits: number; interrupted: boolean; conversationId: string | null };

const encoder = new TextEncoder();

/** Bytes for one event in the chosen framing; null when the framing does not carry it. */
export function encodeEvent(framing: Framing, event: StreamEvent): Uint8Array | null {
  if (framing === "ndjson") return encoder.encode(`${JSON.stringify(event)}\n`);
  if (event.type === "text") return encoder.encode(event.delta);
  if (event.type === "error" && event.code === "interrupted") return encoder.encode(INTERRUPTED_NOTE);
  return null;
}

export const CONTENT_TYPE: Record<Framing, string> = {
  text: "text/plain; charset=utf-8",
  ndjson: "application/x-ndjson; charset=utf-8",
};
