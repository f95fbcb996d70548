import { clip, describeInstructions, documentPassagesBlock, type InstructionLabel } from "../ai/prompt-parts";
import type { ChatMessage } from "../ai/types";
import { offlineAskAnswer } from "../ask/offline-answer";
import { analyzeQuestion } from "../documents/query-terms";
import type { RetrievedPassage } from "../documents/retrieval";
import type { CustomInstructions } from "../../shared/profile/model";
import { extractiveDigest, itemsForPrompt, MAX_CITED_ITEMS } from "../intelligence/digest";
import type { IntelItem, IntelRegion } from "../intelligence/sources";
import { US_STATES } from "../intelligence/sources/region";

/**
 * The intelligence chat's prompts (pure): the search words a question gives the sources, the system
 * prompt over the numbered items (or, when no source answered, over the planner's own passages),
 * and the offline answer (the extractive digest, or Ask's quotes of the documents).
 */

export const INTEL_MAX_OUTPUT_TOKENS = 1_500;
const MAX_HISTORY_MESSAGES = 12;
const MAX_HISTORY_CHARS = 4_000;
const MAX_QUERY_TERMS = 4;
const MAX_QUERY_CHARS = 200;

const ROLE =
  "You are Readyroom's intelligence analyst for emergency managers and preparedness planners. You answer questions " +
  "about current hazards, incidents and threats from items fetched for each question from public feeds: National " +
  "Weather Service alerts, USGS earthquakes, FEMA disaster declarations and news searches.";

const RULES = [
  "Answer only from the numbered items below. Do not add facts, numbers, places or dates that are not in them.",
  "Cite every statement taken from an item with its number in square brackets, like [1] or [2][3], right after the statement. Cite only numbers that exist.",
  "Official warnings, declarations and earthquake reports come before news coverage; say when a statement rests on news alone.",
  "Give dates for what you report (the items' dates are UTC) and say when something may already be over.",
  "If the items do not answer the question (or answer it only in part), say so plainly and do not guess.",
  "Be concise: a short lead, then a short list where it helps. Write in Markdown; no HTML.",
].join("\n");

const DOCUMENTS_ROLE =
  "You are Readyroom's intelligence analyst for emergency managers and preparedness planners. No public intelligence " +
  "source could be reached for this question, so you answer from the planner's own documents only (plans, procedures, " +
  "after-action reports), retrieved for the question.";

const DOCUMENTS_RULES = [
  "The answer already begins with a note that no intelligence source answered; do not repeat it, and do not present anything as current news.",
  "Answer only from the numbered passages below. Cite every statement taken from a passage with its number in square brackets, like [1]. Cite only numbers that exist.",
  "If the passages do not answer the question, say so plainly and do not guess. Be concise. Write in Markdown; no HTML.",
].join("\n");

/** Intelligence Findings first: it is this chat's own custom instruction. */
const INSTRUCTION_LABELS: InstructionLabel[] = [
  ["intelligenceFindings", "Intelligence Findings"],
  ["focus", "Organizational & Regional Focus"],
  ["threats", "Threats Hazards and Concerns"],
  ["frameworks", "Capabilities & Frameworks"],
  ["goals", "Goals Objectives and Participants"],
  ["typeOfUse", "Type of Use"],
];

export type HistoryMessage = { role: "user" | "assistant"; content: string };

/**
 * Words of a question about current events that name no topic: news searches AND their terms
 * (GDELT does), so "What is the latest on the flood right now?" must search "flood", not
 * "latest flood right now".
 */
const FRAMING_WORDS = new Set(
  (
    "latest recent recently today tonight tomorrow yesterday week weekend month now right currently update updates " +
    "active ongoing news report reports reported happening situation status going affect affects affecting impact impacts expected " +
    "threat threats risk risks hazard hazards concern concerns area areas region nearby us anything something there " +
    "information info details summary summarize summarise overview brief"
  ).split(" "),
);

/**
 * The words the sources are searched for: the question's topic words as retrieval reads them,
 * without the words that only frame a question about current events, specific terms (names,
 * codes, numbers) first, at most MAX_QUERY_TERMS (each one narrows a news search). A follow-up
 * without topic words of its own ("And tomorrow?") keeps the previous question's. Official feeds
 * select by region and time, so the words matter to news searches only.
 */
export function intelSearchQuery(question: string, history: readonly HistoryMessage[] = []): string {
  const own = topicWords(question);
  const previous = [...history].reverse().find((m) => m.role === "user");
  const words = own.length || !previous ? own : topicWords(previous.content);
  const query = words.length ? words.slice(0, MAX_QUERY_TERMS).join(" ") : question.replace(/\s+/g, " ").trim().slice(0, MAX_QUERY_CHARS);
  return query.trim();
}

