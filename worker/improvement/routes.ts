import { Hono } from "hono";
import { requireUser } from "../auth/middleware";
import { ctxOf } from "../context";
import { describe } from "../lib/route-meta";
import { jsonBody, querySchema } from "../lib/validate";
import type { AppEnv } from "../types";
import { listCorrectiveActions, listVerifyingSessions, updateCorrectiveAction } from "./actions";
import { IMPROVEMENT_BODY_LIMIT, listActionsQuerySchema, trendsQuerySchema, updateCorrectiveActionSchema } from "../../shared/improvement/model";
import { getCapabilityTrends } from "./trends";

/**
 * Mounted at /api/improvement (API map: shared/improvement/views.ts). Every answer is the caller's
 * own: another user's corrective action is 404.
 */
export const improvementRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/actions", describe({ summary: "The caller's corrective actions, filtered" }), querySchema(listActionsQuerySchema), async (c) =>
    c.json(await listCorrectiveActions(ctxOf(c), c.req.valid("query"))),
  )
  .patch(
    "/actions/:id",
    describe({ summary: "Change a corrective action (status, dates, owner, verification)" }),
    jsonBody(updateCorrectiveActionSchema, { maxBytes: IMPROVEMENT_BODY_LIMIT }),
    async (c) => c.json(await updateCorrectiveAction(ctxOf(c), c.req.param("id"), c.req.valid("json"))),
  )
  .get(
    "/trends",
    describe({ summary: "Capability ratings across the caller's exercises (view=team: with their team's shared ones)" }),
    querySchema(trendsQuerySchema),
    async (c) => c.json(await getCapabilityTrends(ctxOf(c), c.req.valid("query").view)),
  )
  .get("/sessions", describe({ summary: "Ended sessions that may verify a corrective action" }), async (c) => c.json(await listVerifyingSessions(ctxOf(c))));

export type ImprovementRoutes = typeof improvementRoutes;
