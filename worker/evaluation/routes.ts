import { Hono } from "hono";
import { ensureUser } from "../auth/middleware";
import { appCtxOf, ctxOf } from "../context";
import { fileResponse, parseExportFormat } from "../exercises/export";
import { readJson } from "../lib/http";
import type { AppEnv } from "../types";
import { EEG_EXPORT_FORMATS } from "./eeg-export";
import { exportEeg, generateEeg, getEeg, saveEeg } from "./eeg-service";
import { getFeedbackForm, getFeedbackSummary, submitFeedback } from "./feedback";
import { EEG_BODY_LIMIT, FEEDBACK_BODY_LIMIT, feedbackInputSchema, generateEegSchema, saveEegSchema } from "../../shared/evaluation/model";

/**
 * Evaluation's API (issue 15; the map is in views.ts). Mounted in worker/app.ts:
 *   eegRoutes              at /api/conduct/sessions/:id/eeg
 *   sessionFeedbackRoutes  at /api/conduct/sessions/:id/feedback
 *   feedbackFormRoutes     at /api/feedback (public, by a feedback link's token)
 */

const sessionId = (c: { req: { param: (name: string) => string | undefined } }) => (c.req.param("id") ?? "").trim();

export const eegRoutes = new Hono<AppEnv>()
  .get("/", ensureUser, async (c) => c.json(await getEeg(ctxOf(c), sessionId(c))))
  .post("/generate", ensureUser, async (c) => {
    const input = await readJson(c, generateEegSchema, EEG_BODY_LIMIT);
    return c.json(await generateEeg(ctxOf(c), sessionId(c), input));
  })
  .put("/", ensureUser, async (c) => {
    const input = await readJson(c, saveEegSchema, EEG_BODY_LIMIT);
    return c.json(await saveEeg(ctxOf(c), sessionId(c), input));
  })
  .get("/export", ensureUser, async (c) => {
    const format = parseExportFormat(c.req.query("format"), EEG_EXPORT_FORMATS);
    return fileResponse(await exportEeg(ctxOf(c), sessionId(c), format));
  });

export const sessionFeedbackRoutes = new Hono<AppEnv>().get("/", ensureUser, async (c) => c.json(await getFeedbackSummary(ctxOf(c), sessionId(c))));

export const feedbackFormRoutes = new Hono<AppEnv>()
  .get("/:token", async (c) => c.json(await getFeedbackForm(appCtxOf(c), c.req.param("token"))))
  .post("/:token", async (c) => {
    const input = await readJson(c, feedbackInputSchema, FEEDBACK_BODY_LIMIT);
    return c.json(await submitFeedback(appCtxOf(c), c.req.param("token"), input, { address: c.req.header("cf-connecting-ip") ?? null }), 201);
  });
