import { Hono } from "hono";
import { ensureUser } from "../auth/middleware";
import { ctxOf } from "../context";
import { readJson } from "../lib/http";
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
  .use(ensureUser)
  .get("/", async (c) => c.json(await listAlerts(ctxOf(c))))
  .post("/", async (c) => c.json({ alert: await createAlert(ctxOf(c), await readJson(c, createAlertSchema, SMALL_BODY)) }, 201))
  .get("/:id", async (c) => c.json({ alert: await getAlert(ctxOf(c), c.req.param("id")) }))
  .patch("/:id", async (c) => c.json({ alert: await updateAlert(ctxOf(c), c.req.param("id"), await readJson(c, updateAlertSchema, SMALL_BODY)) }))
  .post("/:id/pause", async (c) => c.json({ alert: await pauseAlert(ctxOf(c), c.req.param("id")) }))
  .post("/:id/resume", async (c) => c.json({ alert: await resumeAlert(ctxOf(c), c.req.param("id")) }))
  .delete("/:id", async (c) => {
    await deleteAlert(ctxOf(c), c.req.param("id"));
    return c.json({ success: true as const });
  })
  .post("/:id/share", async (c) => c.json({ alert: await shareAlert(ctxOf(c), c.req.param("id")) }))
  .post("/:id/share/rotate", async (c) => c.json({ alert: await rotateAlertShareToken(ctxOf(c), c.req.param("id")) }))
  .delete("/:id/share", async (c) => c.json({ alert: await revokeAlertShare(ctxOf(c), c.req.param("id")) }));
