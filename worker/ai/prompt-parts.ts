import type { RetrievedPassage } from "../documents/retrieval";
import type { CustomInstructions } from "../../shared/profile/model";

/**
 * Prompt pieces shared by the answers that read the planner's documents and settings (Ask
 * Readyroom, the intelligence chat): the custom instructions as labelled lines, the numbered
 * passages block (or what to say when there is none), and clipping.
 */

/** A custom-instruction field and the heading it goes under in a prompt. */
export type InstructionLabel = [keyof CustomInstructions, string];

const MAX_PASSAGE_CHARS = 1_500;
const MAX_INSTRUCTION_CHARS = 2_000;

/** The non-empty fields among `labels`, one "Label: text" line each (clipped), in the labels' order. */
export function describeInstructions(instructions: CustomInstructions | null, labels: readonly InstructionLabel[]): string {
  if (!instructions) return "";
  return labels
    .filter(([key]) => typeof instructions[key] === "string" && (instructions[key] as string).trim())
    .map(([key, label]) => `${label}: ${clip(instructions[key] as string, MAX_INSTRUCTION_CHARS)}`)
    .join("\n");
}

/**
 * The planner's numbered passages for the system prompt; with none, what the model must say instead
 * (their documents do not cover it, or nothing is ready to search), never an answer from outside knowledge.
 */
export function documentPassagesBlock(passages: readonly RetrievedPassage[], hasIndexedDocuments: boolean): string {
  if (passages.length === 0) {
    return hasIndexedDocuments
      ? "No passage of the planner's documents matched this question. Say that their documents do not seem to cover it, and suggest other words to try or a document to upload. Do not answer from outside knowledge."
      : "The planner has no documents ready to search (none uploaded, or still processing). Say so, and tell them to upload documents in the Library and wait until they show Ready. Do not answer from outside knowledge.";
  }
  const blocks = passages.map((p) => {
    const where = p.page !== undefined ? `${p.documentName}, page ${p.page}` : p.documentName;
    return `[${p.n}] (${where})\n${clip(p.content, MAX_PASSAGE_CHARS)}`;
  });
  return `Passages from the planner's documents, most relevant first:\n\n${blocks.join("\n\n")}`;
}

export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}
