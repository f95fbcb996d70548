import { and, eq } from "drizzle-orm";
import type { UserContext } from "../context";
import { alerts, type Alert } from "../db/schema";
import { shareActions, tokenUnchanged } from "../share/tokens";
import { assertAlertsEnabled, ownAlert, viewOf, type AlertView } from "./service";
import { purgeSharedAlert } from "./share-cache";
import { refreshSharedAlert } from "./share-page";

/**
 * Sharing a news alert publicly at /share/alerts/{token}: the token's life (share, rotate, revoke,
 * compare-and-set, purge) is worker/share/tokens.ts, as for briefs; this is how an alert's row is
 * read (behind the alertsEnabled flag) and swapped. What its public page shows is share-page.ts.
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
  render: (ctx, row) => refreshSharedAlert(ctx, row.id),
});

export const shareAlert = async (ctx: UserContext, id: string): Promise<AlertView> => viewOf(ctx, await alertSharing.share(ctx, id));
export const rotateAlertShareToken = async (ctx: UserContext, id: string): Promise<AlertView> => viewOf(ctx, await alertSharing.rotate(ctx, id));
export const revokeAlertShare = async (ctx: UserContext, id: string): Promise<AlertView> => viewOf(ctx, await alertSharing.revoke(ctx, id));
