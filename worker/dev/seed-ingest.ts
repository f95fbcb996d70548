import { Hono } from "hono";
import { appCtxOf } from "../context";
import { enqueueNeverQueued } from "../documents/enqueue";
import { describe } from "../lib/route-meta";
import type { AppEnv } from "../types";

/**
 * The seed's enqueue (`npm start`, scripts/start.ts): the demo seed writes its documents straight
 * into the local D1 before the Worker runs, where no queue exists yet, so start.ts asks the Worker
 * to queue them as soon as it answers. Mounted under /api/dev (local or test, loopback only).
 */
export const seedIngestRoutes = new Hono<AppEnv>().post(
  "/",
  describe({ summary: "Seed: queue the documents the seed wrote for ingestion", internal: true }),
  async (c) => c.json({ queued: await enqueueNeverQueued(appCtxOf(c)) }),
);
