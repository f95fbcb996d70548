import { Hono } from "hono";
import { z } from "zod";
import { appCtxOf, ctxOf } from "../context";
import { fileResponse, parseExportFormat } from "../exercises/export";
import { describe } from "../lib/route-meta";
import { jsonBody, querySchema } from "../lib/validate";
import type { AppEnv } from "../types";
import { EEG_EXPORT_FORMATS } from "./eeg-export";
import { exportEeg, generateEeg, getEeg, saveEeg } from "./eeg-service";
import { getFeedbackForm, getFeedbackSummary, submitFeedback } from "./feedback";
import { EEG_BODY_LIMIT, FEEDBACK_BODY_LIMIT, feedbackInputSchema, generateEegSchema, saveEegSchema } from "../../shared/evaluation/model";

/**
 * Evaluation's API (issue 15; the map is in views.ts):
 *   eegRoutes              at /api/conduct/sessions/:id/eeg       } in the prefix's one router
 *   sessionFeedbackRoutes  at /api/conduct/sessions/:id/feedback  } (worker/aar/routes.ts), signed in
 *   feedbackFormRoutes     at /api/feedback (public, by a feedback link's token)
 */

const sessionId = (c: { req: { param: (name: string) => string | undefined } }) => (c.req.param("id") ?? "").trim();

const exportQuery = z.object({ format: z.string().optional() });

export const eegRoutes = new Hono<AppEnv>()
  .get("/", describe({ summary: "A session's Exercise Evaluation Guides" }), async (c) => c.json(await getEeg(ctxOf(c), sessionId(c))))
  .post(
    "/generate",
    describe({ summary: "Generate the session's Exercise Evaluation Guides", errors: [403, 409] }),
    jsonBody(generateEegSchema, { maxBytes: EEG_BODY_LIMIT }),
    async (c) => c.json(await generateEeg(ctxOf(c), sessionId(c), c.req.valid("json"))),
  )
  .put(
    "/",
    describe({ summary: "Save the session's Exercise Evaluation Guides", errors: [403] }),
    jsonBody(saveEegSchema, { maxBytes: EEG_BODY_LIMIT }),
    async (c) => c.json(await saveEeg(ctxOf(c), sessionId(c), c.req.valid("json"))),
  )
  .get(
    "/export",
    describe({ summary: "Download the Exercise Evaluation Guides (docx, pdf)", produces: "application/octet-stream" }),
    querySchema(exportQuery),
    async (c) => {
      const format = parseExportFormat(c.req.valid("query").format, EEG_EXPORT_FORMATS);
      return fileResponse(await exportEeg(ctxOf(c), sessionId(c), format));
    },
  );

export const sessionFeedbackRoutes = new Hono<AppEnv>().get("/", describe({ summary: "A session's participant feedback, summarised" }), async (c) =>
  c.json(await getFeedbackSummary(ctxOf(c), sessionId(c))),
);

/** Mounted at /api/feedback: by a feedback link's token, no account. */
export const feedbackFormRoutes = new Hono<AppEnv>()
  .get("/:token", describe({ summary: "A participant feedback form, by link token" }), async (c) =>
    c.json(await getFeedbackForm(appCtxOf(c), c.req.param("token"))),
  )
  .post(
    "/:token",
    describe({ summary: "Send participant feedback", errors: [409, 410, 429] }),
    jsonBody(feedbackInputSchema, { maxBytes: FEEDBACK_BODY_LIMIT }),
    async (c) =>
      c.json(await submitFeedback(appCtxOf(c), c.req.param("token"), c.req.valid("json"), { address: c.req.header("cf-connecting-ip") ?? null }), 201),
  );

export type FeedbackFormRoutes = typeof feedbackFormRoutes;
