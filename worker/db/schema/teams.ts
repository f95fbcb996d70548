import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, id, timestamp, updatedAt } from "../columns";
import { accounts, users } from "./auth";

export const teamRoles = ["ADMIN", "MEMBER"] as const;
export const collaborateRoles = ["CAMPAIGN_MANAGER", "STANDARD_USER"] as const;
/** The spec does not list invitation states; these are the ones the invite flow needs. */
export const teamInvitationStatuses = ["PENDING", "ACCEPTED", "DECLINED", "REVOKED", "EXPIRED"] as const;

/** A team belongs to the account that pays for its seats; members get their plan through it. */
export const teams = sqliteTable(
  "Team",
  {
    id: id(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    seats: integer("seats").notNull().default(1),
    accountId: text("accountId")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** "New documents are shared with the team": a member's upload starts team-shared (worker/accounts/team-shares.ts). */
    shareNewDocuments: bool("shareNewDocuments").notNull().default(false),
  },
  (t) => [index("Team_accountId_idx").on(t.accountId)],
);

export const teamMembers = sqliteTable(
  "TeamMember",
  {
    id: id(),
    teamId: text("teamId")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: text("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: teamRoles }).notNull().default("MEMBER"),
    collaborateRole: text("collaborateRole", { enum: collaborateRoles }).notNull().default("STANDARD_USER"),
    joinedAt: timestamp("joinedAt")
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (t) => [uniqueIndex("TeamMember_teamId_userId_key").on(t.teamId, t.userId), index("TeamMember_userId_idx").on(t.userId)],
);

export const teamInvitations = sqliteTable(
  "TeamInvitation",
  {
    id: id(),
    teamId: text("teamId")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    /** Set once the invitee has (or creates) a user. */
    inviteeId: text("inviteeId").references(() => users.id, { onDelete: "set null" }),
    inviterId: text("inviterId").references(() => users.id, { onDelete: "set null" }),
    email: text("email").notNull(),
    collaborateRole: text("collaborateRole", { enum: collaborateRoles }).notNull().default("STANDARD_USER"),
    status: text("status", { enum: teamInvitationStatuses }).notNull().default("PENDING"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("TeamInvitation_teamId_status_idx").on(t.teamId, t.status),
    index("TeamInvitation_email_idx").on(t.email),
    index("TeamInvitation_inviteeId_idx").on(t.inviteeId),
  ],
);

export const teamShareKinds = ["document", "exercise", "brief"] as const;
export const teamShareAccess = ["read", "edit"] as const;

/**
 * A document, personal exercise or brief its author (or a team admin) shared with their team.
 * No row: private to its author (spec §6). One row per item, so an item is shared with one team.
 * Whoever reads it must be a member of the team, and so must its owner (worker/accounts/team-shares.ts):
 * leaving the team, or being removed, ends both ways of access at once, whatever path removed them.
 * `ownerId` is the item's author (items never change hands), stored so the rule needs no join to
 * the item's table. "edit" is for exercises only, and every edit still passes the edit lock.
 */
export const teamShares = sqliteTable(
  "TeamShare",
  {
    id: id(),
    teamId: text("teamId")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: teamShareKinds }).notNull(),
    itemId: text("itemId").notNull(),
    ownerId: text("ownerId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    access: text("access", { enum: teamShareAccess }).notNull().default("read"),
    sharedById: text("sharedById").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("TeamShare_kind_itemId_key").on(t.kind, t.itemId), index("TeamShare_teamId_kind_idx").on(t.teamId, t.kind)],
);

export type Team = typeof teams.$inferSelect;
export type TeamShare = typeof teamShares.$inferSelect;
export type TeamShareKind = (typeof teamShareKinds)[number];
export type TeamShareAccess = (typeof teamShareAccess)[number];
export type TeamMember = typeof teamMembers.$inferSelect;
export type TeamInvitation = typeof teamInvitations.$inferSelect;
export type TeamRole = (typeof teamRoles)[number];
export type CollaborateRole = (typeof collaborateRoles)[number];
