import type { Config } from "../env";
import { chooseModel, readAiSettings } from "./config";
import { offlineProvider } from "./offline";
import { openAiCompatibleProvider } from "./openai-compatible";
import type { AiProvider } from "./types";

export * from "./types";
export { DEFAULT_CHAT_MODEL, DEFAULT_DOCUMENT_CHAT_MODEL } from "../../shared/ai/models";
/**
 * The one entry point features use: the provider (and model) a call goes to. Offline when no
 * provider is configured.
 */
export function getAiProvider(config: Config, input: { requested?: string | null; selectionEnabled: boolean; fallback?: string }): AiProvider {
  const choice = chooseModel(readAiSettings(config), input);
  return choice ? openAiCompatibleProvider(choice.endpoint, choice.model) : offlineProvider();
}

/** The model picker's contents (spec §3), shown when the account has `modelSelectionEnabled`. */
