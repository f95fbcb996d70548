import { approxTokens, type AiProvider, type ChatChunk, type ChatRequest } from "./types";

import { OFFLINE_LABEL, OFFLINE_MODEL } from "../../shared/ai/models";

export { OFFLINE_LABEL, OFFLINE_MODEL };

const CHUNK_CHARS = 40;

/**
 * The provider used when no AI provider is configured: deterministic (same request, same
 * answer), grounded in what the feature supplies as `offlineAnswer` (for exercises: the
 * quick-start library adapted to the exercise), streamed in chunks and reporting token usage
 * like a real provider, so everything downstream (streaming, credits, drafts) behaves the same.
 */
export function offlineProvider(): AiProvider {
  return {
    id: "offline",
    label: OFFLINE_LABEL,
    offline: true,
    model: OFFLINE_MODEL,
    supportsJsonSchema: true,
    async open(request: ChatRequest) {
      const answer = request.offlineAnswer ? request.offlineAnswer() : genericAnswer(request);
      return stream(answer, request);
    },
  };
}

async function* stream(answer: string, request: ChatRequest): AsyncIterable<ChatChunk> {
  for (const piece of splitIntoChunks(answer, CHUNK_CHARS)) {
    if (request.signal?.aborted) return;
    yield { type: "text", text: piece };
    // Hand control back between chunks, as a network stream would.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  yield {
    type: "usage",
    inputTokens: approxTokens(request.messages.map((m) => m.content).join("\n")),
    outputTokens: approxTokens(answer),
  };
}

/** Splits after whitespace near every `size` characters, so chunks end on word boundaries. */
export function splitIntoChunks(text: string, size: number): string[] {
  const out: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    if (end < text.length) {
      const space = text.lastIndexOf(" ", end);
      if (space > start) end = space + 1;
    }
    out.push(text.slice(start, end));
    start = end;
  }
  return out;
}

function genericAnswer(request: ChatRequest): string {
  const last = [...request.messages].reverse().find((m) => m.role === "user")?.content ?? "";
  return (
    `Offline drafting is active: no AI provider is configured on this server, so answers come from ` +
    `Readyroom's built-in library rather than a language model.\n\nYou asked: "${last.slice(0, 300)}"`
  );
}
