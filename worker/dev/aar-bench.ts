import { Hono } from "hono";
import { z } from "zod";
import { seedSampleSession } from "../aar/sample-seed";
import { describe } from "../lib/route-meta";
import { jsonBody } from "../lib/validate";
import type { AppEnv } from "../types";

/**
 * The AAR bench (bench/aar.ts): an ended conduct session of the given user with `observations`
 * observations over the sample's 3 modules (worker/aar/sample.ts), so the report's draft and
 * exports can be timed through the real API. Mounted under /api/dev (local and test only).
 */
const input = z.object({ userId: z.string().min(1), observations: z.number().int().min(0).max(1_000).default(100) });

export const aarBenchRoutes = new Hono<AppEnv>().post(
  "/",
  describe({ summary: "AAR bench: seed an ended session", internal: true }),
  jsonBody(input),
  async (c) => {
    const { userId, observations } = c.req.valid("json");
    const { sessionId } = await seedSampleSession(c.var.db, { userId, observations });
    return c.json({ sessionId }, 201);
  },
);
