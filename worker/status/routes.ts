import { Hono } from "hono";
import { optionalUser } from "../auth/middleware";
import { appCtxOf } from "../context";
import { describe } from "../lib/route-meta";
import type { AppEnv } from "../types";
import { statusFor } from "./service";

/**
 * Public: anyone gets one up/down per subsystem from a probe cached for a minute per isolate;
 * a signed-in admin gets the detailed report (checks, providers, cron) from the same probe.
 */
export const statusRoutes = new Hono<AppEnv>().get(
  "/",
  describe({ summary: "Whether the app is up, per subsystem (503 when degraded); the full report for admins", errors: [503] }),
  optionalUser,
  async (c) => {
    const answer = await statusFor(appCtxOf(c), c.get("user"), c.executionCtx);
    c.header("cache-control", answer.cacheControl);
    c.header("vary", "cookie");
    return c.json(answer.report, answer.httpStatus);
  },
);

export type StatusRoutes = typeof statusRoutes;
