import { Hono } from "hono";
import { requireUser } from "../auth/middleware";
import { ctxOf } from "../context";
import { parseWith, readJson } from "../lib/http";
import type { AppEnv } from "../types";
import { createBriefSchema, listQuerySchema, updateBriefSchema } from "./schemas";
import { createBrief, deleteBrief, getBrief, listBriefs, updateBrief } from "./service";
import { revokeShare, rotateShareToken, shareBrief } from "./sharing";

/**
 * Intelligence briefs (mounted at /api/intelligence/briefs). Always the caller's own: anyone
 * else's brief is 404 on every route. Writes pass the app's same-origin check (worker/app.ts).
 */
export const briefRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", async (c) => {
    return c.json(await listBriefs(ctxOf(c), parseWith(listQuerySchema, c.req.query())));
  })
  .post("/", async (c) => {
    const input = await readJson(c, createBriefSchema);
    return c.json({ brief: await createBrief(ctxOf(c), input) }, 201);
  })
  .get("/:id", async (c) => {
    return c.json({ brief: await getBrief(ctxOf(c), c.req.param("id")) });
  })
  .patch("/:id", async (c) => {
    const input = await readJson(c, updateBriefSchema);
    return c.json({ brief: await updateBrief(ctxOf(c), c.req.param("id"), input) });
  })
  .delete("/:id", async (c) => {
    return c.json(await deleteBrief(ctxOf(c), c.req.param("id")));
  })
  .post("/:id/share", async (c) => {
    return c.json({ brief: await shareBrief(ctxOf(c), c.req.param("id")) });
  })
  .post("/:id/share/rotate", async (c) => {
    return c.json({ brief: await rotateShareToken(ctxOf(c), c.req.param("id")) });
  })
  .delete("/:id/share", async (c) => {
    return c.json({ brief: await revokeShare(ctxOf(c), c.req.param("id")) });
  });
