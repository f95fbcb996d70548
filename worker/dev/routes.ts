import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { notFound } from "../lib/errors";
import type { AppEnv } from "../types";
import { aarBenchRoutes } from "./aar-bench";
import { alertSummariesBenchRoutes } from "./alert-summaries-bench";
import { alertsBenchRoutes } from "./alerts-bench";
import { counterBenchRoutes } from "./counter-bench";
import { ledgerBenchRoutes } from "./ledger-bench";
import { retrievalBenchRoutes } from "./retrieval-bench";
import { streamingBenchRoutes } from "./streaming-bench";
import { synthesisBenchRoutes } from "./synthesis-bench";
import { teamBenchRoutes } from "./team-bench";

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

/**
 * Development and benchmark routes, for `npm run bench` and tests. They exist only in a local or
 * test app reached on a loopback address: anywhere else (production, or a deploy that forgot
 * APP_ENV=production but is reached by its domain) every path answers 404 as if it did not exist.
 */
const localOnly = createMiddleware<AppEnv>(async (c, next) => {
  const appEnv = c.get("config").APP_ENV;
  const url = new URL(c.req.url);
  if ((appEnv !== "local" && appEnv !== "test") || !LOOPBACK.has(url.hostname)) {
    throw notFound(`No API route for ${c.req.method} ${url.pathname}.`);
  }
  await next();
});

export const devRoutes = new Hono<AppEnv>()
  .use(localOnly)
  .route("/bench/ledger", ledgerBenchRoutes)
  .route("/bench/counter", counterBenchRoutes)
  .route("/bench/streaming", streamingBenchRoutes)
  .route("/bench/retrieval", retrievalBenchRoutes)
  .route("/bench/alerts", alertsBenchRoutes)
  .route("/bench/alert-summaries", alertSummariesBenchRoutes)
  .route("/bench/team", teamBenchRoutes)
  .route("/bench/synthesis", synthesisBenchRoutes)
  .route("/bench/aar", aarBenchRoutes);
