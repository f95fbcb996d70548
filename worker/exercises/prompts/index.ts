export { buildPrompt, type BuiltPrompt, type PromptInput } from "./build";
export { closestTemplate, offlineAnswer } from "./offline";
export { retrievePassages, type Passage } from "./passages";
export * from "./sections";
export { groundDraft, groundElement, matchPassage } from "./grounding";
export { citeProse, type ProseCitation } from "./prose-citations";
