import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { capabilitiesAndObjectivesSchema, exerciseMetadataSchema, modulesSchema, mselTableSchema } from "../../../shared/db/exercise-shapes";
import { bool, createdAt, id, json, timestamp, updatedAt } from "../columns";
import { chatMessagesSchema } from "../shapes";
import { users } from "./auth";
import { campaigns } from "./collaborate";

/** Columns shared by personal and campaign exercises (spec §3 "Exercise (personal) and CampaignExercise"). */
const exerciseColumns = () => ({
  id: id(),
  name: text("name").notNull().default(""),
  framework: text("framework"),
  scenario: text("scenario"),
  threatType: text("threatType"),
  threatAnalysis: text("threatAnalysis"),
  customInstructions: text("customInstructions"),
  capabilitiesAndObjectives: json("capabilitiesAndObjectives", capabilitiesAndObjectivesSchema),
  mselTable: json("mselTable", mselTableSchema),
  modules: json("modules", modulesSchema),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  userId: text("userId")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  completed: bool("completed").notNull().default(false),
  lastActiveStep: integer("lastActiveStep"),
  lastActiveModule: integer("lastActiveModule"),
  /** The design-assistant Conversation; no foreign key because Conversation points back here. */
  conversationId: text("conversationId"),
  /** Mirror of the EXERCISE_LOCK Durable Object's state, for listing who holds the lock. */
  lockExpires: timestamp("lockExpires"),
  lockedByUserId: text("lockedByUserId").references(() => users.id, { onDelete: "set null" }),
  isQuickStart: bool("isQuickStart").notNull().default(false),
  metadata: json("metadata", exerciseMetadataSchema),
  /** Part of the account's sample workspace (worker/sample); campaign exercises never are. */
  sample: bool("sample").notNull().default(false),
});

export const exercises = sqliteTable("Exercise", exerciseColumns(), (t) => [
  index("Exercise_userId_updatedAt_idx").on(t.userId, t.updatedAt),
  index("Exercise_userId_createdAt_idx").on(t.userId, t.createdAt),
]);

export const campaignExercises = sqliteTable(
  "CampaignExercise",
  {
    ...exerciseColumns(),
    campaignId: text("campaignId")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
  },
  (t) => [
    index("CampaignExercise_campaignId_createdAt_idx").on(t.campaignId, t.createdAt),
    index("CampaignExercise_userId_updatedAt_idx").on(t.userId, t.updatedAt),
  ],
);

/**
 * The quick-start library's table of spec §3. Not read by the app: the templates are the JSON files
 * in worker/exercises/templates (one source, docs/decisions/0004); the table stays because the
 * spec's data model names it.
 */
export const quickStartExercises = sqliteTable(
  "QuickStartExercise",
  {
    id: id(),
    name: text("name").notNull().default(""),
    framework: text("framework"),
    scenario: text("scenario"),
    threatType: text("threatType"),
    threatAnalysis: text("threatAnalysis"),
    capabilitiesAndObjectives: json("capabilitiesAndObjectives", capabilitiesAndObjectivesSchema),
    customInstructions: text("customInstructions"),
    modules: json("modules", modulesSchema),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    conversationId: text("conversationId"),
    mselTable: json("mselTable", mselTableSchema),
  },
  (t) => [index("QuickStartExercise_name_idx").on(t.name)],
);

/**
 * Design-assistant history. exerciseId is an Exercise or a CampaignExercise id, so it carries no
 * foreign key; the exercise service deletes the conversation with its exercise.
 */
export const conversations = sqliteTable(
  "Conversation",
  {
    id: id(),
    exerciseId: text("exerciseId").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    messages: json("messages", chatMessagesSchema)
      .notNull()
      .$defaultFn(() => []),
  },
  (t) => [index("Conversation_exerciseId_idx").on(t.exerciseId)],
);

/** exerciseId: Exercise or CampaignExercise id (see Conversation). */
export const feedback = sqliteTable(
  "Feedback",
  {
    id: id(),
    createdAt: createdAt(),
    exerciseId: text("exerciseId").notNull(),
    userId: text("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    feedback: text("feedback").notNull(),
    step: text("step"),
  },
  (t) => [index("Feedback_exerciseId_createdAt_idx").on(t.exerciseId, t.createdAt), index("Feedback_userId_idx").on(t.userId)],
);

export type Exercise = typeof exercises.$inferSelect;
export type NewExercise = typeof exercises.$inferInsert;
export type CampaignExercise = typeof campaignExercises.$inferSelect;
export type NewCampaignExercise = typeof campaignExercises.$inferInsert;
export type QuickStartExercise = typeof quickStartExercises.$inferSelect;
export type Conversation = typeof conversations.$inferSelect;
export type Feedback = typeof feedback.$inferSelect;
