import type { AppContext } from "../context";
import { purgeSharedPage, sharedPageCacheKey } from "../share/public-route";
import { sharedBriefPath } from "../share/paths";

/** The edge-cache key of a shared brief's public page (worker/share/edge-cache.ts). */
export const sharedBriefCacheKey = (ctx: AppContext, token: string) => sharedPageCacheKey(ctx, sharedBriefPath(token));

/** Drops the public page's edge copy: called on every edit, rotation, revocation and deletion. */
export function purgeSharedBrief(ctx: AppContext, token: string): Promise<void> {
  return purgeSharedPage(ctx, sharedBriefPath(token));
}
