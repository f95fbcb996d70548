import { and, count, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { userHasFlag } from "../accounts/flags";
import type { UserContext } from "../context";
import { alertSummaries, alerts, type Alert, type AlertSummary } from "../db/schema";
import { nowDate, nowMs } from "../lib/clock";
import { conflict, HttpError, notFound } from "../lib/errors";
import {
  ALERT_CADENCES,
  ALERT_HISTORY_LIMIT,
  ALERT_QUERY_MAX,
  ALERT_QUERY_MIN,
  MAX_ALERTS_PER_USER,
  nextRunForCadenceChange,
  nextRunOnResume,
  type AlertCadence,
} from "../../shared/alerts/cadence";
import { sharedAlertPath } from "../share/paths";
import { purgeSharedAlert } from "./share-cache";
import { refreshSharedAlert } from "./share-page";

/**
 * News alerts (issue 12, flag `alertsEnabled`): a saved query summarised on a cadence. This file is
 * the planner's side (create, list with the latest summary and the trigger history, edit, pause,
 * resume, delete), every read and write scoped to the caller; schedule.ts and run.ts are the cron's.
 */

export type AlertSummaryView = {
  id: string;
  title: string | null;
  /** Markdown with [n] citations and a Sources list. */
  content: string;
  reportUrl: string | null;
  /** ISO-8601 UTC: the grid point this summary is for. */
  triggerDate: string | null;
  sourceCount: number;
  notice: string | null;
  creditsCharged: number;
  createdAt: string;
};

/** One line of the trigger history (the latest summary carries the full content). */
export type AlertTriggerView = Omit<AlertSummaryView, "content">;

export type AlertView = {
  id: string;
  queryText: string;
  cadence: AlertCadence;
  isActive: boolean;
  /** ISO-8601 UTC; null while paused. */
  nextRunAt: string | null;
  createdAt: string;
  updatedAt: string;
  latestSummary: AlertSummaryView | null;
  history: AlertTriggerView[];
  /** Set only while the alert is shared; the public page is `sharePath` on the app's address. */
  shareToken: string | null;
  sharePath: string | null;
};

export type AlertLimits = { maxAlerts: number; queryMin: number; queryMax: number; cadences: readonly AlertCadence[] };
const ALERT_LIMITS: AlertLimits = { maxAlerts: MAX_ALERTS_PER_USER, queryMin: ALERT_QUERY_MIN, queryMax: ALERT_QUERY_MAX, cadences: ALERT_CADENCES };

const queryText = z
  .string()
  .trim()
  .min(ALERT_QUERY_MIN, `Enter at least ${ALERT_QUERY_MIN} characters.`)
  .max(ALERT_QUERY_MAX, `Keep the query to ${ALERT_QUERY_MAX} characters.`);

export const createAlertSchema = z.object({ queryText, cadence: z.enum(ALERT_CADENCES).default("daily"), isActive: z.boolean().default(true) }).strict();
export const updateAlertSchema = z
  .object({ queryText, cadence: z.enum(ALERT_CADENCES), isActive: z.boolean() })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: "Send at least one of queryText, cadence, isActive." });

const alertsDisabled = () => new HttpError(404, "alerts_disabled", "News alerts are not enabled for this account.");

/** 404 `alerts_disabled` unless the caller's account has the alertsEnabled flag (spec §6). */
export async function assertAlertsEnabled(ctx: UserContext): Promise<void> {
  if (!(await userHasFlag(ctx.db, ctx.user.id, "alertsEnabled"))) throw alertsDisabled();
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function summaryView(row: AlertSummary): AlertSummaryView {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    reportUrl: row.reportUrl,
    triggerDate: iso(row.triggerDate),
    sourceCount: row.sourceCount ?? 0,
    notice: row.notice,
    creditsCharged: row.creditsCharged,
    createdAt: row.createdAt.toISOString(),
  };
}

function triggerView(row: AlertSummary): AlertTriggerView {
  const { content: _content, ...rest } = summaryView(row);
  return rest;
}

