import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, id, json, timestamp, updatedAt } from "../columns";
import { jsonObject } from "../shapes";
import { accounts, users } from "./auth";

/** Outbound e-mail as written by the local/test sender; shown at /dev/mailbox. */
export const emailOutbox = sqliteTable(
  "EmailOutbox",
  {
    id: id(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** What the mail is for (password-reset, mfa-code, invitation…), so tests can find it. */
    kind: text("kind").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("EmailOutbox_to_createdAt_idx").on(t.to, t.createdAt), index("EmailOutbox_createdAt_idx").on(t.createdAt)],
);

/** One row per scheduled job; isRunning + startedAt guard against overlapping cron runs. */
export const schedulerTaskStates = sqliteTable(
  "SchedulerTaskState",
  {
    id: id(),
    name: text("name").notNull(),
    lastRun: timestamp("lastRun"),
    isRunning: bool("isRunning").notNull().default(false),
    error: text("error"),
    startedAt: timestamp("startedAt"),
    updatedAt: updatedAt(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("SchedulerTaskState_name_key").on(t.name)],
);

/**
 * Audit entries outlive the rows they mention (set null, not cascade), except the account itself.
 * campaignId is a plain column (no foreign key) so the trail of a deleted campaign survives it.
 */
export const auditLogs = sqliteTable(
  "AuditLog",
  {
    id: id(),
    accountId: text("accountId").references(() => accounts.id, { onDelete: "cascade" }),
    actorId: text("actorId").references(() => users.id, { onDelete: "set null" }),
    targetUserId: text("targetUserId").references(() => users.id, { onDelete: "set null" }),
    campaignId: text("campaignId"),
    action: text("action").notNull(),
    metadata: json("metadata", jsonObject),
    createdAt: createdAt(),
  },
  (t) => [
    index("AuditLog_accountId_createdAt_idx").on(t.accountId, t.createdAt),
    index("AuditLog_campaignId_createdAt_idx").on(t.campaignId, t.createdAt),
    index("AuditLog_actorId_idx").on(t.actorId),
  ],
);

export type EmailOutboxRow = typeof emailOutbox.$inferSelect;
export type SchedulerTaskState = typeof schedulerTaskStates.$inferSelect;
export type AuditLog = typeof auditLogs.$inferSelect;
