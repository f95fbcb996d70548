import { Hono } from "hono";
import { requireUser } from "../auth/middleware";
import { sessionConductRoutes } from "../conduct/routes";
import { eegRoutes, sessionFeedbackRoutes } from "../evaluation/routes";
import type { AppEnv } from "../types";
import { aarRoutes } from "./routes";

/**
 * /api/conduct/sessions, one router for the prefix: a session's conduct, its evaluation guides and
 * participant feedback, and its after-action report. It lives here because the AAR already builds
 * on conduct and evaluation (which cannot import the AAR back without a cycle).
 */
export const conductSessionRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .route("/", sessionConductRoutes)
  .route("/:id/eeg", eegRoutes)
  .route("/:id/feedback", sessionFeedbackRoutes)
  .route("/:id/aar", aarRoutes);

export type ConductSessionRoutes = typeof conductSessionRoutes;
