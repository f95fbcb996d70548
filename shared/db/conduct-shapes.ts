import { z } from "zod";
import { planSourceSchema } from "./exercise-shapes";
import { CAPABILITY_ELEMENTS, RATINGS } from "./hseep-terms";

/**
 * Shapes of the HSEEP round trip's JSON columns (issue 15): the conduct plan frozen when a session
 * is created, the conduct event log's payloads, the Exercise Evaluation Guides, participant
 * feedback, and the After-Action Report / Improvement Plan. They live beside the schema because the
 * JSON columns validate with them (db/ imports no feature code); the features and the browser import
 * them through shared/conduct/model.ts, shared/evaluation/model.ts, shared/aar/model.ts.
 *
 * Every list and text is bounded: these columns take input from public token pages and AI output.
 */

export const short = (max = 500) => z.string().trim().max(max);
const long = (max = 8_000) => z.string().trim().max(max);

export { CAPABILITY_ELEMENTS, RATING_LABELS, RATINGS, type CapabilityElement, type Rating } from "./hseep-terms";
export const ratingSchema = z.enum(RATINGS);

/** YYYY-MM-DD, a calendar date with no time zone (due dates are days, not instants). */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Use a date like 2027-03-31.")
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, "That date does not exist.");

// ---------------------------------------------------------------------------------------------
// Conduct plan (ConductSession.plan): what the session plays, frozen at creation so later edits to
// the exercise never rewrite what happened.

const TIMELINE_SOURCES = ["msel", "module", "unplanned"] as const;

const timelineItemSchema = z.object({
  /** Stable within a session: "msel-3", "module-1-inject-0", "unplanned-<uuid>". */
  key: short(100),
  source: z.enum(TIMELINE_SOURCES),
  /** The module the inject belongs to (module injects; MSEL rows have none). */
  moduleIndex: z.number().int().min(0).max(99).nullable(),
  /** The MSEL event number, as written ("1", "2a"). */
  event: short(50).nullable(),
  /** One line for the timeline: the synopsis, else the message's start. */
  title: short(300),
  /** What players receive when it is released. */
  message: long(8_000),
  from: short(300).nullable(),
  to: short(300).nullable(),
  injectMode: short(100).nullable(),
  /** Controllers and evaluators only: players never see it. */
  expectedAction: long(4_000).nullable(),
  responsibleOrganization: short(300).nullable(),
  /** Minutes of scenario time after the start when it is due; null when unscheduled (released by hand). */
  offsetMinutes: z
    .number()
    .int()
    .min(0)
    .max(60 * 24 * 14)
    .nullable(),
  /**
   * The MSEL's time of day for it, as scenario minutes since Day 1 00:00 ("Day 2 08:00"): it stays at
   * that time when the facilitator moves the start. Null (or absent, in plans frozen before issue 30)
   * for an offset ("T+30"), which follows the start, or an unscheduled item.
   */
  scenarioMinutes: z
    .number()
    .int()
    .min(0)
    .max(60 * 24 * 15)
    .nullish(),
});
export type TimelineItem = z.infer<typeof timelineItemSchema>;

const conductModuleSchema = z.object({
  title: short(300),
  /** The module's scenario update, shown to players when the module starts. */
  description: long(8_000),
  /** Discussion questions, as plain text, in order. */
  questions: z.array(long(2_000)).max(50),
});
export type ConductModule = z.infer<typeof conductModuleSchema>;

const conductObjectiveSchema = z.object({
  capability: short(200).nullable(),
  objective: long(2_000).nullable(),
});

export const conductPlanSchema = z.object({
  exerciseName: short(300),
  scenario: long(20_000).nullable(),
  objectives: z.array(conductObjectiveSchema).max(50),
  modules: z.array(conductModuleSchema).max(30),
  items: z.array(timelineItemSchema).max(500),
  /** The scenario's start (minutes since Day 1 00:00): the MSEL's earliest time of day; null when it gives none. */
  scenarioStartMinutes: z
    .number()
    .int()
    .min(0)
    .max(60 * 24 * 15)
    .nullish(),
});
export type ConductPlan = z.infer<typeof conductPlanSchema>;

// ---------------------------------------------------------------------------------------------
// Conduct events (ConductEvent.payload): the replay log. Every change to a session is one event
// with a per-session sequence number assigned by the session's Durable Object.

