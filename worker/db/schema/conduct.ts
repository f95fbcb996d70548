import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  CAPABILITY_ELEMENTS,
  aarContentSchema,
  conductEventPayloadSchema,
  conductPlanSchema,
  eegContentSchema,
  feedbackContentSchema,
  ACTOR_ROLES,
  CONDUCT_EVENT_KINDS,
} from "../../../shared/db/conduct-shapes";
import { bool, createdAt, id, json, timestamp, updatedAt } from "../columns";
import { users } from "./auth";

/**
 * The HSEEP round trip (issue 15): conduct sessions, their links, the event log, EEGs, participant
 * feedback, the After-Action Report / Improvement Plan and the corrective actions tracked from it.
 *
 * A session plays one exercise, personal (`campaignId` null) or a campaign's; access to a session is
 * access to that exercise (worker/conduct/access.ts), so there is no foreign key to either exercise
 * table: the exercise may be deleted and its sessions, reports and corrective actions stay readable
 * under the same rule applied to what the row recorded of it (the plan, its client, its campaign).
 *
 * The session's Durable Object (CONDUCT_SESSION) is the truth while it runs; `status` and the
 * ConductEvent rows are its D1 mirror (docs/decisions/0002), written by the object itself.
 */

export const conductStatuses = ["ready", "running", "paused", "ended"] as const;
export type ConductStatus = (typeof conductStatuses)[number];

export const conductSessions = sqliteTable(
  "ConductSession",
  {
    id: id(),
    userId: text("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    exerciseId: text("exerciseId").notNull(),
    campaignId: text("campaignId"),
    /** The client the exercise was filed under (fixed at its creation): access follows it once the exercise is deleted. */
    clientId: text("clientId"),
    name: text("name").notNull(),
    status: text("status", { enum: conductStatuses }).notNull().default("ready"),
    plan: json("plan", conductPlanSchema).notNull(),
    startedAt: timestamp("startedAt"),
    endedAt: timestamp("endedAt"),
    /** The evaluators' hot wash after the end, in minutes (mirrored from the object); null: EVALUATION_HOT_WASH_MINUTES. */
    hotWashMinutes: integer("hotWashMinutes"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Part of the account's sample workspace (worker/sample); its links, events, EEG and feedback go with it by cascade. */
    sample: bool("sample").notNull().default(false),
  },
  (t) => [index("ConductSession_exerciseId_idx").on(t.exerciseId, t.createdAt), index("ConductSession_userId_idx").on(t.userId, t.createdAt)],
);

/**
 * Who has opened a controller socket on a session: where worker/conduct/recheck.ts looks when a
 * user's access changes (role, team, client, disabled, signed out), so their open sockets are
 * re-checked at once. A row outlives its sockets until a re-check finds none left.
 */
export const conductWatchers = sqliteTable(
  "ConductWatcher",
  {
    userId: text("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: text("sessionId")
      .notNull()
      .references(() => conductSessions.id, { onDelete: "cascade" }),
    /** The last socket opened (a re-check removes the row only when it is older than the re-check). */
    openedAt: timestamp("openedAt").notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sessionId] }), index("ConductWatcher_sessionId_idx").on(t.sessionId)],
);

export const conductLinkRoles = ["player", "evaluator", "feedback"] as const;
export type ConductLinkRole = (typeof conductLinkRoles)[number];

/**
 * A link into a session for people without an account: a player group, an evaluator, or the
 * participant feedback form. The token is a 256-bit secret kept as written (like share links) so the
 * controller can show it again during play; revoking makes every page and socket on it 404.
 */
export const conductTokens = sqliteTable(
  "ConductToken",
  {
    id: id(),
    sessionId: text("sessionId")
      .notNull()
      .references(() => conductSessions.id, { onDelete: "cascade" }),
    role: text("role", { enum: conductLinkRoles }).notNull(),
    /** The player group ("EOC Policy Group") or evaluator ("Evaluator — Mass Care"). */
    label: text("label").notNull(),
    token: text("token").notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp("revokedAt"),
  },
  (t) => [uniqueIndex("ConductToken_token_key").on(t.token), index("ConductToken_sessionId_idx").on(t.sessionId)],
);

