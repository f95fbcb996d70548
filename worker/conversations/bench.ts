import { Hono } from "hono";
import { grantCredits, resolveAccountId } from "../billing/service";
import { ensureUser } from "../exercises/lock-routes";
import { notFound } from "../lib/errors";
import type { AppEnv } from "../types";

export const BENCH_CREDITS = 10_000;
const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * `npm run bench` (bench/streaming.ts) streams through the design assistant as the demo user,
 * whose local account starts with no credits. This grants the signed-in caller's account bench
 * credits — only in a local or test app reached on a loopback address, so a deploy that forgot
 * APP_ENV=production still answers 404.
 */
export const streamingBenchRoutes = new Hono<AppEnv>().use(ensureUser).post("/credits", async (c) => {
  const url = new URL(c.req.url);
  const appEnv = c.get("config").APP_ENV;
  if ((appEnv !== "local" && appEnv !== "test") || !LOOPBACK.has(url.hostname)) throw notFound(`No API route for POST ${url.pathname}.`);
  const accountId = await resolveAccountId(c.env, c.get("user").id);
  if (!accountId) throw notFound("No account is linked to this user.");
  await grantCredits(c.env, { accountId, amount: BENCH_CREDITS, idempotencyKey: `bench:streaming:${crypto.randomUUID()}` });
  return c.json({ accountId, granted: BENCH_CREDITS });
});