function alertView(row: Alert, summaries: AlertSummary[]): AlertView {
  return {
    id: row.id,
    queryText: row.queryText,
    cadence: row.cadence,
    isActive: row.isActive,
    nextRunAt: row.isActive ? iso(row.nextRunAt) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    latestSummary: summaries[0] ? summaryView(summaries[0]) : null,
    history: summaries.map(triggerView),
    shareToken: row.shareToken,
    sharePath: row.shareToken ? sharedAlertPath(row.shareToken) : null,
  };
}

/** The latest `limit` summaries of each alert, newest trigger first, in one query. */
async function recentSummaries(ctx: UserContext, alertIds: string[], limit: number): Promise<Map<string, AlertSummary[]>> {
  const byAlert = new Map<string, AlertSummary[]>();
  if (alertIds.length === 0) return byAlert;
  const { results } = await ctx.env.DB.prepare(
    `SELECT * FROM (
       SELECT s.*, row_number() OVER (PARTITION BY s."alertId" ORDER BY s."triggerDate" DESC, s."createdAt" DESC) AS rn
       FROM "AlertSummary" s JOIN "Alert" a ON a."id" = s."alertId"
       WHERE a."userId" = ?1 AND s."alertId" IN (SELECT value FROM json_each(?2))
     ) WHERE rn <= ?3 ORDER BY "triggerDate" DESC`,
  )
    .bind(ctx.user.id, JSON.stringify(alertIds), limit)
    .all<Record<string, unknown>>();
  for (const r of results) {
    const row: AlertSummary = {
      id: String(r.id),
      alertId: String(r.alertId),
      title: (r.title as string | null) ?? null,
      content: String(r.content),
      reportUrl: (r.reportUrl as string | null) ?? null,
      triggerDate: r.triggerDate === null ? null : new Date(Number(r.triggerDate)),
      sourceCount: r.sourceCount === null ? null : Number(r.sourceCount),
      notice: (r.notice as string | null) ?? null,
      creditsCharged: Number(r.creditsCharged ?? 0),
      createdAt: new Date(Number(r.createdAt)),
    };
    const list = byAlert.get(row.alertId) ?? [];
    list.push(row);
    byAlert.set(row.alertId, list);
  }
  return byAlert;
}

const ALERT_NOT_FOUND = "Alert not found.";

export async function ownAlert(ctx: UserContext, id: string): Promise<Alert> {
  const [row] = await ctx.db
    .select()
    .from(alerts)
    .where(and(eq(alerts.id, id), eq(alerts.userId, ctx.user.id)))
    .limit(1);
  if (!row) throw notFound(ALERT_NOT_FOUND);
  return row;
}

/** One summary of one of the caller's alerts (another user's, or a summary of another alert: 404). */
export async function ownAlertSummary(ctx: UserContext, alertId: string, summaryId: string): Promise<{ alert: Alert; summary: AlertSummary }> {
  await assertAlertsEnabled(ctx);
  const alert = await ownAlert(ctx, alertId);
  const [summary] = await ctx.db
    .select()
    .from(alertSummaries)
    .where(and(eq(alertSummaries.id, summaryId), eq(alertSummaries.alertId, alert.id)))
    .limit(1);
  if (!summary) throw notFound("Alert summary not found.");
  return { alert, summary };
}

export async function viewOf(ctx: UserContext, row: Alert, historyLimit = ALERT_HISTORY_LIMIT): Promise<AlertView> {
  const summaries = await recentSummaries(ctx, [row.id], historyLimit);
  return alertView(row, summaries.get(row.id) ?? []);
}

export async function listAlerts(ctx: UserContext): Promise<{ alerts: AlertView[]; limits: AlertLimits }> {
  await assertAlertsEnabled(ctx);
  const rows = await ctx.db.select().from(alerts).where(eq(alerts.userId, ctx.user.id)).orderBy(desc(alerts.createdAt), desc(alerts.id));
  const summaries = await recentSummaries(
    ctx,
    rows.map((r) => r.id),
    ALERT_HISTORY_LIMIT,
  );
  return { alerts: rows.map((r) => alertView(r, summaries.get(r.id) ?? [])), limits: ALERT_LIMITS };
}

