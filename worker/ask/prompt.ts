import { clip, describeInstructions, documentPassagesBlock, type InstructionLabel } from "../ai/prompt-parts";
import type { ChatMessage } from "../ai/types";
import type { CustomInstructions } from "../../shared/profile/model";
import type { AskAction } from "./actions/catalogue";
import type { AskPassage } from "../../shared/ask/model";
import { offlineAskAnswer } from "./offline-answer";

/**
 * The one place Ask Readyroom prompts are built: the role and grounding rules, the planner's
 * custom instructions and language, the numbered passages, and the conversation so far.
 */

const MAX_HISTORY_MESSAGES = 12;
const MAX_HISTORY_CHARS = 4_000;
const ASK_MAX_OUTPUT_TOKENS = 1_500;

const ROLE =
  "You are Ask Readyroom, an assistant for emergency-management and exercise planners. You answer questions " +
  "from the planner's own documents (plans, procedures, after-action reports) retrieved for each question.";

const RULES = [
  "Answer only from the numbered passages below. Do not use outside knowledge for facts about the planner's organization.",
  "Cite every statement taken from a passage with its number in square brackets, like [1] or [2][3], right after the statement. Cite only numbers that exist.",
  "If the passages do not answer the question (or answer it only in part), say so plainly, say what is missing, and do not guess.",
  'Open with the direct answer in one sentence, in the form the question asks for: a duration for "how long", a number for "how many", a person, role or organization for "who", a place for "where", a time or condition for "when" or "what triggers". State the fact itself ("55 minutes"), not only where it is written, and cite the passage that contains it.',
  "Cite only passages that support what you state; ignore passages that do not bear on the question.",
  "Be concise: short paragraphs or a short list. Use the documents' own names for plans, roles and places.",
].join("\n");

const INSTRUCTION_LABELS: InstructionLabel[] = [
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
  const instructions = describeInstructions(input.instructions, INSTRUCTION_LABELS);
  if (instructions) system.push(`About the planner's organization (their custom instructions; follow them where relevant):\n${instructions}`);
  if (input.language) system.push(`Answer in ${input.language}. Keep the [n] citation markers as they are.`);
  if (input.action) system.push(`${input.action.instructions}\nWrite in Markdown; no HTML.`);
  system.push(documentPassagesBlock(input.passages, input.hasIndexedDocuments));

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
