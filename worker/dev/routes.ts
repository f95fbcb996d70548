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
import { isLocalRequest } from "./local-only";
import { seedIngestRoutes } from "./seed-ingest";
import { teamBenchRoutes } from "./team-bench";

/**
 * Development and benchmark routes, for `npm start` (the seed's enqueue), `npm run bench` and tests: local only (./local-only.ts),
 * every path answers 404 anywhere else.
 */
const localOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (!isLocalRequest(c.get("config"), c.req.url)) throw notFound(`No API route for ${c.req.method} ${new URL(c.req.url).pathname}.`);
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
  .route("/bench/aar", aarBenchRoutes)
  .route("/seed/ingest", seedIngestRoutes);
