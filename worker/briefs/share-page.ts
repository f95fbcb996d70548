import { Hono } from "hono";
import { appCtxOf } from "../context";
import { HttpError } from "../lib/errors";
import { cachedPage, storePage } from "../share/edge-cache";
import { markdownToHtml } from "../share/markdown-html";
import { shareNotFoundResponse, sharePageResponse } from "../share/page";
import type { AppEnv } from "../types";
import { sharedBriefCacheKey } from "./share-cache";
import { findSharedBrief } from "./sharing";

/**
 * The public page of a shared brief (mounted at /share/briefs): no sign-in, only the brief's
 * title, date and content. Served from the edge cache when it holds the page; otherwise rendered
 * from D1 and stored after the answer is sent. Owners' changes purge it (share-cache.ts).
 */
export const briefSharePage = new Hono<AppEnv>().get("/:token", async (c) => {
  const ctx = appCtxOf(c);
  const token = c.req.param("token");
  const key = sharedBriefCacheKey(ctx, token);
  const hit = await cachedPage(key);
  if (hit) return hit;

  let brief;
  try {
    brief = await findSharedBrief(ctx, token);
  } catch (err) {
    if (err instanceof HttpError && err.status === 404) return shareNotFoundResponse();
    throw err;
  }
  const page = await sharePageResponse({
    kind: "Intelligence brief",
    title: brief.title,
    date: { label: "Last updated", at: brief.updatedAt },
    bodyHtml: markdownToHtml(brief.content),
  });
  // Stored after the answer is sent. A revoke landing between this read and the put can leave the
  // old page cached here for at most SHARE_CACHE_SECONDS (worker/share/edge-cache.ts).
  c.executionCtx.waitUntil(storePage(key, page).catch((err: unknown) => console.error("Share page not cached:", err)));
  return page;
});
