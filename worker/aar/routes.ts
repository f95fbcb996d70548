import { Hono } from "hono";
import { z } from "zod";
import { ctxOf } from "../context";
import { fileResponse, parseExportFormat } from "../exercises/export";
import { describe } from "../lib/route-meta";
import { jsonBody, querySchema } from "../lib/validate";
import type { AppEnv } from "../types";
import { AAR_EXPORT_FORMATS, renderAar } from "./document";
import { AAR_BODY_LIMIT, generateAarSchema, saveAarSchema } from "../../shared/aar/model";
import { generateAar, getAar, publishAar, saveAar } from "./service";

const exportQuery = z.object({ format: z.string().optional() });

/**
 * A session's After-Action Report / Improvement Plan, at /api/conduct/sessions/:id/aar in the
 * prefix's one router (session-routes.ts, which signs the caller in; API map in views.ts).
 */
export const aarRoutes = new Hono<AppEnv>()
  .get("/", describe({ summary: "A session's after-action report" }), async (c) => c.json(await getAar(ctxOf(c), c.req.param("id") ?? "")))
  .put(
    "/",
    describe({ summary: "Save the after-action report's draft", errors: [403, 409] }),
    jsonBody(saveAarSchema, { maxBytes: AAR_BODY_LIMIT }),
    async (c) => c.json(await saveAar(ctxOf(c), c.req.param("id") ?? "", c.req.valid("json"))),
  )
  .post(
    "/generate",
    describe({ summary: "Draft the after-action report of an ended session", errors: [403, 409] }),
    jsonBody(generateAarSchema, { maxBytes: 1024 }),
    async (c) => c.json(await generateAar(ctxOf(c), c.req.param("id") ?? "", c.req.valid("json"))),
  )
  .post("/publish", describe({ summary: "Make the report final and track its corrective actions", errors: [403, 409] }), async (c) =>
    c.json(await publishAar(ctxOf(c), c.req.param("id") ?? "")),
  )
  .get(
    "/export",
    describe({ summary: "Download the after-action report (docx, pdf)", produces: "application/octet-stream" }),
    querySchema(exportQuery),
    async (c) => {
      const format = parseExportFormat(c.req.valid("query").format, AAR_EXPORT_FORMATS);
      const view = await getAar(ctxOf(c), c.req.param("id") ?? "");
      return fileResponse(await renderAar(view, format));
    },
  );