export const CONDUCT_EVENT_KINDS = [
  "started",
  "paused",
  "resumed",
  "clock",
  "released",
  "skipped",
  "unplanned",
  "module",
  "answer",
  "observation",
  "ended",
] as const;
export type ConductEventKind = (typeof CONDUCT_EVENT_KINDS)[number];

export const ACTOR_ROLES = ["controller", "player", "evaluator", "system"] as const;
export type ActorRole = (typeof ACTOR_ROLES)[number];

/** Bounds of a session's time scale (scenario ms per wall ms) and of its evaluators' hot wash. */
export const SCALE_BOUNDS = { min: 0.25, max: 60 } as const;
/** A week, as EVALUATION_HOT_WASH_MINUTES allows (worker/env.ts). */
export const HOT_WASH_MAX_MINUTES = 7 * 24 * 60;

const CLOCK_CHANGES = ["scale", "manual", "start", "jump", "hotWash"] as const;
export type ClockChange = (typeof CLOCK_CHANGES)[number];

export const conductEventPayloadSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("started") }),
  z.object({ kind: z.literal("paused") }),
  z.object({ kind: z.literal("resumed") }),
  /**
   * The controller changed the scenario clock (issue 30): what changed, and the clock's settings after
   * it — the scenario time it then read (ms since Day 1 00:00), its scale, manual releases, hot wash.
   */
  z.object({
    kind: z.literal("clock"),
    change: z.enum(CLOCK_CHANGES),
    scenarioMs: z.number().int().min(0),
    scale: z.number().min(SCALE_BOUNDS.min).max(SCALE_BOUNDS.max),
    manualOnly: z.boolean(),
    hotWashMinutes: z.number().int().min(0).max(HOT_WASH_MAX_MINUTES),
  }),
  /** `scheduled`: released by the clock (the item's offset came), not by a controller's click. */
  z.object({ kind: z.literal("released"), itemKey: short(100), scheduled: z.boolean() }),
  z.object({ kind: z.literal("skipped"), itemKey: short(100) }),
  z.object({ kind: z.literal("unplanned"), item: timelineItemSchema, released: z.boolean() }),
  z.object({ kind: z.literal("module"), moduleIndex: z.number().int().min(0).max(99) }),
  z.object({
    kind: z.literal("answer"),
    moduleIndex: z.number().int().min(0).max(99),
    questionIndex: z.number().int().min(0).max(99),
    text: long(8_000),
    /** The inject released most recently when the group answered (absent before issue 30, or before any release). */
    itemKey: short(100).optional(),
  }),
  z.object({
    kind: z.literal("observation"),
    /** Core capability name (shared/exercises/capabilities.ts). */
    capability: short(200),
    /** The EEG capability target observed, when the evaluator picked one. */
    targetId: short(100).nullable(),
    text: long(8_000),
    rating: ratingSchema.nullable(),
    /** The inject released most recently when it was written (ties the note to play). */
    itemKey: short(100).nullable(),
    /** Written after the session ended, in the evaluators' hot wash (absent: during play). */
    afterPlay: z.boolean().optional(),
  }),
  z.object({ kind: z.literal("ended") }),
]);
export type ConductEventPayload = z.infer<typeof conductEventPayloadSchema>;

// ---------------------------------------------------------------------------------------------
// Exercise Evaluation Guides (Eeg.content): per core capability, its objectives, capability
// targets with critical tasks and observation prompts (hseep.md). Ratings are recorded during play
// as observation events, not here.

const eegCriticalTaskSchema = z.object({
  id: short(100),
  text: long(2_000),
  /** The plan passage the task comes from, when drafted from the planner's documents. */
  source: planSourceSchema.nullish(),
});

const eegTargetSchema = z.object({
  id: short(100),
  text: long(2_000),
  criticalTasks: z.array(eegCriticalTaskSchema).max(30),
  /** What to watch for: questions an evaluator answers in their notes. */
  prompts: z.array(long(1_000)).max(20),
});

const eegGuideSchema = z.object({
  id: short(100),
  capability: short(200),
  objectives: z.array(long(2_000)).max(20),
  targets: z.array(eegTargetSchema).max(20),
});
export type EegGuide = z.infer<typeof eegGuideSchema>;

export const eegContentSchema = z.object({ guides: z.array(eegGuideSchema).max(40) });
export type EegContent = z.infer<typeof eegContentSchema>;

// ---------------------------------------------------------------------------------------------
// Participant feedback (FeedbackResponse.content): HSEEP's participant feedback form.

