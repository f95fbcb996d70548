import { z } from "zod";
import { CORE_CAPABILITY_NAMES } from "../../../shared/exercises/capabilities";
import { mselColumns, questionModes, questionTypes, type ExerciseInput, type Module } from "../../../shared/db/exercise-shapes";

/** Spec §3 "Section types" and "Conversation call purposes", spelt as the client sends them. */
export const SECTION_TYPES = [
  "intro",
  "coreCapabilities",
  "description",
  "objectives",
  "msel_table",
  "modules",
  "module_description",
  "module_question",
  "module_inject",
] as const;
export type SectionType = (typeof SECTION_TYPES)[number];

export const PURPOSES = ["content", "conversation", "step", "retry", "n-shot", "follow-up"] as const;
export type Purpose = (typeof PURPOSES)[number];

/**
 * Which purposes ask for a structured draft (JSON the client can apply in one click): drafting a
 * section (content, step), another attempt (retry), drafting from an example (n-shot), and
 * refining the last draft by chatting (follow-up). `conversation` is free discussion in prose.
 */
export function wantsDraft(purpose: Purpose): boolean {
  return purpose !== "conversation";
}

export const MODULE_SECTIONS: readonly SectionType[] = ["module_description", "module_question", "module_inject"];

export const SECTION_LABELS: Record<SectionType, string> = {
  intro: "exercise introduction (name and threat or hazard)",
  coreCapabilities: "core capabilities with SMART objectives",
  description: "scenario description and threat analysis",
  objectives: "SMART objectives for the selected core capabilities",
  msel_table: "Master Scenario Events List (MSEL)",
  modules: "exercise modules",
  module_description: "module description (scenario update) and functional groups",
  module_question: "module discussion questions",
  module_inject: "module injects",
};

// ------------------------------------------------------------------------------------------------
// Draft shapes. Every property is required and no extra keys are allowed, so the JSON Schema
// derived from them is accepted by OpenAI's strict structured outputs; the same zod schema then
// validates what comes back (a provider that ignores response_format can still send anything).

/**
 * The number of the passage an element tests (grounding.ts maps it to the server's own passage).
 * Lenient when read back: a missing or malformed number is 0, "not in your plans", never a failed
 * draft.
 */
const passageRef = z
  .number()
  .int()
  .min(0)
  .max(99)
  .catch(0)
  .describe("The number of the passage from the planner's documents that this element tests, or 0 when no passage supports it.");

const capability = z.enum(CORE_CAPABILITY_NAMES as [string, ...string[]]);

const capabilitiesDraft = z.object({
  capabilitiesAndObjectives: z
    .array(
      z.object({
        capability: capability.describe("One of the 32 core capabilities of the National Preparedness Goal, spelt exactly."),
        objective: z.string().min(1).describe("One SMART objective: Within <time> of <trigger>, <who> will <action> in accordance with <plan>."),
      }),
    )
    .min(1)
    .max(10),
});

const structuredQuestions = z.object({
  mode: z.enum(questionModes),
  groups: z
    .array(
      z.object({
        name: z.string().min(1).describe("Functional group or inject the questions are for."),
        questions: z
          .array(
            z.object({
              text: z.string().min(1),
              type: z.enum(questionTypes),
              options: z.array(z.string()).describe("Choices of a multiple-choice question; empty for open-ended."),
              passage: passageRef,
            }),
          )
          .min(1),
      }),
    )
    .min(1),
});

/** A drafted inject and the passage it tests; a bare string (a model ignoring the schema) is an inject that tests none. */
const injectDraft = z.preprocess((v) => (typeof v === "string" ? { text: v, passage: 0 } : v), z.object({ text: z.string().min(1), passage: passageRef }));

const moduleDraft = z.object({
  title: z.string().min(1),
  description: z.string().min(1).describe("The scenario update players read at the start of the module."),
  functionalGroups: z.array(z.string()).describe("Groups that discuss the module, e.g. EOC Operations, Public Information."),
  injects: z.array(injectDraft).min(1),
  questions: structuredQuestions,
});

