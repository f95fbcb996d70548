import { and, desc, eq, isNull, ne, or } from "drizzle-orm";
import { userHasFlag } from "../accounts/flags";
import type { AppContext, UserContext } from "../context";
import { alertSummaries, alerts, type Alert } from "../db/schema";
import { notFound } from "../lib/errors";
import { findByShareToken, shareActions, tokenUnchanged } from "../share/tokens";
import { INSUFFICIENT_CREDITS_NOTICE } from "./run";
import { ALERT_NOT_FOUND, assertAlertsEnabled, ownAlert, viewOf, type AlertView } from "./service";
import { purgeSharedAlert } from "./share-cache";

/**
 * Sharing a news alert publicly at /share/alerts/{token}: the token's life (share, rotate, revoke,
 * compare-and-set, purge) is worker/share/tokens.ts, as for briefs; this is how an alert's row is
 * read (behind the alertsEnabled flag) and swapped, and what its public page may show.
 */
const alertSharing = shareActions<Alert>({
  noun: "alert",
  async find(ctx, id) {
    await assertAlertsEnabled(ctx);
    return ownAlert(ctx, id);
  },
  async swap(ctx, row, next) {
    const [updated] = await ctx.db
      .update(alerts)
      // updatedAt kept: sharing is not an edit of the alert.
      .set({ shareToken: next, updatedAt: row.updatedAt })
      .where(and(eq(alerts.id, row.id), eq(alerts.userId, ctx.user.id), tokenUnchanged(alerts.shareToken, row.shareToken)))
      .returning();
    return updated ?? null;
  },
  purge: purgeSharedAlert,
});

export const shareAlert = async (ctx: UserContext, id: string): Promise<AlertView> => viewOf(ctx, await alertSharing.share(ctx, id));
export const rotateAlertShareToken = async (ctx: UserContext, id: string): Promise<AlertView> => viewOf(ctx, await alertSharing.rotate(ctx, id));
export const revokeAlertShare = async (ctx: UserContext, id: string): Promise<AlertView> => viewOf(ctx, await alertSharing.revoke(ctx, id));

/** How many summaries before the latest the public page lists (headings and dates only). */
export const SHARED_EARLIER_SUMMARIES = 5;

export type SharedAlertSummary = { title: string | null; content: string; triggerDate: Date | null; sourceCount: number };

/** Only what the public page shows: the alert's query and state and its summaries, nothing of its owner. */
export type SharedAlert = { queryText: string; isActive: boolean; latest: SharedAlertSummary | null; earlier: SharedAlertSummary[] };

/**
 * The alert behind a public token, with its latest summaries newest first. Not found when the
 * owner's account no longer has alertsEnabled: a feature turned off is off on its public pages too.
 * A summary skipped for want of credits is the owner's business, not the reader's: left out.
 */
export async function findSharedAlert(ctx: AppContext, token: string): Promise<SharedAlert> {
  const alert = await findByShareToken(token, ALERT_NOT_FOUND, async (t) => {
    const [found] = await ctx.db
      .select({ id: alerts.id, userId: alerts.userId, queryText: alerts.queryText, isActive: alerts.isActive, shareToken: alerts.shareToken })
      .from(alerts)
      .where(eq(alerts.shareToken, t))
      .limit(1);
    return found;
  });
  if (!(await userHasFlag(ctx.db, alert.userId, "alertsEnabled"))) throw notFound(ALERT_NOT_FOUND);
  const rows = await ctx.db
    .select({ title: alertSummaries.title, content: alertSummaries.content, triggerDate: alertSummaries.triggerDate, sourceCount: alertSummaries.sourceCount })
    .from(alertSummaries)
    .where(and(eq(alertSummaries.alertId, alert.id), or(isNull(alertSummaries.notice), ne(alertSummaries.notice, INSUFFICIENT_CREDITS_NOTICE))))
    .orderBy(desc(alertSummaries.triggerDate), desc(alertSummaries.createdAt))
    .limit(1 + SHARED_EARLIER_SUMMARIES);
  const summaries = rows.map((r) => ({ ...r, sourceCount: r.sourceCount ?? 0 }));
  return { queryText: alert.queryText, isActive: alert.isActive, latest: summaries[0] ?? null, earlier: summaries.slice(1) };
}
