import type { AppContext } from "../context";
import { edgeCacheKey, purgePage } from "../share/edge-cache";
import { sharedBriefPath } from "./limits";

/** The edge-cache key of a shared brief's public page (worker/share/edge-cache.ts). */
export const sharedBriefCacheKey = (ctx: AppContext, token: string) => edgeCacheKey(ctx.config.APP_URL, sharedBriefPath(token));

/** Drops the public page's edge copy: called on every edit, rotation, revocation and deletion. */
export function purgeSharedBrief(ctx: AppContext, token: string): Promise<void> {
  return purgePage(ctx.config.APP_URL, sharedBriefPath(token));
}
