import { z } from "zod";

/**
 * Shapes of the exercise JSON (spec §3 "Module", "MSEL row", capabilitiesAndObjectives). The same
 * schemas validate API input and the JSON columns of Exercise, CampaignExercise and
 * QuickStartExercise, so nothing malformed is ever stored.
 *
 * AI output and imported data sometimes put a number where text belongs (an MSEL event "3"):
 * such values are accepted and stored as text.
 *
 * They live beside the schema because the JSON columns validate with them: the exercise feature and
 * the browser import them from here, and db/ imports no feature code.
 */
const text = z.union([z.string(), z.number().transform(String)]);
const nullableText = text.nullish();

/**
 * The plan passage a drafted element tests (issue 11): the document and chunk it came from, the
 * sentence quoted, and the document's name when drafted (so an export still names it after a
 * rename or a delete). Ids are always the server's own, never a model's.
 */
export const planSourceSchema = z.object({
  documentId: z.string().max(100),
  chunkId: z.string().max(100),
  quote: z.string().max(2_000),
  documentName: z.string().max(500).nullish(),
});

/**
 * Grounding of one drafted element: its source, or `notInPlans` when no retrieved passage
 * supports it (a gap the exercise should surface). Both absent on elements drafted before
 * grounding or written by hand.
 */
const grounding = { source: planSourceSchema.nullish(), notInPlans: z.boolean().nullish() };

export const questionModes = ["functional", "inject", "inject-functional"] as const;
export const questionTypes = ["open-ended", "multiple-choice"] as const;

const structuredQuestionSchema = z.object({
  text: z.string(),
  type: z.enum(questionTypes),
  /** Choices of a multiple-choice question; empty or absent for open-ended ones. */
  options: z.array(z.string()).nullish(),
  ...grounding,
});

const questionGroupSchema = z.object({
  name: z.string(),
  questions: z.array(structuredQuestionSchema),
});

export const structuredQuestionsSchema = z.object({
  mode: z.enum(questionModes),
  groups: z.array(questionGroupSchema),
});

/** Either the legacy list of plain strings or the structured form. */
const moduleQuestionsSchema = z.union([z.array(z.string()), structuredQuestionsSchema]);

const moduleSchema = z.object({
  title: nullableText,
  description: nullableText,
  functionalGroups: z.array(z.string()).nullish(),
  injects: z.array(z.string()).nullish(),
  /**
   * Grounding of drafted injects, keyed by the inject's text (injects are plain strings in the
   * spec): an inject edited or written by hand has no entry, so no stale reference survives an edit,
   * and reordering or deleting needs no bookkeeping.
   */
  injectSources: z.record(z.string(), z.object(grounding)).nullish(),
  questions: moduleQuestionsSchema.nullish(),
});
export const modulesSchema = z.array(moduleSchema);

export const mselColumns = [
  "event",
  "date",
  "time",
  "category",
  "injectMode",
  "synopsis",
  "from",
  "to",
  "message",
  "expectedAction",
  "responsibleOrganization",
  "pocAuthor",
  "comment",
] as const;

/** The columns as people read them: the MSEL table's headers and the CSV export's header row. */
export const MSEL_COLUMN_LABELS: Record<(typeof mselColumns)[number], string> = {
  event: "Event",
  date: "Date",
  time: "Time",
  category: "Category",
  injectMode: "Inject mode",
  synopsis: "Synopsis",
  from: "From",
  to: "To",
  message: "Message",
  expectedAction: "Expected action",
  responsibleOrganization: "Responsible organization",
  pocAuthor: "POC / Author",
  comment: "Comment",
};

const mselRowSchema = z.object({
  event: nullableText,
  date: nullableText,
  time: nullableText,
  category: nullableText,
  injectMode: nullableText,
  synopsis: nullableText,
  from: nullableText,
  to: nullableText,
  message: nullableText,
  expectedAction: nullableText,
  responsibleOrganization: nullableText,
  pocAuthor: nullableText,
  comment: nullableText,
  ...grounding,
});
export const mselTableSchema = z.array(mselRowSchema);