/** The replay log: one row per change, in the object's sequence order. */
export const conductEvents = sqliteTable(
  "ConductEvent",
  {
    id: id(),
    sessionId: text("sessionId")
      .notNull()
      .references(() => conductSessions.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    kind: text("kind", { enum: CONDUCT_EVENT_KINDS }).notNull(),
    at: timestamp("at").notNull(),
    /** Scenario time of the event (ms since Day 1 00:00, issue 30); null for events recorded before it. */
    scenarioAt: integer("scenarioAt"),
    actorRole: text("actorRole", { enum: ACTOR_ROLES }).notNull(),
    /** User id (controller) or ConductToken id (player, evaluator); null for the clock. */
    actorId: text("actorId"),
    /** As shown in the replay: the controller's name, the player group, the evaluator. */
    actorLabel: text("actorLabel").notNull().default(""),
    /** The sender's idempotency key (answers, observations re-sent after a reconnect). */
    clientKey: text("clientKey"),
    payload: json("payload", conductEventPayloadSchema).notNull(),
  },
  (t) => [
    uniqueIndex("ConductEvent_sessionId_seq_key").on(t.sessionId, t.seq),
    uniqueIndex("ConductEvent_sessionId_clientKey_key").on(t.sessionId, t.clientKey),
    index("ConductEvent_sessionId_kind_idx").on(t.sessionId, t.kind),
  ],
);

export const eegSources = ["ai", "offline", "edited"] as const;

/** The session's Exercise Evaluation Guides (one document per session). */
export const eegs = sqliteTable(
  "Eeg",
  {
    id: id(),
    sessionId: text("sessionId")
      .notNull()
      .references(() => conductSessions.id, { onDelete: "cascade" }),
    content: json("content", eegContentSchema).notNull(),
    source: text("source", { enum: eegSources }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("Eeg_sessionId_key").on(t.sessionId)],
);

export const feedbackResponses = sqliteTable(
  "FeedbackResponse",
  {
    id: id(),
    sessionId: text("sessionId")
      .notNull()
      .references(() => conductSessions.id, { onDelete: "cascade" }),
    tokenId: text("tokenId").references(() => conductTokens.id, { onDelete: "set null" }),
    /** The form's idempotency key, so a double submit stores one response. */
    clientKey: text("clientKey").notNull(),
    content: json("content", feedbackContentSchema).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("FeedbackResponse_sessionId_idx").on(t.sessionId, t.createdAt),
    uniqueIndex("FeedbackResponse_sessionId_clientKey_key").on(t.sessionId, t.clientKey),
  ],
);

export const aarStatuses = ["draft", "final"] as const;
export type AarStatus = (typeof aarStatuses)[number];

export const afterActionReports = sqliteTable(
  "AfterActionReport",
  {
    id: id(),
    sessionId: text("sessionId")
      .notNull()
      .references(() => conductSessions.id, { onDelete: "cascade" }),
    userId: text("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    content: json("content", aarContentSchema).notNull(),
    status: text("status", { enum: aarStatuses }).notNull().default("draft"),
    /** How the draft was made: "ai" or "offline" (extractive); "edited" once a person changed it. */
    source: text("source", { enum: eegSources }).notNull(),
    publishedAt: timestamp("publishedAt"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Part of the account's sample workspace (worker/sample). */
    sample: bool("sample").notNull().default(false),
  },
  (t) => [uniqueIndex("AfterActionReport_sessionId_key").on(t.sessionId), index("AfterActionReport_userId_idx").on(t.userId)],
);

export const correctiveActionStatuses = ["open", "in_progress", "completed", "verified"] as const;
export type CorrectiveActionStatus = (typeof correctiveActionStatuses)[number];

/** An Improvement Plan row tracked to closure (created when the AAR/IP is published). */
export const correctiveActions = sqliteTable(
  "CorrectiveAction",
  {
    id: id(),
    userId: text("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: text("sessionId").references(() => conductSessions.id, { onDelete: "set null" }),
    reportId: text("reportId").references(() => afterActionReports.id, { onDelete: "set null" }),
    /** The row's id in the report's improvementPlan; (reportId, planRowId) is unique so publishing twice adds nothing. */
    planRowId: text("planRowId").notNull(),
    exerciseId: text("exerciseId").notNull(),
    campaignId: text("campaignId"),
    /** As it was when tracked, so the list reads well after the exercise is renamed or deleted. */
    exerciseName: text("exerciseName").notNull(),
    capability: text("capability").notNull(),
    issue: text("issue").notNull(),
    action: text("action").notNull(),
    element: text("element", { enum: CAPABILITY_ELEMENTS }).notNull(),
    organization: text("organization").notNull().default(""),
    pointOfContact: text("pointOfContact").notNull().default(""),
    /** YYYY-MM-DD. */
    startDate: text("startDate"),
    /** YYYY-MM-DD; overdue after the end of that day in UTC. */
    dueDate: text("dueDate"),
    status: text("status", { enum: correctiveActionStatuses }).notNull().default("open"),
    completedAt: timestamp("completedAt"),
    /** Who marked it complete, as their name was then (reads well after the account is gone). */
    completedByName: text("completedByName"),
    verifiedAt: timestamp("verifiedAt"),
    /** Who verified it, as their name was then. */
    verifiedByName: text("verifiedByName"),
    /** The later conduct session that verified the fix, when closed as verified. */
    verifiedBySessionId: text("verifiedBySessionId").references(() => conductSessions.id, { onDelete: "set null" }),
    verificationNote: text("verificationNote").notNull().default(""),
    lastReminderAt: timestamp("lastReminderAt"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Part of the account's sample workspace (worker/sample): never reminded by e-mail. */
    sample: bool("sample").notNull().default(false),
  },
  (t) => [
    uniqueIndex("CorrectiveAction_reportId_planRowId_key").on(t.reportId, t.planRowId),
    index("CorrectiveAction_userId_status_dueDate_idx").on(t.userId, t.status, t.dueDate),
    index("CorrectiveAction_status_dueDate_idx").on(t.status, t.dueDate),
  ],
);

/**
 * A planner's subscribable calendar of corrective-action due dates (issue 32): one secret feed URL
 * per user, a 256-bit token kept as written like share links (worker/share/tokens.ts), so the planner
 * can copy it again. Revoking deletes the row: the URL is 404 from then on.
 */
export const calendarFeeds = sqliteTable(
  "CalendarFeed",
  {
    userId: text("userId")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("CalendarFeed_token_key").on(t.token)],
);

export type ConductSession = typeof conductSessions.$inferSelect;
export type ConductToken = typeof conductTokens.$inferSelect;
export type ConductEvent = typeof conductEvents.$inferSelect;
export type Eeg = typeof eegs.$inferSelect;
export type FeedbackResponse = typeof feedbackResponses.$inferSelect;
export type AfterActionReport = typeof afterActionReports.$inferSelect;
export type CorrectiveAction = typeof correctiveActions.$inferSelect;
