import { Hono } from "hono";
import { requireUser } from "../auth/middleware";
import { ctxOf } from "../context";
import { describe } from "../lib/route-meta";
import type { AppEnv } from "../types";
import { removeSampleData } from "./remove";
import { getSampleStatus } from "./status";

/** /api/sample — the caller's sample workspace (issue 29): what of it is left, and "Remove sample data". */
export const sampleRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", describe({ summary: "What of the caller's sample workspace is left" }), async (c) => c.json(await getSampleStatus(ctxOf(c))))
  .delete(
    "/",
    describe({ summary: "Remove the caller's sample data (only rows marked sample; their files, passages and vectors too)", errors: [423] }),
    async (c) => c.json(await removeSampleData(ctxOf(c))),
  );

export type SampleRoutes = typeof sampleRoutes;
