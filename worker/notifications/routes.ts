import { Hono } from "hono";
import { ensureUser } from "../auth/middleware";
import { ctxOf } from "../context";
import { parseWith, readJson } from "../lib/http";
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
  .use(ensureUser)
  .get("/", async (c) => c.json(await listNotifications(ctxOf(c), parseWith(listQuerySchema, c.req.query()))))
  .get("/unread-count", async (c) => c.json({ unreadCount: await unreadCount(ctxOf(c)) }))
  .post("/read", async (c) => c.json(await markNotificationsRead(ctxOf(c), await readJson(c, markReadSchema, SMALL_BODY))))
  .get("/settings", async (c) => c.json({ settings: await getNotificationSettings(ctxOf(c)) }))
  .put("/settings", async (c) => c.json({ settings: await updateNotificationSettings(ctxOf(c), await readJson(c, notificationSettingsSchema, SMALL_BODY)) }));
