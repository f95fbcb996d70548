import { Hono } from "hono";
import { z } from "zod";
import { runAlertSummary, NO_ITEMS_CONTENT } from "../alerts/run";
import { enqueueDueAlerts } from "../alerts/schedule";
import { requireUser } from "../auth/middleware";
import { grantCredits, resolveAccountId } from "../billing/service";
import { ctxOf } from "../context";
import { notFound } from "../lib/errors";
import { describe } from "../lib/route-meta";
import { jsonBody } from "../lib/validate";
import type { AppEnv } from "../types";

/**
 * The alert-summaries bench (bench/alert-summaries.ts): how many alert summaries the app writes a
 * minute, with whatever sources and AI provider it was started with (the bench starts it against
 * the tests' fakes). For the signed-in caller it turns alertsEnabled on, grants credits enough for
 * every summary, and inserts `alerts` alerts tagged with a fresh tag (in askNewsAlertId, as the
 * alerts bench does), then either
 * - mode "queue": one enqueueDueAlerts at a tick only these alerts are due at, through the real
 *   ALERTS queue: the queue consumer writes the summaries, and GET /{tag} counts them; or
 * - mode "inline": runAlertSummary for each alert in turn inside this request (no queue), the
 *   baseline: the same work without the queue's delivery.
 * Mounted under /api/dev (local and test only).
 */
const input = z.object({
  alerts: z.number().int().min(1).max(2_000).default(100),
  mode: z.enum(["queue", "inline"]).default("queue"),
  query: z.string().min(3).max(300).default("Brackwater River flood"),
});

const ROWS_PER_INSERT = 14; // 7 bound values a row, under D1's 100 per statement
/** Credits granted per alert: a fake answer costs a few (FAKE_USAGE), the hold is the estimate. */
const CREDITS_PER_ALERT = 50;
const HOUR = 60 * 60 * 1000;

export const alertSummariesBenchRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post("/", describe({ summary: "Alert-summaries bench: seed and run alerts", internal: true }), jsonBody(input), async (c) => {
    const { alerts, mode, query } = c.req.valid("json");
    const ctx = ctxOf(c);
    const accountId = await resolveAccountId(ctx);
    if (!accountId) throw notFound("No account is linked to this user.");
    await c.env.DB.prepare(`UPDATE "Account" SET "featureFlags" = json_set(coalesce("featureFlags", '{}'), '$.alertsEnabled', json('true')) WHERE "id" = ?`)
      .bind(accountId)
      .run();
    await grantCredits(ctx, { accountId, amount: alerts * CREDITS_PER_ALERT, idempotencyKey: `bench:alert-summaries:${crypto.randomUUID()}` });

    // Trigger dates an hour back: before every real alert's nextRunAt (never before its creation),
    // so the tick finds only these; the fake news source re-dates its items into any window.
    const tick = Date.now() - HOUR;
    const triggerDate = (i: number) => tick - 1000 - i;
    const tag = `bench-${crypto.randomUUID()}`;
    const statements: D1PreparedStatement[] = [];
    for (let i = 0; i < alerts; i += ROWS_PER_INSERT) {
      const n = Math.min(ROWS_PER_INSERT, alerts - i);
      const values: unknown[] = [];
      // Inline runs are handed their trigger dates directly: their rows are never due.
      for (let k = 0; k < n; k++)
        values.push(crypto.randomUUID(), ctx.user.id, query, 1, "daily", mode === "queue" ? triggerDate(i + k) : tick + 365 * 24 * HOUR, tag);
      statements.push(
        c.env.DB.prepare(
          `INSERT INTO "Alert" ("id", "userId", "queryText", "isActive", "cadence", "nextRunAt", "askNewsAlertId") VALUES ${Array(n).fill("(?, ?, ?, ?, ?, ?, ?)").join(", ")}`,
        ).bind(...values),
      );
    }
    for (let i = 0; i < statements.length; i += 50) await c.env.DB.batch(statements.slice(i, i + 50));

    const startedAt = Date.now();
    const start = performance.now();
    if (mode === "queue") {
      const result = await enqueueDueAlerts(ctx, tick, { maxPerRun: alerts });
      return c.json({ tag, mode, alerts, enqueued: result.enqueued, startedAt, enqueueMs: Math.round(performance.now() - start) });
    }
    const { results } = await c.env.DB.prepare(`SELECT "id" FROM "Alert" WHERE "askNewsAlertId" = ? ORDER BY "id"`).bind(tag).all<{ id: string }>();
    const outcomes: Record<string, number> = {};
    for (const [i, row] of results.entries()) {
      const r = await runAlertSummary(ctx, { kind: "alert-summary", alertId: row.id, userId: ctx.user.id, triggerDate: triggerDate(i) });
      outcomes[r.outcome] = (outcomes[r.outcome] ?? 0) + 1;
    }
    const ms = performance.now() - start;
    return c.json({ tag, mode, alerts, startedAt, ms: Math.round(ms), outcomes });
  })
  .get("/:tag", describe({ summary: "Alert-summaries bench: the summaries written", internal: true }), async (c) => {
    const row = await c.env.DB.prepare(
      `SELECT count(*) AS "summaries",
              coalesce(sum(s."creditsCharged" > 0), 0) AS "charged",
              coalesce(sum(s."content" = ?2), 0) AS "noItems",
              coalesce(sum(s."notice" IS NOT NULL), 0) AS "withNotice",
              coalesce(sum(s."sourceCount"), 0) AS "items",
              min(s."createdAt") AS "firstAt", max(s."createdAt") AS "lastAt",
              max(s."notice") AS "notice"
       FROM "AlertSummary" s JOIN "Alert" a ON a."id" = s."alertId"
       WHERE a."askNewsAlertId" = ?1`,
    )
      .bind(c.req.param("tag"), NO_ITEMS_CONTENT)
      .first<{
        summaries: number;
        charged: number;
        noItems: number;
        withNotice: number;
        items: number;
        firstAt: number | null;
        lastAt: number | null;
        notice: string | null;
      }>();
    return c.json(row);
  });
