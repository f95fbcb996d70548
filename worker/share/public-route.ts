import { Hono } from "hono";
import { appCtxOf, type AppContext } from "../context";
import { HttpError } from "../lib/errors";
import type { AppEnv } from "../types";
import { cachedPage, edgeCacheKey, purgePage, storePage } from "./edge-cache";
import { shareNotFoundResponse } from "./page";

/**
 * One kind of public share page (a brief, an alert): where its pages live, and how one is answered
 * from its token. The route's cache key derives from `pathOf`, the same path the feature's purge
 * uses, so the key a page is stored under is the key an owner's change deletes.
 */
export type SharedPageKind = {
  pathOf(token: string): string;
  /**
   * The page for a live token, from its stored HTML (worker/share/stored-page.ts); throws a 404
   * HttpError for anything else, an owner who is disabled or has no active plan included.
   */
  render(ctx: AppContext, token: string): Promise<Response>;
};

/** The edge-cache key of the shared page at `path` (worker/share/edge-cache.ts). */
export const sharedPageCacheKey = (ctx: AppContext, path: string) => edgeCacheKey(ctx.config.APP_URL, path);

/** Drops a shared page's edge copy: called on every change the page shows, and on rotate/revoke/delete. */
export const purgeSharedPage = (ctx: AppContext, path: string) => purgePage(ctx.config.APP_URL, path);

/**
 * The public route of `kind` (mounted at its base path): no sign-in. Served from the edge cache
 * when it holds the page; otherwise from the page's stored HTML in D1, and put in the edge cache
 * after the answer is sent. Every token that shows nothing gets the one not-available page.
 */
export function sharedPageRoute(kind: SharedPageKind) {
  return new Hono<AppEnv>().get("/:token", async (c) => {
    const ctx = appCtxOf(c);
    const token = c.req.param("token");
    const key = sharedPageCacheKey(ctx, kind.pathOf(token));
    const hit = await cachedPage(key);
    if (hit) return hit;

    let page: Response;
    try {
      page = await kind.render(ctx, token);
    } catch (err) {
      if (err instanceof HttpError && err.status === 404) return shareNotFoundResponse();
      throw err;
    }
    // Stored after the answer is sent. A revoke landing between this read and the put can leave the
    // old page cached here for at most SHARE_CACHE_SECONDS (worker/share/edge-cache.ts).
    c.executionCtx.waitUntil(storePage(key, page).catch((err: unknown) => console.error("Share page not cached:", err)));
    return page;
  });
}
