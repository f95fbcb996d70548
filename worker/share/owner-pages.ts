import { and, isNotNull, sql } from "drizzle-orm";
import { sharedAlertPath, sharedBriefPath } from "./paths";
import type { AppContext } from "../context";
import { alerts, intelBriefs } from "../db/schema";
import { purgeSharedPage } from "./public-route";

/**
 * Whose shared pages to drop: one user (disabled, or removed from the team whose plan they used),
 * or everyone whose plan an account gives (its linked users and its teams' members) when its plan
 * ends.
 */
export type PageOwners = { userId: string } | { accountId: string };

function ownersSql(owners: PageOwners) {
  if ("userId" in owners) return sql`SELECT ${owners.userId}`;
  return sql`SELECT "userId" FROM "UserAccount" WHERE "accountId" = ${owners.accountId}
UNION SELECT tm."userId" FROM "TeamMember" tm JOIN "Team" t ON t."id" = tm."teamId" WHERE t."accountId" = ${owners.accountId}`;
}

/**
 * Drops the edge copies of every page the owners shared, when their account stops being live
 * (issue 27, M5): called wherever a user is disabled or an account loses its plan (the admin
 * console, Stripe's subscription webhooks, a member leaving a team). The serve-time check
 * (worker/share/standing.ts) already answers 404 on every cache miss; this reaches the copies
 * cached where this runs (cache.delete is per data centre; elsewhere they expire within
 * SHARE_CACHE_SECONDS). Purging the pages of someone who still has a plan costs one render-free
 * read, so callers need not work out who really lost one. Never fails the caller.
 */
export async function purgeSharedPagesOf(ctx: AppContext, owners: PageOwners): Promise<void> {
  try {
    const who = ownersSql(owners);
    const [briefs, alertRows] = await ctx.db.batch([
      ctx.db
        .select({ token: intelBriefs.shareToken })
        .from(intelBriefs)
        .where(and(sql`${intelBriefs.userId} IN (${who})`, isNotNull(intelBriefs.shareToken))),
      ctx.db
        .select({ token: alerts.shareToken })
        .from(alerts)
        .where(and(sql`${alerts.userId} IN (${who})`, isNotNull(alerts.shareToken))),
    ]);
    const paths = [...briefs.map((b) => sharedBriefPath(b.token!)), ...alertRows.map((a) => sharedAlertPath(a.token!))];
    await Promise.all(paths.map((path) => purgeSharedPage(ctx, path)));
  } catch (err) {
    console.error("Shared pages not purged:", err);
  }
}