/** Part II statements, each rated 1 (strongly disagree) to 5 (strongly agree). */
export const FEEDBACK_STATEMENTS = [
  { id: "structure", text: "The exercise was well structured and organized." },
  { id: "scenario", text: "The exercise scenario was plausible and realistic." },
  { id: "facilitation", text: "The facilitators and controllers were knowledgeable about the material and kept the exercise on target." },
  { id: "participants", text: "The participants included the right people in terms of level and mix of disciplines." },
  { id: "understanding", text: "The exercise increased my understanding of the capabilities and resources available." },
  { id: "prepared", text: "After this exercise, I am better prepared to deal with the scenario." },
] as const;
export type FeedbackStatementId = (typeof FEEDBACK_STATEMENTS)[number]["id"];

const feedbackRating = z.number().int().min(1).max(5);

export const feedbackContentSchema = z.object({
  role: short(200).default(""),
  organization: short(300).default(""),
  /** Part I: up to three each. */
  strengths: z.array(long(2_000)).max(3),
  improvements: z.array(long(2_000)).max(3),
  correctiveActions: long(4_000).default(""),
  /** Part II: statement id → 1–5; a statement left unrated is absent. */
  ratings: z.partialRecord(z.enum(FEEDBACK_STATEMENTS.map((s) => s.id) as [FeedbackStatementId, ...FeedbackStatementId[]]), feedbackRating),
  comments: long(4_000).default(""),
});
export type FeedbackContent = z.infer<typeof feedbackContentSchema>;

// ---------------------------------------------------------------------------------------------
// After-Action Report / Improvement Plan (AfterActionReport.content), HSEEP-IP01 layout.

const EVIDENCE_KINDS = ["observation", "answer", "feedback"] as const;

/** What a finding rests on: a ConductEvent (observation, answer) or a FeedbackResponse, quoted. */
const evidenceSchema = z.object({
  kind: z.enum(EVIDENCE_KINDS),
  /** ConductEvent.id or FeedbackResponse.id — always the server's own ids, never a model's. */
  id: short(100),
  quote: long(2_000),
  /** When it was written (epoch ms). */
  at: z.number().int().nullable(),
  /** An observation written after the session ended, in the hot wash: shown as "after play". */
  afterPlay: z.boolean().optional(),
});
export type Evidence = z.infer<typeof evidenceSchema>;

const aarFindingSchema = z.object({
  id: short(100),
  text: long(4_000),
  analysis: long(8_000).default(""),
  rootCause: long(4_000).default(""),
  evidence: z.array(evidenceSchema).max(30),
});

const aarAnalysisSchema = z.object({
  capability: short(200),
  objectives: z.array(long(2_000)).max(20),
  rating: ratingSchema.nullable(),
  strengths: z.array(aarFindingSchema).max(30),
  areasForImprovement: z.array(aarFindingSchema).max(30),
});

const improvementPlanRowSchema = z.object({
  /** Stable within the report; a tracked CorrectiveAction keeps it (planRowId). */
  id: short(100),
  capability: short(200),
  issue: long(2_000),
  correctiveAction: long(4_000),
  element: z.enum(CAPABILITY_ELEMENTS),
  organization: short(300).default(""),
  pointOfContact: short(300).default(""),
  startDate: isoDateSchema.nullable(),
  completionDate: isoDateSchema.nullable(),
  /** The area for improvement it answers (aarFinding id), when drafted from one. */
  findingId: short(100).nullable().default(null),
});
export type ImprovementPlanRow = z.infer<typeof improvementPlanRowSchema>;

const aarOverviewSchema = z.object({
  exerciseName: short(300),
  /** As written for the report ("27 November 2026"). */
  dates: short(200),
  scope: long(4_000),
  missionAreas: z.array(short(100)).max(5),
  capabilities: z.array(short(200)).max(40),
  objectives: z.array(long(2_000)).max(50),
  threatOrHazard: short(500),
  scenario: long(20_000),
  sponsor: short(300),
  participatingOrganizations: z.array(short(300)).max(200),
  pointsOfContact: long(2_000),
});

export const aarContentSchema = z.object({
  overview: aarOverviewSchema,
  executiveSummary: long(20_000),
  analyses: z.array(aarAnalysisSchema).max(40),
  improvementPlan: z.array(improvementPlanRowSchema).max(200),
  /** Appendix B: participating organisations and groups as they played (player groups, evaluators). */
  participants: z.array(short(300)).max(300),
});
export type AarContent = z.infer<typeof aarContentSchema>;
