/**
 * The collaborate synthesis engine (issue 14): pure functions the synthesis Durable Object / queue
 * calls in turn — anonymise (nothing identifying reaches a prompt), analyse (findings), draft
 * injects (an MSEL) — each AI stage with an extractive fallback and a second scrub of its output.
 * No bindings, no database.
 */
export type { Anonymised, ContributorInput, StageUsage, SynthesisCampaign } from "./types";
export { anonymise, genericRole } from "./anonymise";
export { analyse } from "./analyse";
export { draftInjects } from "./draft";
export { extractiveFindings } from "./extractive";
export { extractiveInjects } from "./draft";
export { addUsage } from "./ai-call";
