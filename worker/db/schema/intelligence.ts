import { z } from "zod";
import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { bool, createdAt, id, json, timestamp, updatedAt } from "../columns";
import { chatMessagesSchema } from "../shapes";
import { users } from "./auth";

/**
 * A brief saved from a chat answer. chatId + messageIndex point at the message it came from
 * (an Ask Readyroom or intelligence chat, hence no foreign key). shareToken is set only while the
 * brief is shared publicly.
 */
export const intelBriefs = sqliteTable(
  "IntelBrief",
  {
    id: id(),
    userId: text("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    content: text("content").notNull(),
    chatId: text("chatId"),
    messageIndex: integer("messageIndex"),
    shareToken: text("shareToken"),
    /** Names of the planner's own documents the brief quotes (saved from an answer over them): sharing it asks first. */
    internalSources: json("internalSources", z.array(z.string()))
      .notNull()
      .default(sql`'[]'`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Part of the account's sample workspace (worker/sample). */
    sample: bool("sample").notNull().default(false),
  },
  (t) => [uniqueIndex("IntelBrief_shareToken_key").on(t.shareToken), index("IntelBrief_userId_createdAt_idx").on(t.userId, t.createdAt)],
);

export const intelligenceChats = sqliteTable(
  "IntelligenceChat",
  {
    id: id(),
    userId: text("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    messages: json("messages", chatMessagesSchema)
      .notNull()
      .$defaultFn(() => []),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("IntelligenceChat_userId_updatedAt_idx").on(t.userId, t.updatedAt)],
);

export const alerts = sqliteTable(
  "Alert",
  {
    id: id(),
    userId: text("userId")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Id of the alert at the news provider (AskNews). */
    askNewsAlertId: text("askNewsAlertId"),
    queryText: text("queryText").notNull(),
    summaryContent: text("summaryContent"),
    isActive: bool("isActive").notNull().default(true),
    shareToken: text("shareToken"),
    /** How often a summary is written: hourly, daily or weekly (shared/alerts/cadence.ts). */
    cadence: text("cadence", { enum: ["hourly", "daily", "weekly"] })
      .notNull()
      .default("daily"),
    /**
     * The next trigger date (epoch ms): the cron enqueues active alerts with nextRunAt <= now and
     * moves it past now on the alert's grid (nextRunAt + k × interval), so a missed window is run once.
     */
    nextRunAt: timestamp("nextRunAt"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("Alert_shareToken_key").on(t.shareToken),
    index("Alert_userId_createdAt_idx").on(t.userId, t.createdAt),
    index("Alert_askNewsAlertId_idx").on(t.askNewsAlertId),
    // The cron's due scan: WHERE isActive = 1 AND nextRunAt <= ? ORDER BY nextRunAt.
    index("Alert_isActive_nextRunAt_idx").on(t.isActive, t.nextRunAt),
  ],
);

export const alertSummaries = sqliteTable(
  "AlertSummary",
  {
    id: id(),
    alertId: text("alertId")
      .notNull()
      .references(() => alerts.id, { onDelete: "cascade" }),
    title: text("title"),
    content: text("content").notNull(),
    reportUrl: text("reportUrl"),
    triggerDate: timestamp("triggerDate"),
    sourceCount: integer("sourceCount"),
    /** Why the summary is not a normal one (not enough credits, no source answered); null when it is. */
    notice: text("notice"),
    /** Credits charged for this summary (0 when nothing was summarised or charging was skipped). */
    creditsCharged: integer("creditsCharged").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("AlertSummary_alertId_createdAt_idx").on(t.alertId, t.createdAt),
    // Exactly once per alert and trigger date: a redelivered or overlapping run's insert is a no-op.
    uniqueIndex("AlertSummary_alertId_triggerDate_key").on(t.alertId, t.triggerDate),
  ],
);

/** ready: html is the page; failed: html is the error page (worker/share/page.ts); rendering: a render claimed it at renderedAt. */
export const sharedPageStates = ["ready", "failed", "rendering"] as const;

/**
 * The public page of a shared brief or alert (issue 27), rendered once when what it shows changes
 * and served from here: the Markdown is never rendered for an anonymous reader's request
 * (worker/share/stored-page.ts). Exactly one of briefId and alertId names what it shows.
 */
export const sharedPages = sqliteTable(
  "SharedPage",
  {
    id: id(),
    briefId: text("briefId").references(() => intelBriefs.id, { onDelete: "cascade" }),
    alertId: text("alertId").references(() => alerts.id, { onDelete: "cascade" }),
    /** What it was rendered from (the renderer's and the item's stamps); a page whose item has another version is stale. */
    version: text("version").notNull(),
    state: text("state", { enum: sharedPageStates }).notNull(),
    /** The document's <title>. */
    title: text("title").notNull(),
    /** The page's <main> (header and article), escaped HTML; the shell is added when it is served. */
    html: text("html").notNull(),
    /** When the render was claimed, then when it finished. */
    renderedAt: timestamp("renderedAt").notNull(),
  },
  (t) => [
    uniqueIndex("SharedPage_briefId_key").on(t.briefId),
    uniqueIndex("SharedPage_alertId_key").on(t.alertId),
    check("SharedPage_one_item", sql`("briefId" IS NULL) <> ("alertId" IS NULL)`),
  ],
);

export type IntelBrief = typeof intelBriefs.$inferSelect;
export type IntelligenceChat = typeof intelligenceChats.$inferSelect;
export type Alert = typeof alerts.$inferSelect;
export type AlertSummary = typeof alertSummaries.$inferSelect;
export type SharedPage = typeof sharedPages.$inferSelect;