const mselRow = z.object({
  ...(Object.fromEntries(mselColumns.map((c) => [c, z.string()])) as Record<(typeof mselColumns)[number], z.ZodString>),
  passage: passageRef,
});

const DRAFT_SCHEMAS = {
  intro: z.object({ name: z.string().min(1).max(500), threatType: z.string().min(1) }),
  coreCapabilities: capabilitiesDraft,
  objectives: capabilitiesDraft,
  description: z.object({ scenario: z.string().min(1), threatAnalysis: z.string().min(1) }),
  modules: z.object({ modules: z.array(moduleDraft).min(1).max(8) }),
  module_description: z.object({ title: z.string().min(1), description: z.string().min(1), functionalGroups: z.array(z.string()) }),
  module_inject: z.object({ injects: z.array(injectDraft).min(1) }),
  module_question: z.object({ questions: structuredQuestions }),
  msel_table: z.object({ mselTable: z.array(mselRow).min(1) }),
} satisfies Record<SectionType, z.ZodType>;

export type Draft<S extends SectionType = SectionType> = z.infer<(typeof DRAFT_SCHEMAS)[S]>;

const jsonSchemas = new Map<SectionType, Record<string, unknown>>();

/** The JSON Schema sent as `response_format` (without `$schema`, which some providers reject). */
export function draftJsonSchema(section: SectionType): Record<string, unknown> {
  let schema = jsonSchemas.get(section);
  if (!schema) {
    // `default` (from the lenient passage number) is not a keyword strict structured outputs accept.
    const json = z.toJSONSchema(DRAFT_SCHEMAS[section], { target: "draft-7", override: (c) => void delete c.jsonSchema.default });
    const { $schema: _ignored, ...rest } = json as Record<string, unknown>;
    schema = rest;
    jsonSchemas.set(section, schema);
  }
  return schema;
}

export type DraftResult = { ok: true; draft: Draft } | { ok: false; message: string };

/**
 * The body of a text that is one ``` fence (an optional "json" after the opening one), trimmed; null
 * otherwise. What /^```(?:json)?\s*([\s\S]*?)\s*```$/i captured, without its backtracking.
 */
export function wholeFenceBody(text: string): string | null {
  if (text.length < 6 || !text.startsWith("```") || !text.endsWith("```")) return null;
  const inner = text.slice(3, -3);
  return (inner.slice(0, 4).toLowerCase() === "json" ? inner.slice(4) : inner).trim();
}

/**
 * Reads a model's JSON answer: tolerates a Markdown code fence around it (models add one even
 * when told not to), then validates it against the section's schema.
 */
export function parseDraft(section: SectionType, text: string): DraftResult {
  const trimmed = text.trim();
  const candidate = wholeFenceBody(trimmed) ?? trimmed;
  let data: unknown;
  try {
    data = JSON.parse(candidate);
  } catch {
    return { ok: false, message: "The assistant's draft was not valid JSON. Nothing was applied; try again." };
  }
  const result = DRAFT_SCHEMAS[section].safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const where = issue.path.length ? ` at ${issue.path.join(".")}` : "";
    return { ok: false, message: `The assistant's draft did not match the ${SECTION_LABELS[section]} format${where}: ${issue.message}. Nothing was applied.` };
  }
  return { ok: true, draft: result.data as Draft };
}

/**
 * The exercise update that applies a draft: exactly what the client PUTs to
 * /api/exercises/{id}/update ({ exercise: patch }) when the planner clicks "Apply". Module
 * sections replace one module inside the full modules list.
 */
export function draftToPatch(section: SectionType, draft: Draft, current: { modules?: Module[] | null }, moduleIndex: number): ExerciseInput {
  switch (section) {
    case "intro":
    case "description":
    case "coreCapabilities":
    case "objectives":
    case "modules":
    case "msel_table":
      return draft as ExerciseInput;
    default: {
      const modules = [...(current.modules ?? [])];
      while (modules.length <= moduleIndex) modules.push({ title: `Module ${modules.length + 1}` });
      modules[moduleIndex] = { ...modules[moduleIndex], ...(draft as Partial<Module>) };
      return { modules };
    }
  }
}
