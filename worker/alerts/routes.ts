import { Hono } from "hono";
import { requireUser } from "../auth/middleware";
import { ctxOf } from "../context";
import { describe } from "../lib/route-meta";
import { jsonBody } from "../lib/validate";
import type { AppEnv } from "../types";
import { createAlert, createAlertSchema, deleteAlert, getAlert, listAlerts, pauseAlert, resumeAlert, updateAlert, updateAlertSchema } from "./service";
import { revokeAlertShare, rotateAlertShareToken, shareAlert } from "./sharing";

const SMALL_BODY = 16 * 1024;

/**
 * Mounted at /api/intelligence/alerts (issue 12; 404 `alerts_disabled` without the alertsEnabled flag,
 * 404 for another user's alert):
 *   GET    /             → { alerts: AlertView[], limits }
 *   POST   /             { queryText, cadence?: hourly|daily|weekly, isActive? } → 201 { alert }
 *   GET    /:id          → { alert }
 *   PATCH  /:id          { queryText?, cadence?, isActive? } → { alert }
 *   POST   /:id/pause    → { alert }
 *   POST   /:id/resume   → { alert }
 *   DELETE /:id          → { success: true }
 *   POST   /:id/share         → { alert } shared (already shared: the same link)
 *   POST   /:id/share/rotate  → { alert } with a new link (409 not_shared when not shared)
 *   DELETE /:id/share         → { alert } not shared; the public page /share/alerts/{token} is 404
 */
export const alertRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", describe({ summary: "The caller's news alerts and their limits" }), async (c) => c.json(await listAlerts(ctxOf(c))))
  .post("/", describe({ summary: "Create a news alert", errors: [409] }), jsonBody(createAlertSchema, { maxBytes: SMALL_BODY }), async (c) =>
    c.json({ alert: await createAlert(ctxOf(c), c.req.valid("json")) }, 201),
  )
  .get("/:id", describe({ summary: "One news alert" }), async (c) => c.json({ alert: await getAlert(ctxOf(c), c.req.param("id")) }))
  .patch("/:id", describe({ summary: "Change a news alert" }), jsonBody(updateAlertSchema, { maxBytes: SMALL_BODY }), async (c) =>
    c.json({ alert: await updateAlert(ctxOf(c), c.req.param("id"), c.req.valid("json")) }),
  )
  .post("/:id/pause", describe({ summary: "Pause a news alert" }), async (c) => c.json({ alert: await pauseAlert(ctxOf(c), c.req.param("id")) }))
  .post("/:id/resume", describe({ summary: "Resume a news alert" }), async (c) => c.json({ alert: await resumeAlert(ctxOf(c), c.req.param("id")) }))
  .delete("/:id", describe({ summary: "Delete a news alert" }), async (c) => {
    await deleteAlert(ctxOf(c), c.req.param("id"));
    return c.json({ success: true as const });
  })
  .post("/:id/share", describe({ summary: "Share a news alert's public page", errors: [402, 409] }), async (c) =>
    c.json({ alert: await shareAlert(ctxOf(c), c.req.param("id")) }),
  )
  .post("/:id/share/rotate", describe({ summary: "Give a shared alert a new link", errors: [409] }), async (c) =>
    c.json({ alert: await rotateAlertShareToken(ctxOf(c), c.req.param("id")) }),
  )
  .delete("/:id/share", describe({ summary: "Stop sharing a news alert", errors: [409] }), async (c) =>
    c.json({ alert: await revokeAlertShare(ctxOf(c), c.req.param("id")) }),
  );

export type AlertRoutes = typeof alertRoutes;
