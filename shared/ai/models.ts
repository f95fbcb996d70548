/**
 * The model catalogue of spec §3: what the model picker shows (when the account has
 * `modelSelectionEnabled`) and which provider serves each model.
 */
/** The offline drafting provider (no AI configured): its model id and how answers from it are labelled. */
export const OFFLINE_MODEL = "readyroom-offline";
export const OFFLINE_LABEL = "offline drafting";

export const AI_PROVIDERS = ["openai", "gemini", "anthropic"] as const;
export type ModelProvider = (typeof AI_PROVIDERS)[number];

export interface AiModel {
  id: string;
  provider: ModelProvider;
  label: string;
  description: string;
  /** Accepts images (an `image_url` part) in chat completions: usable for OCR (worker/documents/ocr). */
  vision: boolean;
}

export const AI_MODELS = [
  { id: "gpt-4o", provider: "openai", label: "GPT-4o", description: "Fast, capable all-rounder; good at following long planning documents.", vision: true },
  {
    id: "gpt-4o-mini",
    provider: "openai",
    label: "GPT-4o mini",
    description: "Quickest and cheapest; fine for short edits and follow-up questions.",
    vision: true,
  },
  { id: "gpt-4.1", provider: "openai", label: "GPT-4.1", description: "Strong instruction following and long context for detailed drafts.", vision: true },
  { id: "gpt-4.1-mini", provider: "openai", label: "GPT-4.1 mini", description: "Lighter GPT-4.1 for quick drafts at lower cost.", vision: true },
  { id: "o3", provider: "openai", label: "o3", description: "Reasoning model: slower, careful with complex scenarios and cascading effects.", vision: true },
  {
    id: "gemini-2.5-flash",
    provider: "gemini",
    label: "Gemini 2.5 Flash",
    description: "Very fast with a large context window; good for iterative chat.",
    vision: true,
  },
  {
    id: "gemini-2.5-pro",
    provider: "gemini",
    label: "Gemini 2.5 Pro",
    description: "The default: thorough drafting of scenarios, modules and MSELs.",
    vision: true,
  },
  {
    id: "claude-sonnet-4-5",
    provider: "anthropic",
    label: "Claude Sonnet 4.5",
    description: "Careful, well-structured writing; strong on nuanced policy discussion.",
    vision: true,
  },
] as const satisfies readonly AiModel[];

export type AiModelId = (typeof AI_MODELS)[number]["id"];

/** Spec §3: the default chat model and the default document-chat model. */
export const DEFAULT_CHAT_MODEL: AiModelId = "gemini-2.5-pro";
export const DEFAULT_DOCUMENT_CHAT_MODEL: AiModelId = "gpt-4o";

/** Each provider's model used when the wanted one's provider is not configured. */
export const PROVIDER_DEFAULT_MODEL: Record<ModelProvider, AiModelId> = {
  openai: "gpt-4o",
  gemini: "gemini-2.5-pro",
  anthropic: "claude-sonnet-4-5",
};

const byId = new Map<string, AiModel>(AI_MODELS.map((m) => [m.id, m]));

export function getModel(id: string | null | undefined): AiModel | undefined {
  return id ? byId.get(id) : undefined;
}
