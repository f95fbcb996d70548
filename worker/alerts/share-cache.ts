import type { AppContext } from "../context";
import { sharedAlertPath } from "../share/paths";
import { purgeSharedPage, sharedPageCacheKey } from "../share/public-route";

/** The edge-cache key of a shared alert's public page (worker/share/edge-cache.ts). */
export const sharedAlertCacheKey = (ctx: AppContext, token: string) => sharedPageCacheKey(ctx, sharedAlertPath(token));

/**
 * Drops the public page's edge copy: on every edit, pause/resume, rotation, revocation, deletion and
 * new summary. Never fails the caller: the page's short TTL bounds a copy a failed purge leaves.
 */
export async function purgeSharedAlert(ctx: AppContext, token: string | null): Promise<void> {
  if (!token) return;
  try {
    await purgeSharedPage(ctx, sharedAlertPath(token));
  } catch (err) {
    console.error("Shared alert page not purged:", err);
  }
}
