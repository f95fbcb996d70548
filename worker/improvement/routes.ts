import { Hono } from "hono";
import { ensureUser } from "../auth/middleware";
import { ctxOf } from "../context";
import { parseWith, readJson } from "../lib/http";
import type { AppEnv } from "../types";
import { listCorrectiveActions, listVerifyingSessions, updateCorrectiveAction } from "./actions";
import { IMPROVEMENT_BODY_LIMIT, listActionsQuerySchema, updateCorrectiveActionSchema } from "../../shared/improvement/model";
import { getCapabilityTrends } from "./trends";

/**
 * Mounted at /api/improvement (API map: shared/improvement/views.ts). Every answer is the caller's
 * own: another user's corrective action is 404.
 */
export const improvementRoutes = new Hono<AppEnv>()
  .use(ensureUser)
  .get("/actions", async (c) => c.json(await listCorrectiveActions(ctxOf(c), parseWith(listActionsQuerySchema, c.req.query()))))
  .patch("/actions/:id", async (c) =>
    c.json(await updateCorrectiveAction(ctxOf(c), c.req.param("id"), await readJson(c, updateCorrectiveActionSchema, IMPROVEMENT_BODY_LIMIT))),
  )
  .get("/trends", async (c) => c.json(await getCapabilityTrends(ctxOf(c))))
  .get("/sessions", async (c) => c.json(await listVerifyingSessions(ctxOf(c))));
