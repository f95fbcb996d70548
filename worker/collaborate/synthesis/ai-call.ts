import type { z } from "zod";
import { approxTokens, type AiProvider, type ChatMessage, type JsonSchemaFormat } from "../../ai/types";
import type { StageUsage } from "./types";

/**
 * One structured call of a synthesis stage: the prompt (anonymised text only), the schema, and
 * the deterministic answer the offline provider gives. The text is parsed as JSON and validated;
 * anything else (prose, fences around nothing, a wrong shape) is `value: null` and the stage falls
 * back to its extractive result. Provider refusals and aborts propagate: the caller decides
 * whether to retry, fail, or run again offline.
 */
export async function structuredCall<T>(
  provider: AiProvider,
  input: { messages: ChatMessage[]; jsonSchema: JsonSchemaFormat; maxOutputTokens: number; offlineAnswer: () => string; signal?: AbortSignal },
  schema: z.ZodType<T>,
): Promise<{ value: T | null; usage: StageUsage }> {
  input.signal?.throwIfAborted();
  const request = {
    model: provider.model,
    messages: input.messages,
    // A provider that cannot enforce the schema reads it from the prompt instead.
    jsonSchema: input.jsonSchema,
    maxOutputTokens: input.maxOutputTokens,
    signal: input.signal,
    offlineAnswer: input.offlineAnswer,
  };
  let text = "";
  let reported: { inputTokens: number; outputTokens: number } | null = null;
  for await (const chunk of await provider.open(request)) {
    if (chunk.type === "text") text += chunk.text;
    else reported = { inputTokens: chunk.inputTokens, outputTokens: chunk.outputTokens };
  }
  input.signal?.throwIfAborted();
  const usage: StageUsage = {
    ...(reported ?? { inputTokens: approxTokens(input.messages.map((m) => m.content).join("\n")), outputTokens: approxTokens(text) }),
    calls: 1,
  };
  const parsed = schema.safeParse(parseJsonLoose(text));
  return { value: parsed.success ? parsed.data : null, usage };
}

/** JSON out of a model's text: bare, or inside a ```json fence, or the outermost {…}; undefined if none. */
function parseJsonLoose(text: string): unknown {
  const candidates = [text.trim()];
  const fenced = firstFenceBody(text);
  if (fenced) candidates.push(fenced.trim());
  const first = text.indexOf("{");
  const last = text.lastIndexOf("}");
  if (first >= 0 && last > first) candidates.push(text.slice(first, last + 1));
  for (const c of candidates) {
    try {
      return JSON.parse(c);
    } catch {
      // try the next shape
    }
  }
  return undefined;
}

/**
 * What the first ``` fence holds, after an optional "json" and spaces, up to the next ``` (null
 * without one): what /```(?:json)?\s*([\s\S]*?)```/i captured, found with two searches instead of
 * a pattern whose spaces and body can trade characters.
 */
export function firstFenceBody(text: string): string | null {
  const open = text.indexOf("```");
  if (open === -1) return null;
  let from = open + 3;
  if (text.slice(from, from + 4).toLowerCase() === "json") from += 4;
  while (from < text.length && /\s/.test(text[from]!)) from++;
  const close = text.indexOf("```", from);
  return close === -1 ? null : text.slice(from, close);
}

export const addUsage = (a: StageUsage, b: StageUsage): StageUsage => ({
  inputTokens: a.inputTokens + b.inputTokens,
  outputTokens: a.outputTokens + b.outputTokens,
  calls: a.calls + b.calls,
});
