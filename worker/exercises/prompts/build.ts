import type { ChatMessage } from "../../ai/types";
import type { CustomInstructions } from "../../../shared/profile/model";
import type { ExerciseContent, Module } from "../../../shared/db/exercise-shapes";
import { DOCTRINE, ROLE } from "./doctrine";
import { offlineAnswer } from "./offline";
import type { Passage } from "./passages";
import { draftJsonSchema, MODULE_SECTIONS, type Purpose, SECTION_LABELS, type SectionType, wantsDraft } from "./sections";
import { closestTemplate } from "./offline";

/** The parts of an exercise a prompt reads (an Exercise or CampaignExercise row fits). */
export type ExerciseForPrompt = ExerciseContent;

export interface PromptInput {
  exercise: ExerciseForPrompt;
  sectionType: SectionType;
  purpose: Purpose;
  /** Module the module_* sections are about (0-based). */
  moduleIndex: number;
  /** The conversation as the client holds it, oldest first. */
  messages: ChatMessage[];
  instructions: CustomInstructions | null;
  /** Language name to answer in (from custom instructions or the user's preference), or null. */
  language: string | null;
  passages: Passage[];
  /** False when the provider ignores response_format: the schema then goes into the prompt. */
  providerEnforcesSchema: boolean;
}

export interface BuiltPrompt {
  messages: ChatMessage[];
  /** Set when the answer must be a structured draft of the section. */
  draft: { section: SectionType; name: string; schema: Record<string, unknown> } | null;
  maxOutputTokens: number;
  offlineAnswer: () => string;
}

// Bounds that keep a prompt within every catalogue model's context and the credit estimate honest.
const MAX_HISTORY_MESSAGES = 20;
const MAX_MESSAGE_CHARS = 12_000;
const MAX_FIELD_CHARS = 8_000;
const MAX_PASSAGE_CHARS = 2_000;

const OUTPUT_TOKENS: Record<SectionType, number> = {
  intro: 600,
  coreCapabilities: 2_000,
  objectives: 2_000,
  description: 3_000,
  modules: 8_000,
  module_description: 1_500,
  module_inject: 1_500,
  module_question: 2_000,
  msel_table: 8_000,
};

const INSTRUCTION_LABELS: [keyof CustomInstructions, string][] = [
  ["focus", "Organizational & Regional Focus"],
  ["threats", "Threats Hazards and Concerns"],
  ["frameworks", "Capabilities & Frameworks"],
  ["goals", "Goals Objectives and Participants"],
  ["resources", "Resource Needs & Constraints"],
  ["lessons", "Lessons Learned & Events"],
  ["findings", "Extracts & Findings"],
  ["typeOfUse", "Type of Use"],
];

function clip(text: string | null | undefined, max = MAX_FIELD_CHARS): string {
  if (!text) return "";
  return text.length > max ? `${text.slice(0, max)} […]` : text;
}

function describeModule(m: Module, i: number): string {
  const parts = [`Module ${i + 1}: ${m.title ?? "(untitled)"}`];
  if (m.description) parts.push(`  Description: ${clip(m.description, 2_000)}`);
  if (m.functionalGroups?.length) parts.push(`  Functional groups: ${m.functionalGroups.join("; ")}`);
  if (m.injects?.length) parts.push(`  Injects:\n${m.injects.map((x) => `  - ${clip(x, 600)}`).join("\n")}`);
  if (m.questions) {
    const qs = Array.isArray(m.questions) ? m.questions : m.questions.groups.flatMap((g) => g.questions.map((q) => `${g.name}: ${q.text}`));
    if (qs.length)
      parts.push(
        `  Questions:\n${qs
          .slice(0, 30)
          .map((q) => `  - ${clip(q, 400)}`)
          .join("\n")}`,
      );
  }
  return parts.join("\n");
}

/** The exercise so far, as the model reads it. Empty fields are left out. */
function describeExercise(e: ExerciseForPrompt): string {
  const out: string[] = [];
  if (e.name) out.push(`Name: ${e.name}`);
  out.push(`Framework: ${e.framework || "HSEEP"}`);
  if (e.threatType) out.push(`Threat or hazard: ${clip(e.threatType, 500)}`);
  if (e.scenario) out.push(`Scenario:\n${clip(e.scenario)}`);
  if (e.threatAnalysis) out.push(`Threat analysis:\n${clip(e.threatAnalysis)}`);
  if (e.customInstructions) out.push(`Exercise-specific instructions: ${clip(e.customInstructions, 2_000)}`);
  if (e.capabilitiesAndObjectives?.length) {
    out.push(`Core capabilities and objectives:\n${e.capabilitiesAndObjectives.map((c) => `- ${c.capability ?? "?"}: ${c.objective ?? ""}`).join("\n")}`);
  }
  if (e.modules?.length) out.push(e.modules.map(describeModule).join("\n"));
  if (e.mselTable?.length) {
    out.push(
      `MSEL (${e.mselTable.length} rows):\n${e.mselTable
        .slice(0, 40)
        .map((r) => `- ${r.event ?? ""} ${r.date ?? ""} ${r.time ?? ""} ${r.injectMode ?? ""}: ${clip(r.synopsis, 300)}`)
        .join("\n")}`,
    );
  }
  return out.join("\n\n");
}

function describeInstructions(instructions: CustomInstructions | null): string {
  if (!instructions) return "";
  const lines = INSTRUCTION_LABELS.filter(([key]) => typeof instructions[key] === "string" && (instructions[key] as string).trim()).map(
    ([key, label]) => `${label}: ${clip(instructions[key] as string, 4_000)}`,
  );
  return lines.join("\n");
}