const capabilityObjectiveSchema = z.object({
  capability: nullableText,
  objective: nullableText,
});
export const capabilitiesAndObjectivesSchema = z.array(capabilityObjectiveSchema);

/**
 * Exercise metadata: a few known keys, anything else kept as-is (it is the extension point for
 * generation details that do not deserve a column).
 */
export const exerciseMetadataSchema = z.looseObject({
  /** Quick-start template the exercise was copied from. */
  templateId: z.string().optional(),
  /** Campaign whose synthesis produced the exercise. */
  sourceCampaignId: z.string().optional(),
  /** AI model used for drafting (spec §3 "AI models"). */
  model: z.string().optional(),
  /** True when drafted without an AI provider ("offline drafting"). */
  offline: z.boolean().optional(),
  /** Enterprise accounts: the Client the exercise was created for (spec §3 Client). */
  clientId: z.string().optional(),
});

const LONG_TEXT = 200_000;
const longText = z.string().max(LONG_TEXT, `Must be less than ${LONG_TEXT} characters`);

/**
 * Body of exercise create and update. Every field is optional (an update sends only what changed;
 * a create defaults the name to "", spec §9). Unknown keys are dropped, never stored.
 */
export const exerciseInputSchema = z.object({
  name: z.string().max(500, "Must be less than 500 characters").optional(),
  framework: longText.nullish(),
  scenario: longText.nullish(),
  threatType: longText.nullish(),
  threatAnalysis: longText.nullish(),
  customInstructions: longText.nullish(),
  capabilitiesAndObjectives: capabilitiesAndObjectivesSchema.nullish(),
  mselTable: mselTableSchema.nullish(),
  modules: modulesSchema.nullish(),
  completed: z.boolean().optional(),
  lastActiveStep: z.number().int().min(0).max(100).nullish(),
  lastActiveModule: z.number().int().min(0).max(1000).nullish(),
  isQuickStart: z.boolean().optional(),
  metadata: exerciseMetadataSchema.nullish(),
});

export type PlanSource = z.infer<typeof planSourceSchema>;
export type StructuredQuestions = z.infer<typeof structuredQuestionsSchema>;
export type Module = z.infer<typeof moduleSchema>;
export type MselRow = z.infer<typeof mselRowSchema>;
export type MselColumn = (typeof mselColumns)[number];
export type CapabilityObjective = z.infer<typeof capabilityObjectiveSchema>;
export type ExerciseMetadata = z.infer<typeof exerciseMetadataSchema>;
export type ExerciseInput = z.infer<typeof exerciseInputSchema>;

/**
 * The one list of what an exercise is made of (issue 10): its designed content, which a template,
 * a copy, an export and a prompt carry, and the progress fields an input may also set. Identity,
 * ownership and lock columns are in neither list, so no request body can set them.
 */
export const EXERCISE_CONTENT_FIELDS = [
  "name",
  "framework",
  "scenario",
  "threatType",
  "threatAnalysis",
  "customInstructions",
  "capabilitiesAndObjectives",
  "mselTable",
  "modules",
] as const satisfies readonly (keyof ExerciseInput)[];
export type ExerciseContentField = (typeof EXERCISE_CONTENT_FIELDS)[number];
export type ExerciseContent = Pick<ExerciseInput, ExerciseContentField>;

export const EXERCISE_PROGRESS_FIELDS = [
  "completed",
  "lastActiveStep",
  "lastActiveModule",
  "isQuickStart",
  "metadata",
] as const satisfies readonly (keyof ExerciseInput)[];

/** The content fields of any exercise-shaped object (a row, a template, an import), and nothing else. */
export function pickContent<T extends { [K in ExerciseContentField]?: unknown }>(source: T): Pick<T, ExerciseContentField & keyof T> {
  const out: Partial<T> = {};
  for (const key of EXERCISE_CONTENT_FIELDS) if (key in source) out[key] = source[key];
  return out as Pick<T, ExerciseContentField & keyof T>;
}
