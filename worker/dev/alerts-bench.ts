import { Hono } from "hono";
import { z } from "zod";
import { appCtxOf } from "../context";
import { enqueueDueAlerts, type AlertQueue } from "../alerts/schedule";
import { describe } from "../lib/route-meta";
import { jsonBody } from "../lib/validate";
import type { AppEnv } from "../types";

/**
 * The alerts bench (bench/alerts.ts): one cron tick with `alerts` due alerts. Inserts them for the
 * given user at a tick far from any real one, times enqueueDueAlerts (due scan, planning, the
 * nextRunAt moves and the sendBatch calls) against a queue that counts messages instead of
 * delivering them (delivering would start that many searches), then deletes them. Mounted under
 * /api/dev (local and test only).
 */
const input = z.object({ userId: z.string().min(1), alerts: z.number().int().min(1).max(50_000).default(10_000) });

/**
 * A tick in the past no real alert is due at (a real alert's nextRunAt is never before its
 * creation): only the bench's rows, placed just before it, are due, and no one else's moves.
 */
const BENCH_TICK = Date.UTC(2000, 0, 1);
const ROWS_PER_INSERT = 14; // 7 bound values a row, under D1's 100 per statement

export const alertsBenchRoutes = new Hono<AppEnv>().post(
  "/",
  describe({ summary: "Alerts bench: one cron tick", internal: true }),
  jsonBody(input),
  async (c) => {
    const { userId, alerts } = c.req.valid("json");
    const ctx = appCtxOf(c);
    const tag = `bench-${crypto.randomUUID()}`;
    const insertStart = performance.now();
    const statements: D1PreparedStatement[] = [];
    for (let i = 0; i < alerts; i += ROWS_PER_INSERT) {
      const n = Math.min(ROWS_PER_INSERT, alerts - i);
      const values: unknown[] = [];
      for (let k = 0; k < n; k++) values.push(crypto.randomUUID(), userId, tag, 1, "daily", BENCH_TICK - 1000 - i - k, tag);
      statements.push(
        c.env.DB.prepare(
          `INSERT INTO "Alert" ("id", "userId", "queryText", "isActive", "cadence", "nextRunAt", "askNewsAlertId") VALUES ${Array(n).fill("(?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
        ).bind(...values),
      );
    }
    for (let i = 0; i < statements.length; i += 50) await c.env.DB.batch(statements.slice(i, i + 50));
    const insertMs = performance.now() - insertStart;

    let messages = 0;
    let sendCalls = 0;
    const queue: AlertQueue = {
      async sendBatch(batch) {
        sendCalls++;
        for (const _ of batch) messages++;
      },
    };
    const start = performance.now();
    const result = await enqueueDueAlerts(ctx, BENCH_TICK, { queue, maxPerRun: alerts + 1000 });
    const enqueueMs = performance.now() - start;
    await c.env.DB.prepare(`DELETE FROM "Alert" WHERE "askNewsAlertId" = ?`).bind(tag).run();
    return c.json({
      alerts,
      enqueued: result.enqueued,
      messages,
      sendCalls,
      pages: result.pages,
      insertMs: Math.round(insertMs),
      enqueueMs: Math.round(enqueueMs),
    });
  },
);
