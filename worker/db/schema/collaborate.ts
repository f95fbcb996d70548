import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { bool, createdAt, id, json, timestamp, updatedAt } from "../columns";
import { jsonValue } from "../shapes";
import { users } from "./auth";
import { teams } from "./teams";

const now = (name: string) =>
  timestamp(name)
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);

/** The spec does not list these states; COMPLETED (contributors) is the one it relies on. */
export const campaignStatuses = ["DRAFT", "ACTIVE", "CLOSED", "SYNTHESIZING", "COMPLETED", "ARCHIVED"] as const;
export const contributorStatuses = ["INVITED", "IN_PROGRESS", "COMPLETED"] as const;
export const campaignRoles = ["CAMPAIGN_MANAGER", "CONTRIBUTOR"] as const;

/** Campaign parameters: the two keys the synthesis check reads, anything else kept. */
export const campaignParametersSchema = z.looseObject({
  synthesisThreadId: z.string().nullish(),
  contributorStateHash: z.string().nullish(),
});
export type CampaignParameters = z.infer<typeof campaignParametersSchema>;

export const campaigns = sqliteTable(
  "Campaign",
  {
    id: id(),
    teamId: text("teamId")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    parameters: json("parameters", campaignParametersSchema)
      .notNull()
      .$defaultFn(() => ({})),
    createdById: text("createdById").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: campaignStatuses }).notNull().default("DRAFT"),
    insights: json("insights", jsonValue),
    maxContributors: integer("maxContributors"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("Campaign_teamId_createdAt_idx").on(t.teamId, t.createdAt), index("Campaign_createdById_idx").on(t.createdById)],
);

export const campaignParticipants = sqliteTable(
  "CampaignParticipant",
  {
    campaignId: text("campaignId")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    userId: text("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: campaignRoles }).notNull().default("CONTRIBUTOR"),
    joinedAt: now("joinedAt"),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.userId] }), index("CampaignParticipant_userId_idx").on(t.userId)],
);

/**
 * A campaign-only identity (a contributor invited by e-mail, not a product user). organization and
 * role are no longer written or read: what an invitation says about the person is kept on their
 * ContributorExercise of that campaign (the columns stay for spec §3).
 */
export const campaignUsers = sqliteTable(
  "CampaignUser",
  {
    id: id(),
    email: text("email").notNull(),
    firstName: text("firstName"),
    lastName: text("lastName"),
    organization: text("organization"),
    /** Their role in their organisation ("Fire Chief"), free text; CONTRIBUTOR when not given. */
    role: text("role").notNull().default("CONTRIBUTOR"),
    preferredLanguage: text("preferredLanguage"),
    passwordHash: text("passwordHash"),
    joinedAt: now("joinedAt"),
    lastActiveAt: timestamp("lastActiveAt"),
  },
  (t) => [uniqueIndex("CampaignUser_email_key").on(t.email)],
);

/**
 * One contributor's interview and draft for a campaign. authorId is a User or CampaignUser id, so
 * it carries no foreign key.
 */
export const contributorExercises = sqliteTable(
  "ContributorExercise",
  {
    id: id(),
    campaignId: text("campaignId")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    authorId: text("authorId").notNull(),
    status: text("status", { enum: contributorStatuses }).notNull().default("INVITED"),
    phase1ThreadId: text("phase1ThreadId"),
    threadId: text("threadId"),
    progress: json("progress", jsonValue),
    collectedData: json("collectedData", jsonValue),
    exerciseContent: json("exerciseContent", jsonValue),
    completionPercentage: integer("completionPercentage").notNull().default(0),
    contributionCompleted: bool("contributionCompleted").notNull().default(false),
    exerciseGenerated: bool("exerciseGenerated").notNull().default(false),
    exerciseConfirmed: bool("exerciseConfirmed").notNull().default(false),
    lastMessageAt: timestamp("lastMessageAt"),
    lastSyncedAt: timestamp("lastSyncedAt"),
    submittedAt: timestamp("submittedAt"),
    /**
     * The contributor's organisation and role ("Fire Chief") as this campaign's invitation gave
     * them: per campaign, so one team's invitation never tells another team's managers (issue 27
     * item 12). Null when the invitation named none.
     */
    organization: text("organization"),
    role: text("role"),
    components: json("components", jsonValue),
    contributions: json("contributions", jsonValue),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("ContributorExercise_campaignId_authorId_key").on(t.campaignId, t.authorId), index("ContributorExercise_authorId_idx").on(t.authorId)],
);

/** Invitation link of a campaign; store a hash of the secret in token. */
export const campaignTokens = sqliteTable(
  "CampaignToken",
  {
    id: id(),
    campaignId: text("campaignId")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    token: text("token").notNull(),
    expiresAt: timestamp("expiresAt").notNull(),
    usedAt: timestamp("usedAt"),
    revokedAt: timestamp("revokedAt"),
    fullName: text("fullName"),
    organization: text("organization"),
    /** The invitee's role in their organisation, free text; CONTRIBUTOR when not given. */
    role: text("role").notNull().default("CONTRIBUTOR"),
  },
  (t) => [
    uniqueIndex("CampaignToken_token_key").on(t.token),
    index("CampaignToken_campaignId_idx").on(t.campaignId),
    index("CampaignToken_email_idx").on(t.email),
  ],
);

export type Campaign = typeof campaigns.$inferSelect;
export type CampaignParticipant = typeof campaignParticipants.$inferSelect;
export type CampaignUser = typeof campaignUsers.$inferSelect;
export type ContributorExercise = typeof contributorExercises.$inferSelect;
export type CampaignToken = typeof campaignTokens.$inferSelect;
