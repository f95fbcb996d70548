import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { teamSharedIds } from "../accounts/team-shares";
import type { TrendsView } from "../../shared/improvement/model";
import type { UserContext } from "../context";
import { RATINGS, type Rating } from "../../shared/db/conduct-shapes";
import { afterActionReports, conductSessions, correctiveActions } from "../db/schema";
import { nowMs } from "../lib/clock";
import { overdueSql } from "./actions";
import { ACTIVE_STATUSES } from "./due";
import type { CapabilityTrendsView, CapabilityTrendView } from "../../shared/improvement/views";

/**
 * Capability trends (issue 15): per core capability, the rating each of the caller's PUBLISHED
 * after-action reports gave it (content.analyses[].rating), dated by when the session ended, oldest
 * first; beside it, the caller's open and overdue corrective actions for that capability. Drafts
 * never count: a rating is the report's once it is final.
 *
 * Two statements in one D1 round trip. The ratings are read out of the JSON with json_each rather
 * than loading every report's whole content (reports carry evidence quotes and scenarios).
 */
export async function getCapabilityTrends(ctx: UserContext, view: TrendsView = "mine", now = nowMs()): Promise<CapabilityTrendsView> {
  const analysis = sql`json_each(${afterActionReports.content}, '$.analyses')`;
  // The team view adds the personal exercises shared with the caller's team (worker/accounts/team-shares.ts):
  // their reports and actions, whoever ran them; private exercises of colleagues never count.
  const shared = teamSharedIds("exercise", ctx.user.id);
  const reports =
    view === "team"
      ? or(eq(afterActionReports.userId, ctx.user.id), and(isNull(conductSessions.campaignId), sql`${conductSessions.exerciseId} IN ${shared}`))!
      : eq(afterActionReports.userId, ctx.user.id);
  const actionsOf =
    view === "team"
      ? or(eq(correctiveActions.userId, ctx.user.id), and(isNull(correctiveActions.campaignId), sql`${correctiveActions.exerciseId} IN ${shared}`))!
      : eq(correctiveActions.userId, ctx.user.id);
  const [ratings, actions] = await ctx.db.batch([
    ctx.db
      .select({
        sessionId: afterActionReports.sessionId,
        exerciseName: sql<string | null>`json_extract(${conductSessions.plan}, '$.exerciseName')`,
        endedAt: sql<number | null>`${conductSessions.endedAt}`,
        publishedAt: sql<number | null>`${afterActionReports.publishedAt}`,
        capability: sql<string | null>`json_extract(analysis.value, '$.capability')`,
        rating: sql<string | null>`json_extract(analysis.value, '$.rating')`,
      })
      .from(afterActionReports)
      .innerJoin(conductSessions, eq(conductSessions.id, afterActionReports.sessionId))
      .innerJoin(sql`${analysis} AS analysis`, sql`1 = 1`)
      .where(and(reports, eq(afterActionReports.status, "final")))
      .orderBy(sql`coalesce(${conductSessions.endedAt}, ${afterActionReports.publishedAt})`, afterActionReports.sessionId),
    ctx.db
      .select({
        capability: correctiveActions.capability,
        open: sql<number>`coalesce(sum(${inArray(correctiveActions.status, ACTIVE_STATUSES)}), 0)`,
        overdue: sql<number>`coalesce(sum(${overdueSql(now)}), 0)`,
      })
      .from(correctiveActions)
      .where(actionsOf)
      .groupBy(correctiveActions.capability),
  ]);

  const byCapability = new Map<string, CapabilityTrendView>();
  const entry = (capability: string) => {
    let e = byCapability.get(capability);
    if (!e) byCapability.set(capability, (e = { capability, points: [], openActions: 0, overdueActions: 0 }));
    return e;
  };
  for (const r of ratings) {
    const date = r.endedAt ?? r.publishedAt;
    if (!r.capability || !isRating(r.rating) || date === null) continue;
    entry(r.capability).points.push({
      sessionId: r.sessionId,
      exerciseName: r.exerciseName ?? "",
      date: new Date(Number(date)).toISOString(),
      rating: r.rating,
    });
  }
  for (const a of actions) {
    const e = entry(a.capability);
    e.openActions = Number(a.open);
    e.overdueActions = Number(a.overdue);
  }
  const capabilities = [...byCapability.values()].sort((a, b) => a.capability.localeCompare(b.capability));
  return { capabilities };
}

function isRating(value: unknown): value is Rating {
  return typeof value === "string" && (RATINGS as readonly string[]).includes(value);
}
