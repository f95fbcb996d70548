import { Hono } from "hono";
import { ensureUser } from "../auth/middleware";
import { ctxOf } from "../context";
import { fileResponse, parseExportFormat } from "../exercises/export";
import { readJson } from "../lib/http";
import type { AppEnv } from "../types";
import { AAR_EXPORT_FORMATS, renderAar } from "./document";
import { AAR_BODY_LIMIT, generateAarSchema, saveAarSchema } from "../../shared/aar/model";
import { generateAar, getAar, publishAar, saveAar } from "./service";

/**
 * A session's After-Action Report / Improvement Plan, mounted at /api/conduct/sessions/:id/aar
 * (API map in views.ts). Each route signs in on its own, as routers beside others on one prefix do.
 */
export const aarRoutes = new Hono<AppEnv>()
  .get("/", ensureUser, async (c) => c.json(await getAar(ctxOf(c), c.req.param("id") ?? "")))
  .put("/", ensureUser, async (c) => {
    const input = await readJson(c, saveAarSchema, AAR_BODY_LIMIT);
    return c.json(await saveAar(ctxOf(c), c.req.param("id") ?? "", input));
  })
  .post("/generate", ensureUser, async (c) => {
    const input = await readJson(c, generateAarSchema, 1024);
    return c.json(await generateAar(ctxOf(c), c.req.param("id") ?? "", input));
  })
  .post("/publish", ensureUser, async (c) => c.json(await publishAar(ctxOf(c), c.req.param("id") ?? "")))
  .get("/export", ensureUser, async (c) => {
    const format = parseExportFormat(c.req.query("format"), AAR_EXPORT_FORMATS);
    const view = await getAar(ctxOf(c), c.req.param("id") ?? "");
    return fileResponse(await renderAar(view, format));
  });
