/** What the AI layer speaks, independent of any provider SDK. */

type ChatRole = "system" | "user" | "assistant";

export interface ChatMessage {
  role: ChatRole;
  content: string;
}

export interface JsonSchemaFormat {
  /** Letters, digits, _ and - (OpenAI's rule for schema names). */
  name: string;
  schema: Record<string, unknown>;
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  /** Ask for JSON matching this schema (structured drafts). Providers that cannot enforce it get it in the prompt only. */
  jsonSchema?: JsonSchemaFormat;
  maxOutputTokens: number;
  signal?: AbortSignal;
  /**
   * The deterministic answer the offline provider gives for this request. The feature building
   * the prompt supplies it, because only the feature knows what a grounded answer looks like.
   */
  offlineAnswer?: () => string;
}

export type ChatChunk = { type: "text"; text: string } | { type: "usage"; inputTokens: number; outputTokens: number };

export type ProviderId = "openai" | "gemini" | "anthropic" | "custom" | "offline";

export interface AiProvider {
  id: ProviderId;
  /** What the UI shows next to the answer ("offline drafting" for the offline provider). */
  label: string;
  offline: boolean;
  /** The model name sent to the endpoint. */
  model: string;
  supportsJsonSchema: boolean;
  /**
   * Starts a streamed completion. Resolves once the provider has accepted the request (HTTP
   * headers received), so refusals (bad key, unknown model, rate limit) surface here as
   * AiProviderError before any text is streamed; failures after that throw from the iterator.
   */
  open(request: ChatRequest): Promise<AsyncIterable<ChatChunk>>;
}

export class AiProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly providerId: ProviderId,
  ) {
    super(message);
    this.name = "AiProviderError";
  }
}

/** A rough token count (≈ 4 characters per token) for estimates and servers that report no usage. */
export function approxTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
