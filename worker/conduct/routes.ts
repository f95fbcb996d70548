import { Hono } from "hono";
import { z } from "zod";
import { requireUser } from "../auth/middleware";
import { appCtxOf, ctxOf } from "../context";
import { parseWith, readJson } from "../lib/http";
import type { AppEnv } from "../types";
import { runCommand } from "./commands";
import { listEvents } from "./events";
import { createLink, revokeLink } from "./links";
import { answerSchema, CONDUCT_BODY_LIMIT, controllerCommandSchema, createLinkSchema, createSessionSchema, observationSchema } from "../../shared/conduct/model";
import { getTokenState, submitAnswer, submitObservation } from "./public";
import { createSession, getControllerState, listSessions } from "./sessions";
import { openControllerSocket, openLinkSocket } from "./sockets";

/**
 * Live conduct's API (issue 15; the map is at the top of views.ts). Sessions are signed-in and
 * visible to whoever may open the exercise (another user: 404); links are public by token. Writes
 * pass the app's same-origin check (worker/app.ts) and are bounded by CONDUCT_BODY_LIMIT.
 */

const listQuerySchema = z.object({
  exerciseId: z.string().trim().min(1, "Exercise ID required.").max(100),
  campaignId: z.string().trim().min(1).max(100).optional(),
});

/** Mounted at /api/conduct/sessions. */
export const conductSessionRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post("/", async (c) => {
    const input = await readJson(c, createSessionSchema, CONDUCT_BODY_LIMIT);
    return c.json(await createSession(ctxOf(c), input), 201);
  })
  .get("/", async (c) => {
    return c.json({ sessions: await listSessions(ctxOf(c), parseWith(listQuerySchema, c.req.query())) });
  })
  .get("/:id", async (c) => {
    return c.json(await getControllerState(ctxOf(c), c.req.param("id")));
  })
  .post("/:id/commands", async (c) => {
    const command = await readJson(c, controllerCommandSchema, CONDUCT_BODY_LIMIT);
    return c.json(await runCommand(ctxOf(c), c.var.user, c.req.param("id"), command));
  })
  .get("/:id/socket", (c) => openControllerSocket(ctxOf(c), c.req.raw, c.req.param("id"), c.var.authSessionId))
  .post("/:id/links", async (c) => {
    const input = await readJson(c, createLinkSchema, CONDUCT_BODY_LIMIT);
    return c.json(await createLink(ctxOf(c), c.req.param("id"), input), 201);
  })
  .post("/:id/links/:linkId/revoke", async (c) => {
    return c.json(await revokeLink(ctxOf(c), c.req.param("id"), c.req.param("linkId")));
  })
  .get("/:id/events", async (c) => {
    return c.json({ events: await listEvents(ctxOf(c), c.req.param("id")) });
  });

/** Mounted at /api/conduct/t: by link token, no account. */
export const conductLinkRoutes = new Hono<AppEnv>()
  .get("/:token", async (c) => {
    return c.json(await getTokenState(appCtxOf(c), c.req.param("token")));
  })
  .get("/:token/socket", (c) => openLinkSocket(appCtxOf(c), c.req.raw, c.req.param("token")))
  .post("/:token/answers", async (c) => {
    const input = await readJson(c, answerSchema, CONDUCT_BODY_LIMIT);
    return c.json(await submitAnswer(appCtxOf(c), c.req.param("token"), input));
  })
  .post("/:token/observations", async (c) => {
    const input = await readJson(c, observationSchema, CONDUCT_BODY_LIMIT);
    return c.json(await submitObservation(appCtxOf(c), c.req.param("token"), input));
  });
