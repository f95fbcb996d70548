import { Hono } from "hono";
import { requireUser } from "../auth/middleware";
import { ctxOf } from "../context";
import { describe } from "../lib/route-meta";
import { jsonBody, querySchema } from "../lib/validate";
import type { AppEnv } from "../types";
import {
  getNotificationSettings,
  listNotifications,
  listQuerySchema,
  markNotificationsRead,
  markReadSchema,
  notificationSettingsSchema,
  unreadCount,
  updateNotificationSettings,
} from "./service";

const SMALL_BODY = 16 * 1024;

/**
 * Mounted at /api/notifications: the spec's Notifications settings and the in-app list (the bell).
 *   GET  /                   ?limit=&before=&unread=1 → { items, unreadCount, nextBefore }
 *   GET  /unread-count       → { unreadCount }
 *   POST /read               { ids: [...] } | { all: true } → { unreadCount }
 *   GET  /settings           → { settings }
 *   PUT  /settings           { live?, email?, inApp?, push? } → { settings }
 */
export const notificationRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", describe({ summary: "The caller's notifications, newest first" }), querySchema(listQuerySchema), async (c) =>
    c.json(await listNotifications(ctxOf(c), c.req.valid("query"))),
  )
  .get("/unread-count", describe({ summary: "How many notifications are unread" }), async (c) => c.json({ unreadCount: await unreadCount(ctxOf(c)) }))
  .post("/read", describe({ summary: "Mark notifications read (some, or all)" }), jsonBody(markReadSchema, { maxBytes: SMALL_BODY }), async (c) =>
    c.json(await markNotificationsRead(ctxOf(c), c.req.valid("json"))),
  )
  .get("/settings", describe({ summary: "The caller's notification settings" }), async (c) => c.json({ settings: await getNotificationSettings(ctxOf(c)) }))
  .put("/settings", describe({ summary: "Change notification settings" }), jsonBody(notificationSettingsSchema, { maxBytes: SMALL_BODY }), async (c) =>
    c.json({ settings: await updateNotificationSettings(ctxOf(c), c.req.valid("json")) }),
  );

export type NotificationRoutes = typeof notificationRoutes;