export async function getAlert(ctx: UserContext, id: string): Promise<AlertView> {
  await assertAlertsEnabled(ctx);
  return viewOf(ctx, await ownAlert(ctx, id));
}

/** A new alert is due at once: its first summary is written at the next cron tick. */
export async function createAlert(ctx: UserContext, input: z.infer<typeof createAlertSchema>): Promise<AlertView> {
  await assertAlertsEnabled(ctx);
  const [existing] = await ctx.db.select({ n: count() }).from(alerts).where(eq(alerts.userId, ctx.user.id));
  if ((existing?.n ?? 0) >= MAX_ALERTS_PER_USER) throw conflict(`You can keep up to ${MAX_ALERTS_PER_USER} alerts. Delete one to add another.`, "alert_limit");
  const [row] = await ctx.db
    .insert(alerts)
    .values({ userId: ctx.user.id, queryText: input.queryText, cadence: input.cadence, isActive: input.isActive, nextRunAt: new Date(nowMs()) })
    .returning();
  return alertView(row!, []);
}

async function lastTriggerDate(ctx: UserContext, alertId: string): Promise<number | null> {
  const [row] = await ctx.db
    .select({ t: alertSummaries.triggerDate })
    .from(alertSummaries)
    .where(eq(alertSummaries.alertId, alertId))
    .orderBy(desc(alertSummaries.triggerDate))
    .limit(1);
  return row?.t ? row.t.getTime() : null;
}

/** Edits the query, cadence or active state; a cadence change or a resume moves the next run (cadence.ts). */
export async function updateAlert(ctx: UserContext, id: string, input: z.infer<typeof updateAlertSchema>): Promise<AlertView> {
  await assertAlertsEnabled(ctx);
  const row = await ownAlert(ctx, id);
  const now = nowMs();
  const cadence = input.cadence ?? row.cadence;
  let nextRunAt = row.nextRunAt?.getTime() ?? null;
  if (input.cadence && input.cadence !== row.cadence) {
    nextRunAt = nextRunForCadenceChange({ lastTriggerDate: await lastTriggerDate(ctx, id), currentNextRunAt: nextRunAt, cadence, now });
  }
  if (input.isActive === true && !row.isActive) nextRunAt = nextRunOnResume(nextRunAt, now);
  const [updated] = await ctx.db
    .update(alerts)
    .set({
      ...(input.queryText !== undefined ? { queryText: input.queryText } : {}),
      cadence,
      ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
      nextRunAt: nextRunAt === null ? null : new Date(nextRunAt),
      updatedAt: nowDate(),
    })
    .where(and(eq(alerts.id, id), eq(alerts.userId, ctx.user.id)))
    .returning();
  if (!updated) throw notFound(ALERT_NOT_FOUND);
  // The public page shows the query and whether updates are paused: rendered now, then the edge copy dropped.
  if (updated.shareToken) await refreshSharedAlert(ctx, updated.id);
  await purgeSharedAlert(ctx, updated.shareToken);
  return viewOf(ctx, updated);
}

export const pauseAlert = (ctx: UserContext, id: string) => updateAlert(ctx, id, { isActive: false });
export const resumeAlert = (ctx: UserContext, id: string) => updateAlert(ctx, id, { isActive: true });

/** Deletes the alert and (cascade) its summaries. A message already queued for it finds nothing and is acknowledged. */
export async function deleteAlert(ctx: UserContext, id: string): Promise<void> {
  await assertAlertsEnabled(ctx);
  const deleted = await ctx.db
    .delete(alerts)
    .where(and(eq(alerts.id, id), eq(alerts.userId, ctx.user.id)))
    .returning({ id: alerts.id, shareToken: alerts.shareToken });
  if (deleted.length === 0) throw notFound(ALERT_NOT_FOUND);
  await purgeSharedAlert(ctx, deleted[0]!.shareToken);
}
