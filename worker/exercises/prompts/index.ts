export { buildPrompt, describeExercise, type BuiltPrompt, type ExerciseForPrompt, type PromptInput } from "./build";
export { closestTemplate, offlineAnswer, offlineDraft } from "./offline";
export { retrievePassages, type Passage } from "./passages";
export * from "./sections";
export { groundDraft, groundElement, matchPassage } from "./grounding";
export { citeProse, type ProseCitation } from "./prose-citations";
