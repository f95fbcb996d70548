import { Hono } from "hono";
import { ensureUser } from "../auth/middleware";
import { ctxOf } from "../context";
import type { AppEnv } from "../types";
import type { Scoped } from "./item-routes";
import { acquireExerciseLock, getExerciseLock, releaseExerciseLock } from "./lock-service";
import { inCampaign, personal, requireCampaignIds, requireId } from "./scope";

function lockRouter(scoped: Scoped) {
  return new Hono<AppEnv>()
    .use(ensureUser)
    .get("/:id/lock", async (c) => {
      const { scope, id } = scoped(c);
      return c.json(await getExerciseLock(ctxOf(c), scope, id));
    })
    // Acquire, or renew when already held (the editor's heartbeat).
    .post("/:id/lock", async (c) => {
      const { scope, id } = scoped(c);
      return c.json(await acquireExerciseLock(ctxOf(c), scope, id));
    })
    .delete("/:id/lock", async (c) => {
      const { scope, id } = scoped(c);
      return c.json(await releaseExerciseLock(ctxOf(c), scope, id));
    })
    // navigator.sendBeacon can only POST: the editor releases through this when the tab closes.
    .post("/:id/lock/release", async (c) => {
      const { scope, id } = scoped(c);
      return c.json(await releaseExerciseLock(ctxOf(c), scope, id));
    });
}

/** Mounted at /api/exercises. */
export const exerciseLockRoutes = lockRouter((c) => ({ scope: personal, id: requireId(c.req.param("id")) }));

/** Mounted at /api/collaborate/campaigns/:campaignId/exercises. */
export const campaignExerciseLockRoutes = lockRouter((c) => {
  const { campaignId, id } = requireCampaignIds(c.req.param("campaignId"), c.req.param("id"));
  return { scope: inCampaign(campaignId), id };
});
