import { Hono } from "hono";
import { requireUser } from "../auth/middleware";
import { ctxOf } from "../context";
import { describe } from "../lib/route-meta";
import { jsonBody, querySchema } from "../lib/validate";
import type { AppEnv } from "../types";
import { createBriefSchema, listQuerySchema, shareBriefSchema, updateBriefSchema } from "./schemas";
import { createBrief, deleteBrief, getBrief, listBriefs, updateBrief } from "./service";
import { revokeShare, rotateShareToken, shareBrief } from "./sharing";

/**
 * Intelligence briefs (mounted at /api/intelligence/briefs). Always the caller's own: anyone
 * else's brief is 404 on every route. Writes pass the app's same-origin check (worker/app.ts).
 */
export const briefRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", describe({ summary: "The caller's briefs, newest first, a page at a time" }), querySchema(listQuerySchema), async (c) =>
    c.json(await listBriefs(ctxOf(c), c.req.valid("query"))),
  )
  .post("/", describe({ summary: "Save a brief (written, or from an intelligence chat answer)" }), jsonBody(createBriefSchema), async (c) =>
    c.json({ brief: await createBrief(ctxOf(c), c.req.valid("json")) }, 201),
  )
  .get("/:id", describe({ summary: "One brief" }), async (c) => c.json({ brief: await getBrief(ctxOf(c), c.req.param("id")) }))
  .patch("/:id", describe({ summary: "Change a brief's title or content" }), jsonBody(updateBriefSchema), async (c) =>
    c.json({ brief: await updateBrief(ctxOf(c), c.req.param("id"), c.req.valid("json")) }),
  )
  .delete("/:id", describe({ summary: "Delete a brief" }), async (c) => c.json(await deleteBrief(ctxOf(c), c.req.param("id"))))
  .post(
    "/:id/share",
    describe({ summary: "Share a brief's public page (one quoting your own documents: with confirmInternal)", errors: [402, 409] }),
    jsonBody(shareBriefSchema),
    async (c) => c.json({ brief: await shareBrief(ctxOf(c), c.req.param("id"), c.req.valid("json")) }),
  )
  .post("/:id/share/rotate", describe({ summary: "Give a shared brief a new link", errors: [409] }), async (c) =>
    c.json({ brief: await rotateShareToken(ctxOf(c), c.req.param("id")) }),
  )
  .delete("/:id/share", describe({ summary: "Stop sharing a brief", errors: [409] }), async (c) =>
    c.json({ brief: await revokeShare(ctxOf(c), c.req.param("id")) }),
  );

export type BriefRoutes = typeof briefRoutes;
