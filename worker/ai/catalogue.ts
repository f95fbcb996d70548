import type { Config } from "../env";
import { isAiConfigured, readAiSettings } from "./config";
import { AI_MODELS, DEFAULT_CHAT_MODEL, DEFAULT_DOCUMENT_CHAT_MODEL } from "../../shared/ai/models";
import { OFFLINE_LABEL } from "./offline";

export interface ModelListing {
  models: { id: string; provider: string; label: string; description: string; available: boolean }[];
  defaultChatModel: string;
  defaultDocumentChatModel: string;
  selectionEnabled: boolean;
  offline: boolean;
  offlineLabel: string | null;
  /** keyword: no embedding model is configured, documents are searched by their words only. */
  retrieval: "hybrid" | "keyword";
}

/** The catalogue with, per model, whether this deployment can serve it directly. */
export function listModels(config: Config, selectionEnabled: boolean, retrieval: ModelListing["retrieval"]): ModelListing {
  const settings = readAiSettings(config);
  const offline = !isAiConfigured(settings);
  return {
    models: AI_MODELS.map((m) => ({
      ...m,
      available: !offline && (Boolean(settings.endpoints[m.provider]) || (settings.custom !== null && !settings.custom.forcedModel)),
    })),
    defaultChatModel: DEFAULT_CHAT_MODEL,
    defaultDocumentChatModel: DEFAULT_DOCUMENT_CHAT_MODEL,
    selectionEnabled,
    offline,
    offlineLabel: offline ? OFFLINE_LABEL : null,
    retrieval,
  };
}
