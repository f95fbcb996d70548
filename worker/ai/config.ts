import type { Config } from "../env";
import { AI_PROVIDERS, DEFAULT_CHAT_MODEL, getModel, PROVIDER_DEFAULT_MODEL, type ModelProvider } from "../../shared/ai/models";

/**
 * Which AI endpoints this deployment can reach, read from config:
 * - per-provider keys OPENAI_API_KEY / GEMINI_API_KEY / ANTHROPIC_API_KEY (several at once);
 * - or AI_PROVIDER + AI_API_KEY (one provider; AI_BASE_URL then overrides its base URL, e.g. a gateway);
 * - or AI_BASE_URL alone (or AI_PROVIDER=custom): a self-hosted OpenAI-compatible server (Ollama,
 *   vLLM…) that answers every model, or AI_MODEL when set;
 * - nothing, or AI_PROVIDER=offline: the offline drafting provider.
 */

type EndpointId = ModelProvider | "custom";

export interface AiEndpoint {
  id: EndpointId;
  baseURL: string;
  apiKey: string;
  /** Whether `response_format: json_schema` is honoured (Anthropic's compatibility layer ignores it). */
  supportsJsonSchema: boolean;
  /** A self-hosted server's one model, sent whatever the catalogue choice was. */
  forcedModel?: string;
}

export interface AiSettings {
  endpoints: Partial<Record<ModelProvider, AiEndpoint>>;
  custom: AiEndpoint | null;
}

export const PROVIDER_BASE_URL: Record<ModelProvider, string> = {
  openai: "https://api.openai.com/v1",
  gemini: "https://generativelanguage.googleapis.com/v1beta/openai/",
  anthropic: "https://api.anthropic.com/v1/",
};

const KEY_VAR = { openai: "OPENAI_API_KEY", gemini: "GEMINI_API_KEY", anthropic: "ANTHROPIC_API_KEY" } as const;

type AiConfig = Pick<Config, "AI_PROVIDER" | "AI_API_KEY" | "AI_BASE_URL" | "AI_MODEL" | "OPENAI_API_KEY" | "GEMINI_API_KEY" | "ANTHROPIC_API_KEY">;

export function readAiSettings(config: AiConfig): AiSettings {
  const chosen = config.AI_PROVIDER?.toLowerCase();
  const settings: AiSettings = { endpoints: {}, custom: null };
  if (chosen === "offline") return settings;
  // A bare AI_API_KEY with no provider and no base URL is an OpenAI key (the most common setup).
  const primary = chosen ?? (config.AI_BASE_URL ? "custom" : config.AI_API_KEY ? "openai" : undefined);
  for (const provider of AI_PROVIDERS) {
    const apiKey = config[KEY_VAR[provider]] ?? (primary === provider ? config.AI_API_KEY : undefined);
    if (!apiKey) continue;
    const baseURL = primary === provider && config.AI_BASE_URL ? config.AI_BASE_URL : PROVIDER_BASE_URL[provider];
    settings.endpoints[provider] = { id: provider, baseURL, apiKey, supportsJsonSchema: provider !== "anthropic" };
  }
  if (primary === "custom" && config.AI_BASE_URL) {
    settings.custom = {
      id: "custom",
      baseURL: config.AI_BASE_URL,
      // Self-hosted servers usually ignore the key, but the SDK insists on one.
      apiKey: config.AI_API_KEY ?? "not-needed",
      supportsJsonSchema: true,
      forcedModel: config.AI_MODEL,
    };
  }
  return settings;
}

export function isAiConfigured(settings: AiSettings): boolean {
  return settings.custom !== null || Object.keys(settings.endpoints).length > 0;
}

export interface ModelChoice {
  endpoint: AiEndpoint;
  /** The model name sent to the endpoint. */
  model: string;
}

/**
 * The model a call uses. The caller's choice counts only when the account may choose
 * (`modelSelectionEnabled`) and it is in the catalogue; otherwise the feature's default. When
 * that model's provider is not configured: a self-hosted server takes it, else the first
 * configured provider's own default. Null means no provider: use the offline one.
 */
export function chooseModel(settings: AiSettings, input: { requested?: string | null; selectionEnabled: boolean; fallback?: string }): ModelChoice | null {
  const wanted = (input.selectionEnabled ? getModel(input.requested) : undefined) ?? getModel(input.fallback) ?? getModel(DEFAULT_CHAT_MODEL)!;
  const direct = settings.endpoints[wanted.provider];
  if (direct) return { endpoint: direct, model: wanted.id };
  if (settings.custom) return { endpoint: settings.custom, model: settings.custom.forcedModel ?? wanted.id };
  for (const provider of AI_PROVIDERS) {
    const endpoint = settings.endpoints[provider];
    if (endpoint) return { endpoint, model: PROVIDER_DEFAULT_MODEL[provider] };
  }
  return null;
}
