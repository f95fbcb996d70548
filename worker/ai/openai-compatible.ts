import OpenAI from "openai";
import type { AiEndpoint } from "./config";
import { AiProviderError, approxTokens, type AiProvider, type ChatChunk, type ChatRequest } from "./types";

const LABELS: Record<AiEndpoint["id"], string> = {
  openai: "OpenAI",
  gemini: "Google Gemini",
  anthropic: "Anthropic Claude",
  custom: "Self-hosted model",
};

// One SDK client per endpoint and key per isolate: building it is cheap, but reusing it keeps
// connection reuse possible.
const clients = new Map<string, OpenAI>();

export function clientFor(endpoint: AiEndpoint): OpenAI {
  const key = `${endpoint.baseURL} ${endpoint.apiKey}`;
  let client = clients.get(key);
  if (!client) {
    // One retry: a 429/5xx before streaming starts is worth a second try; more would keep the
    // user staring at an empty chat.
    client = new OpenAI({ apiKey: endpoint.apiKey, baseURL: endpoint.baseURL, maxRetries: 1, timeout: 120_000 });
    clients.set(key, client);
  }
  return client;
}

/**
 * OpenAI, Gemini's and Anthropic's OpenAI-compatible endpoints and self-hosted servers, all
 * through the same SDK call: streamed chat completions with usage in the final chunk.
 */
export function openAiCompatibleProvider(endpoint: AiEndpoint, model: string): AiProvider {
  return {
    id: endpoint.id,
    label: LABELS[endpoint.id],
    offline: false,
    model,
    supportsJsonSchema: endpoint.supportsJsonSchema,
    async open(request: ChatRequest) {
      const client = clientFor(endpoint);
      const body: OpenAI.Chat.ChatCompletionCreateParamsStreaming = {
        model,
        messages: request.messages,
        stream: true,
        stream_options: { include_usage: true },
      };
      // OpenAI's reasoning models refuse max_tokens; the compatibility layers of the others
      // document max_tokens.
      if (endpoint.id === "openai") body.max_completion_tokens = request.maxOutputTokens;
      else body.max_tokens = request.maxOutputTokens;
      if (request.jsonSchema && endpoint.supportsJsonSchema) {
        body.response_format = { type: "json_schema", json_schema: { name: request.jsonSchema.name, schema: request.jsonSchema.schema, strict: true } };
      }
      let stream: AsyncIterable<OpenAI.Chat.ChatCompletionChunk>;
      try {
        stream = await client.chat.completions.create(body, { signal: request.signal });
      } catch (err) {
        throw toProviderError(err, endpoint.id);
      }
      return chunks(stream, request, endpoint.id);
    },
  };
}

async function* chunks(stream: AsyncIterable<OpenAI.Chat.ChatCompletionChunk>, request: ChatRequest, id: AiEndpoint["id"]): AsyncIterable<ChatChunk> {
  let usage: { inputTokens: number; outputTokens: number } | null = null;
  let produced = "";
  try {
    for await (const chunk of stream) {
      const text = chunk.choices?.[0]?.delta?.content;
      if (text) {
        produced += text;
        yield { type: "text", text };
      }
      if (chunk.usage) usage = { inputTokens: chunk.usage.prompt_tokens ?? 0, outputTokens: chunk.usage.completion_tokens ?? 0 };
    }
  } catch (err) {
    throw toProviderError(err, id);
  }
  // A server that reports no usage is still charged for what it did, estimated from the text.
  yield {
    type: "usage",
    ...(usage ?? { inputTokens: approxTokens(request.messages.map((m) => m.content).join("\n")), outputTokens: approxTokens(produced) }),
  };
}

export function toProviderError(err: unknown, id: AiEndpoint["id"]): AiProviderError {
  if (err instanceof AiProviderError) return err;
  if (err instanceof OpenAI.APIError) {
    return new AiProviderError(`${LABELS[id]} answered ${err.status ?? "without a status"}: ${err.message}`, err.status ?? null, id);
  }
  return new AiProviderError(`${LABELS[id]} could not be reached: ${err instanceof Error ? err.message : String(err)}`, null, id);
}
