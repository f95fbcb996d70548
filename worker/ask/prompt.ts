import type { ChatMessage } from "../ai/types";
import type { CustomInstructions } from "../profile/model";
import type { AskAction } from "./actions/catalogue";
import type { AskPassage } from "./model";
import { offlineAskAnswer } from "./offline-answer";

/**
 * The one place Ask Readyroom prompts are built: the role and grounding rules, the planner's
 * custom instructions and language, the numbered passages, and the conversation so far.
 */

const MAX_PASSAGE_CHARS = 1_500;
const MAX_HISTORY_MESSAGES = 12;
const MAX_HISTORY_CHARS = 4_000;
export const ASK_MAX_OUTPUT_TOKENS = 1_500;

const ROLE =
  "You are Ask Readyroom, an assistant for emergency-management and exercise planners. You answer questions " +
  "from the planner's own documents (plans, procedures, after-action reports) retrieved for each question.";

const RULES = [
  "Answer only from the numbered passages below. Do not use outside knowledge for facts about the planner's organization.",
  "Cite every statement taken from a passage with its number in square brackets, like [1] or [2][3], right after the statement. Cite only numbers that exist.",
  "If the passages do not answer the question (or answer it only in part), say so plainly, say what is missing, and do not guess.",
  "Be concise: short paragraphs or a short list. Use the documents' own names for plans, roles and places.",
].join("\n");

const INSTRUCTION_LABELS: [keyof CustomInstructions, string][] = [
  ["askReadyroom", "Instructions for Ask Readyroom"],
  ["focus", "Organizational & Regional Focus"],
  ["threats", "Threats Hazards and Concerns"],
  ["frameworks", "Capabilities & Frameworks"],
  ["goals", "Goals Objectives and Participants"],
  ["typeOfUse", "Type of Use"],
];

export interface AskPromptInput {
  /** The conversation as the client holds it, oldest first; the last is the question. */
  messages: { role: "user" | "assistant"; content: string }[];
  passages: AskPassage[];
  /** False when none of the documents in scope has indexed text (nothing uploaded or nothing Ready). */
  hasIndexedDocuments: boolean;
  instructions: CustomInstructions | null;
  /** Language name to answer in, or null. */
  language: string | null;
  /** A named action: its task and output shape, and its own offline answer. */
  action?: Pick<AskAction, "instructions" | "offline">;
}

export interface AskPrompt {
  messages: ChatMessage[];
  maxOutputTokens: number;
  offlineAnswer: () => string;
}

export function buildAskPrompt(input: AskPromptInput): AskPrompt {
  const system: string[] = [ROLE, RULES];
  const instructions = describeInstructions(input.instructions);
  if (instructions) system.push(`About the planner's organization (their custom instructions; follow them where relevant):\n${instructions}`);
  if (input.language) system.push(`Answer in ${input.language}. Keep the [n] citation markers as they are.`);
  if (input.action) system.push(`${input.action.instructions}\nWrite in Markdown; no HTML.`);
  system.push(passagesBlock(input));

  const history = input.messages.slice(-MAX_HISTORY_MESSAGES).map((m) => ({ role: m.role, content: clip(m.content, MAX_HISTORY_CHARS) }));
  const question = input.messages[input.messages.length - 1]?.content ?? "";
  return {
    messages: [{ role: "system", content: system.join("\n\n") }, ...history],
    maxOutputTokens: ASK_MAX_OUTPUT_TOKENS,
    offlineAnswer: () =>
      input.action && input.passages.length
        ? input.action.offline(input.passages)
        : offlineAskAnswer(question, input.passages, { hasIndexedDocuments: input.hasIndexedDocuments }),
  };
}

function passagesBlock(input: AskPromptInput): string {
  if (input.passages.length === 0) {
    return input.hasIndexedDocuments
      ? "No passage of the planner's documents matched this question. Say that their documents do not seem to cover it, and suggest other words to try or a document to upload. Do not answer from outside knowledge."
      : "The planner has no documents ready to search (none uploaded, or still processing). Say so, and tell them to upload documents in the Library and wait until they show Ready. Do not answer from outside knowledge.";
  }
  const blocks = input.passages.map((p) => {
    const where = p.page !== undefined ? `${p.documentName}, page ${p.page}` : p.documentName;
    return `[${p.n}] (${where})\n${clip(p.content, MAX_PASSAGE_CHARS)}`;
  });
  return `Passages from the planner's documents, most relevant first:\n\n${blocks.join("\n\n")}`;
}

function describeInstructions(instructions: CustomInstructions | null): string {
  if (!instructions) return "";
  return INSTRUCTION_LABELS.filter(([key]) => typeof instructions[key] === "string" && (instructions[key] as string).trim())
    .map(([key, label]) => `${label}: ${clip(instructions[key] as string, 2_000)}`)
    .join("\n");
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}
