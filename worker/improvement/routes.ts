import { Hono } from "hono";
import { requireUser } from "../auth/middleware";
import { appCtxOf, ctxOf } from "../context";
import { describe } from "../lib/route-meta";
import { jsonBody, querySchema } from "../lib/validate";
import type { AppEnv } from "../types";
import { listCorrectiveActions, listVerifyingSessions, updateCorrectiveAction } from "./actions";
import { IMPROVEMENT_BODY_LIMIT, listActionsQuerySchema, trendsQuerySchema, updateCorrectiveActionSchema } from "../../shared/improvement/model";
import { getCapabilityTrends } from "./trends";
import { createCalendarFeed, getCalendarFeed, readCalendarFeed, revokeCalendarFeed } from "./calendar-feed";

/**
 * Mounted at /api/improvement (API map: shared/improvement/views.ts). Every answer is the caller's
 * own: another user's corrective action is 404. The calendar feed is read without sign-in, by its
 * secret URL (calendar-feed.ts).
 */
export const improvementRoutes = new Hono<AppEnv>()
  // Public: the secret URL is the credential (calendar apps subscribe without signing in).
  .get(
    "/calendar/:file",
    describe({ summary: "A corrective-action calendar feed (iCalendar), by its secret URL", produces: "text/calendar", errors: [429] }),
    async (c) =>
      c.body(await readCalendarFeed(appCtxOf(c), c.req.param("file")), 200, {
        "content-type": "text/calendar; charset=utf-8",
        "content-disposition": 'inline; filename="readyroom-corrective-actions.ics"',
        "cache-control": "private, max-age=300",
        "x-content-type-options": "nosniff",
      }),
  )
  .use(requireUser)
  .get("/calendar-feed", describe({ summary: "The caller's corrective-action calendar feed URL (null when none)" }), async (c) =>
    c.json(await getCalendarFeed(ctxOf(c))),
  )
  .post("/calendar-feed", describe({ summary: "Make the caller's calendar feed URL (kept if it exists)", errors: [402, 409] }), async (c) =>
    c.json(await createCalendarFeed(ctxOf(c))),
  )
  .delete("/calendar-feed", describe({ summary: "Turn the caller's calendar feed off: its URL answers 404", errors: [409] }), async (c) =>
    c.json(await revokeCalendarFeed(ctxOf(c))),
  )
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
