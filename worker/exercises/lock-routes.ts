import { Hono, type Context } from "hono";
import { ensureUser } from "../auth/middleware";
import type { AppEnv } from "../types";
import { acquireExerciseLock, getExerciseLock, releaseExerciseLock } from "./lock-service";
import { inCampaign, personal, requireCampaignIds, requireId, type ExerciseScope } from "./service";

type Scoped = (c: Context<AppEnv>) => { scope: ExerciseScope; id: string };

function lockRouter(scoped: Scoped) {
  return new Hono<AppEnv>()
    .use(ensureUser)
    .get("/:id/lock", async (c) => {
      const { scope, id } = scoped(c);
      return c.json(await getExerciseLock(c.env, scope, id));
    })
    // Acquire, or renew when already held (the editor's heartbeat).
    .post("/:id/lock", async (c) => {
      const { scope, id } = scoped(c);
      return c.json(await acquireExerciseLock(c.env, scope, id));
    })
    .delete("/:id/lock", async (c) => {
      const { scope, id } = scoped(c);
      return c.json(await releaseExerciseLock(c.env, scope, id));
    })
    // navigator.sendBeacon can only POST: the editor releases through this when the tab closes.
    .post("/:id/lock/release", async (c) => {
      const { scope, id } = scoped(c);
      return c.json(await releaseExerciseLock(c.env, scope, id));
    });
}

/** Mounted at /api/exercises. */
export const exerciseLockRoutes = lockRouter((c) => ({ scope: personal(c.get("user").id), id: requireId(c.req.param("id")) }));

/** Mounted at /api/collaborate/campaigns/:campaignId/exercises. */
export const campaignExerciseLockRoutes = lockRouter((c) => {
  const { campaignId, id } = requireCampaignIds(c.req.param("campaignId"), c.req.param("id"));
  return { scope: inCampaign(c.get("user").id, campaignId), id };
});
