import { Hono } from "hono";
import { z } from "zod";
import { appCtxOf, ctxOf } from "../context";
import { describe } from "../lib/route-meta";
import { jsonBody, querySchema } from "../lib/validate";
import type { AppEnv } from "../types";
import { runCommand } from "./commands";
import { listEvents } from "./events";
import { createLink, revokeLink } from "./links";
import {
  answerSchema,
  CONDUCT_BODY_LIMIT,
  controllerCommandSchema,
  createLinkSchema,
  createSessionSchema,
  observationSchema,
} from "../../shared/conduct/model";
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

/** The socket routes answer a WebSocket upgrade (426 to a plain request), not JSON. */
const SOCKET = "websocket";

/**
 * Conduct's own routes of /api/conduct/sessions. The prefix's one router (worker/aar/routes.ts)
 * signs the caller in and adds the session's EEG, feedback and AAR beside these.
 */
export const sessionConductRoutes = new Hono<AppEnv>()
  .post(
    "/",
    describe({ summary: "Start a conduct session of an exercise", errors: [403] }),
    jsonBody(createSessionSchema, { maxBytes: CONDUCT_BODY_LIMIT }),
    async (c) => c.json(await createSession(ctxOf(c), c.req.valid("json")), 201),
  )
  .get("/", describe({ summary: "An exercise's conduct sessions" }), querySchema(listQuerySchema), async (c) =>
    c.json({ sessions: await listSessions(ctxOf(c), c.req.valid("query")) }),
  )
  .get("/:id", describe({ summary: "A session's controller state" }), async (c) => c.json(await getControllerState(ctxOf(c), c.req.param("id"))))
  .post(
    "/:id/commands",
    describe({ summary: "Run a controller command (start, pause, release an inject...)", errors: [403, 409] }),
    jsonBody(controllerCommandSchema, { maxBytes: CONDUCT_BODY_LIMIT }),
    async (c) => c.json(await runCommand(ctxOf(c), c.var.user, c.req.param("id"), c.req.valid("json"))),
  )
  .get("/:id/socket", describe({ summary: "The controller's live socket", errors: [403, 426, 429], produces: SOCKET }), (c) =>
    openControllerSocket(ctxOf(c), c.req.raw, c.req.param("id"), c.var.authSessionId),
  )
  .post(
    "/:id/links",
    describe({ summary: "Create a player, evaluator or feedback link", errors: [403, 409] }),
    jsonBody(createLinkSchema, { maxBytes: CONDUCT_BODY_LIMIT }),
    async (c) => c.json(await createLink(ctxOf(c), c.req.param("id"), c.req.valid("json")), 201),
  )
  .post("/:id/links/:linkId/revoke", describe({ summary: "Revoke a link", errors: [403] }), async (c) =>
    c.json(await revokeLink(ctxOf(c), c.req.param("id"), c.req.param("linkId"))),
  )
  .get("/:id/events", describe({ summary: "A session's events in order (the replay)" }), async (c) =>
    c.json({ events: await listEvents(ctxOf(c), c.req.param("id")) }),
  );

/** Mounted at /api/conduct/t: by link token, no account. */
export const conductLinkRoutes = new Hono<AppEnv>()
  .get("/:token", describe({ summary: "A player's or evaluator's state, by link token", errors: [410] }), async (c) =>
    c.json(await getTokenState(appCtxOf(c), c.req.param("token"))),
  )
  .get("/:token/socket", describe({ summary: "A player's or evaluator's live socket, by link token", errors: [410, 426, 429], produces: SOCKET }), (c) =>
    openLinkSocket(appCtxOf(c), c.req.raw, c.req.param("token")),
  )
  .post(
    "/:token/answers",
    describe({ summary: "Send a player group's answer", errors: [409, 429] }),
    jsonBody(answerSchema, { maxBytes: CONDUCT_BODY_LIMIT }),
    async (c) => c.json(await submitAnswer(appCtxOf(c), c.req.param("token"), c.req.valid("json"))),
  )
  .post(
    "/:token/observations",
    describe({ summary: "Send an evaluator's observation", errors: [409, 410, 429] }),
    jsonBody(observationSchema, { maxBytes: CONDUCT_BODY_LIMIT }),
    async (c) => c.json(await submitObservation(appCtxOf(c), c.req.param("token"), c.req.valid("json"))),
  );

export type ConductLinkRoutes = typeof conductLinkRoutes;