function sectionTask(input: PromptInput): string {
  const label = SECTION_LABELS[input.sectionType];
  const moduleNote = MODULE_SECTIONS.includes(input.sectionType) ? ` for Module ${input.moduleIndex + 1}` : "";
  const base = `The planner is working on the ${label}${moduleNote}.`;
  switch (input.purpose) {
    case "conversation":
      return `${base} Discuss it with them: answer their questions and suggest improvements in prose. Do not output JSON.`;
    case "retry":
      return `${base} The previous draft was not usable. Write a new, complete draft that takes a different approach.`;
    case "follow-up":
      return `${base} Revise the most recent draft according to the planner's latest message, and return the complete revised draft.`;
    case "n-shot":
      return `${base} Write a complete draft, matching the depth and style of the example that follows.`;
    default:
      return `${base} Write a complete draft of it, consistent with everything already in the exercise.`;
  }
}

/** Sections whose elements (MSEL rows, discussion questions) record the plan passage they test. */
const GROUNDED_SECTIONS: readonly SectionType[] = ["msel_table", "module_question", "modules"];

// An exercise exists to find gaps: an element no passage supports is flagged for the planner, not hidden.
const GROUNDING_RULE = `For every MSEL row and every discussion question, set "passage" to the number of the passage above that it tests (the plan provision the players must apply). Set it to 0 when no passage supports the element: it is then shown to the planner as "not in your plans", a gap worth exercising, so never pick a passage that does not support it.`;

const CITATION_RULE = `When a statement rests on a passage above, cite the passage's number in square brackets right after the statement, like [1] or [2][3]. Cite only numbers listed above, and only passages that say what the statement says; advice of your own carries no marker.`;

const DRAFT_RULES = `Answer with one JSON object only, with no Markdown fence and no text before or after it. Use the exercise's own names, places and times; keep every field filled.`;

/**
 * The ONE place design-assistant prompts are built: HSEEP doctrine, the exercise so far, the
 * section and purpose, the account's custom instructions and language, and document passages.
 */
export function buildPrompt(input: PromptInput): BuiltPrompt {
  const draft = wantsDraft(input.purpose)
    ? { section: input.sectionType, name: `readyroom_${input.sectionType}_draft`, schema: draftJsonSchema(input.sectionType) }
    : null;

  const system: string[] = [ROLE, DOCTRINE];
  const instructions = describeInstructions(input.instructions);
  if (instructions) system.push(`About the planner's organization (their custom instructions; follow them where relevant):\n${instructions}`);
  if (input.language)
    system.push(
      `Write all prose in ${input.language}. Keep JSON keys and enumerated values exactly as specified, in English, and the [n] citation markers as they are.`,
    );
  system.push(`The exercise so far:\n${describeExercise(input.exercise) || "(nothing yet)"}`);
  if (input.passages.length) {
    system.push(
      `Numbered passages from the planner's documents assigned to this exercise (ground your answer in them):\n` +
        input.passages
          .map((p, i) => `[${i + 1}] ${p.documentName}${p.page !== undefined ? `, page ${p.page}` : ""}\n${clip(p.content, MAX_PASSAGE_CHARS)}`)
          .join("\n\n"),
    );
    // Prose cites like Ask Readyroom; a draft records its passages per element instead (GROUNDING_RULE).
    if (!draft) system.push(CITATION_RULE);
  }
  if (draft && GROUNDED_SECTIONS.includes(input.sectionType)) system.push(GROUNDING_RULE);
  system.push(sectionTask(input));
  if (draft) {
    system.push(DRAFT_RULES);
    if (!input.providerEnforcesSchema) system.push(`The JSON object must match this JSON Schema:\n${JSON.stringify(draft.schema)}`);
  }

  const messages: ChatMessage[] = [{ role: "system", content: system.join("\n\n") }];
  if (input.purpose === "n-shot") {
    const template = closestTemplate(`${input.exercise.threatType ?? ""} ${input.exercise.name ?? ""}`);
    const example = offlineAnswer({
      exercise: {},
      sectionType: input.sectionType,
      purpose: "content",
      moduleIndex: input.moduleIndex,
      lastUserMessage: template.threatType,
    });
    messages.push({ role: "user", content: `Example of a good ${SECTION_LABELS[input.sectionType]} (from "${template.name}"):\n${example}` });
    messages.push({ role: "assistant", content: "Understood. I will follow that depth and structure for this exercise." });
  }
  // The client's own system messages are not trusted as instructions: only user and assistant turns.
  const history = input.messages
    .filter((m) => m.role === "user" || m.role === "assistant")
    .slice(-MAX_HISTORY_MESSAGES)
    .map((m) => ({ role: m.role, content: clip(m.content, MAX_MESSAGE_CHARS) }));
  messages.push(...history);
  if (messages.at(-1)?.role !== "user") {
    messages.push({ role: "user", content: draft ? `Draft the ${SECTION_LABELS[input.sectionType]} now.` : "Please continue." });
  }

  const lastUserMessage = [...history].reverse().find((m) => m.role === "user")?.content ?? "";
  return {
    messages,
    draft,
    maxOutputTokens: draft ? OUTPUT_TOKENS[input.sectionType] : 2_000,
    offlineAnswer: () =>
      offlineAnswer({
        exercise: input.exercise,
        sectionType: input.sectionType,
        purpose: input.purpose,
        moduleIndex: input.moduleIndex,
        lastUserMessage,
        passages: input.passages,
      }),
  };
}