function topicWords(text: string): string[] {
  const concepts = analyzeQuestion(text).filter((c) => !FRAMING_WORDS.has(c.text.toLowerCase()));
  const ordered = [...concepts.filter((c) => c.specific), ...concepts.filter((c) => !c.specific)];
  return [...new Set(ordered.map((c) => c.text))];
}

/** "Brackwater, Washington (WA)", "Washington (WA)", or null when the profile gives no place. */
export function describeRegion(region: IntelRegion): string | null {
  const state = region.state ? `${US_STATES[region.state] ?? region.state} (${region.state})` : null;
  const parts = [region.area, state].filter((p): p is string => Boolean(p));
  return parts.length ? parts.join(", ") : null;
}

export interface IntelPromptInput {
  question: string;
  /** The chat so far, oldest first, without the question. */
  history: readonly HistoryMessage[];
  /** Whether any source answered; false: answer from `passages` only. */
  sourcesAnswered: boolean;
  items: readonly IntelItem[];
  /** The planner's passages, used only when no source answered. */
  passages: readonly RetrievedPassage[];
  hasIndexedDocuments: boolean;
  region: IntelRegion;
  instructions: CustomInstructions | null;
  /** Language name to answer in, or null. */
  language: string | null;
  /** "Not included: …" for the sources that did not answer. */
  notice: string | null;
}

export interface IntelPrompt {
  messages: ChatMessage[];
  maxOutputTokens: number;
  offlineAnswer: () => string;
}

export function buildIntelPrompt(input: IntelPromptInput): IntelPrompt {
  const system: string[] = input.sourcesAnswered ? [ROLE, RULES] : [DOCUMENTS_ROLE, DOCUMENTS_RULES];
  const region = describeRegion(input.region);
  system.push(
    region ? `The planner works in ${region}. Put what affects that area first.` : "The planner's profile names no state or city: do not assume a location.",
  );
  const instructions = describeInstructions(input.instructions, INSTRUCTION_LABELS);
  if (instructions) system.push(`About the planner's organization (their custom instructions; follow them where relevant):\n${instructions}`);
  if (input.language) system.push(`Answer in ${input.language}. Keep the [n] citation markers as they are.`);
  if (input.sourcesAnswered) {
    if (input.notice) system.push(`${input.notice} Mention briefly that these sources are missing from the answer.`);
    system.push(
      input.items.length
        ? `Items fetched for this question, newest first:\n\n${itemsForPrompt(input.items)}`
        : "The sources answered but reported nothing current for this question and area. Say so, and suggest other words or a wider area to try. Do not answer from outside knowledge.",
    );
  } else {
    system.push(documentPassagesBlock(input.passages, input.hasIndexedDocuments));
  }
  const history = input.history.slice(-(MAX_HISTORY_MESSAGES - 1)).map((m) => ({ role: m.role, content: clip(m.content, MAX_HISTORY_CHARS) }));
  return {
    messages: [{ role: "system", content: system.join("\n\n") }, ...history, { role: "user", content: input.question }],
    maxOutputTokens: INTEL_MAX_OUTPUT_TOKENS,
    offlineAnswer: () =>
      input.sourcesAnswered
        ? offlineIntelAnswer(input.question, input.items, region)
        : offlineAskAnswer(input.question, [...input.passages], { hasIndexedDocuments: input.hasIndexedDocuments }),
  };
}

/**
 * No AI provider: the extractive digest of the fetched items (their own words, each with its [n]),
 * introduced and labelled so it is not mistaken for an analysis.
 */
export function offlineIntelAnswer(question: string, items: readonly IntelItem[], region: string | null): string {
  const topic = clip(question.trim().replace(/\s+/g, " "), 80);
  if (items.length === 0) {
    return (
      `The intelligence sources answered, but reported nothing current for "${topic}"${region ? ` in ${region}` : ""}. ` +
      "Try other words, or check again later."
    );
  }
  const shown = Math.min(items.length, MAX_CITED_ITEMS);
  return (
    `Here is what the intelligence sources report for "${topic}" (${shown} item${shown === 1 ? "" : "s"}, official feeds first):\n\n` +
    `${extractiveDigest(items)}\n\n` +
    "No AI provider is configured on this server, so Readyroom lists the items it fetched instead of writing an analysis."
  );
}

/** The note an answer starts with when no source answered: it comes from the planner's documents only. */
export function documentsOnlyPreface(notice: string): string {
  return `${notice} This answer comes from your own documents only.\n\n`;
}
