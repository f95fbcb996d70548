import { Hono } from "hono";
import { grantCredits, resolveAccountId } from "../billing/service";
import { notFound } from "../lib/errors";
import { requireUser } from "../auth/middleware";
import { describe } from "../lib/route-meta";
import { ctxOf } from "../context";
import type { AppEnv } from "../types";

export const BENCH_CREDITS = 10_000;

/**
 * `npm run bench` (bench/streaming.ts) streams through the design assistant as the demo user,
 * whose local account starts with no credits. This grants the signed-in caller's account bench
 * credits. Mounted under /api/dev (worker/dev/routes.ts: local or test, on a loopback address only).
 */
export const streamingBenchRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post("/credits", describe({ summary: "Streaming bench: grant the caller credits", internal: true }), async (c) => {
    const ctx = ctxOf(c);
    const accountId = await resolveAccountId(ctx);
    if (!accountId) throw notFound("No account is linked to this user.");
    await grantCredits(ctx, { accountId, amount: BENCH_CREDITS, idempotencyKey: `bench:streaming:${crypto.randomUUID()}` });
    return c.json({ accountId, granted: BENCH_CREDITS });
  });
