import { Hono } from "hono";
import { adminRoutes } from "./admin/routes";
import { HTTPException } from "hono/http-exception";
import { handleAuthRequest } from "./auth/http";
import { billingRoutes } from "./billing/routes";
import { devRoutes } from "./dev/routes";
import { getDb } from "./db/client";
import { documentRoutes } from "./documents/routes";
import { ConfigError, parseConfig } from "./env";
import { campaignExerciseRoutes } from "./exercises/campaign-routes";
import { campaignRoutes, contributorRoutes } from "./collaborate/routes";
import { clientRoutes } from "./exercises/client-routes";
import { clientManagementRoutes } from "./clients/routes";
import { documentAssignmentRoutes } from "./exercises/assignment-routes";
import { exerciseRoutes } from "./exercises/routes";
import { campaignExerciseLockRoutes, exerciseLockRoutes } from "./exercises/lock-routes";
import { campaignConversationRoutes, conversationRoutes } from "./conversations/routes";
import { aiRoutes } from "./ai/routes";
import { askRoutes } from "./ask/routes";
import { intelligenceChatRoutes } from "./intelligence-chat/routes";
import { alertRoutes } from "./alerts/routes";
import { notificationRoutes } from "./notifications/routes";
import { briefRoutes } from "./briefs/routes";
import { alertSharePage } from "./alerts/share-page";
import { briefSharePage } from "./briefs/share-page";
import { shareNotFoundResponse } from "./share/page";
import { HttpError, payloadTooLarge } from "./lib/errors";
import { sameOriginWrites } from "./lib/same-origin";
import { bodyTooLargeMessage, limitRequestBody } from "./lib/body-limit";
import { paymentRoutes } from "./payments/routes";
import { profileRoutes } from "./profile/routes";
import { statusRoutes } from "./status/routes";
import type { AppEnv } from "./types";
import { usersRoutes } from "./users/routes";
import { teamRoutes, teamUserRoutes } from "./teams/routes";
import { isDirectSynthesisCall, synthesisRoutes } from "./collaborate/synthesis/routes";
import { campaignFindingsRoutes } from "./collaborate/findings/routes";
import { eegRoutes, feedbackFormRoutes, sessionFeedbackRoutes } from "./evaluation/routes";
import { improvementRoutes } from "./improvement/routes";
import { aarRoutes } from "./aar/routes";
import { conductLinkRoutes, conductSessionRoutes } from "./conduct/routes";

/**
 * Routes that bound their body themselves with a larger limit than MAX_BODY_BYTES: the document
 * upload (30 MB, worker/documents/routes.ts) and the JSON routes that pass their own maximum to
 * readJson (exercise 5 MB, profile 3 MB, Ask and conversations 2 MB), which counts while reading.
 */
const OWN_BODY_LIMIT: [string, RegExp][] = [
  ["POST", /^\/api\/documents\/upload$/],
  ["POST", /^\/api\/exercises\/(create|import)$/],
  ["PUT", /^\/api\/exercises\/[^/]+\/update$/],
  ["POST", /^\/api\/collaborate\/campaigns\/[^/]+\/exercises\/create$/],
  ["PUT", /^\/api\/collaborate\/campaigns\/[^/]+\/exercises\/[^/]+\/update$/],
  ["PUT", /^\/api\/collaborate\/campaigns\/[^/]+\/exercises\/[^/]+\/conversations(\/v2)?$/],
  ["PUT", /^\/api\/profile\/custom-instructions$/],
  ["PUT", /^\/api\/ask\/chats\/[^/]+\/messages$/],
  ["PUT", /^\/api\/conversations\/(v2\/)?[^/]+$/],
];

function hasOwnBodyLimit(method: string, path: string): boolean {
  return OWN_BODY_LIMIT.some(([m, re]) => m === method && re.test(path));
}

/**
 * The API: middleware, then one router per feature. Remix serves everything outside /api
 * (worker/index.ts routes between the two).
 */
export function createApp() {
  const app = new Hono<AppEnv>();

  app.use("*", async (c, next) => {
    c.set("requestId", c.req.header("cf-ray") ?? crypto.randomUUID());
    c.set("config", parseConfig(c.env));
    c.set("db", getDb(c.env.DB));
    await next();
  });

  // Every body (better-auth's included) is bounded by MAX_BODY_BYTES before anyone reads it;
  // document uploads enforce their own, larger limit (worker/documents/routes.ts).
  app.use("/api/*", async (c, next) => {
    if (hasOwnBodyLimit(c.req.method, new URL(c.req.url).pathname)) return next();
    const max = c.get("config").MAX_BODY_BYTES;
    const limited = await limitRequestBody(c.req.raw, max);
    if (!limited.ok) throw payloadTooLarge(bodyTooLargeMessage(max));
    c.req.raw = limited.request;
    return next();
  });

  // Stripe signs its webhook, better-auth checks origins on its own routes, and the synthesis API's
  // direct mode signs in by bearer token only (never the cookie), from APP_URL's page on another host.
  app.use("/api/*", sameOriginWrites((path, c) => path === "/api/billing/webhook" || path.startsWith("/api/auth/") || isDirectSynthesisCall(path, c)));

  // The platform's floor: a route that does nothing, for health checks and benchmarks.
  app.get("/api/health", (c) => c.text("ok"));
  app.route("/api/status", statusRoutes);
  app.route("/api/profile", profileRoutes);
  app.route("/api/users", usersRoutes);
  app.route("/api/users", teamUserRoutes);
  app.route("/api/teams", teamRoutes);
  app.route("/api/billing", paymentRoutes);
  app.route("/api/billing", billingRoutes);
  app.route("/api/dev", devRoutes);
  app.route("/api/exercises", exerciseRoutes);
  app.route("/api/exercises", exerciseLockRoutes);
  app.route("/api/collaborate/campaigns/:campaignId/exercises", campaignExerciseRoutes);
  app.route("/api/collaborate/campaigns/:campaignId/exercises", campaignExerciseLockRoutes);
  app.route("/api/collaborate/campaigns/:campaignId/exercises", campaignConversationRoutes);
  app.route("/api/collaborate/campaigns", campaignRoutes);
  app.route("/api/collaborate", contributorRoutes);
  app.route("/api/synthesis", synthesisRoutes);
  app.route("/api/collaborate/campaigns", campaignFindingsRoutes);
  app.route("/api/conduct/sessions/:id/aar", aarRoutes);
  app.route("/api/conversations", conversationRoutes);
  app.route("/api/ai", aiRoutes);
  app.route("/api/clients", clientRoutes);
  app.route("/api/clients", clientManagementRoutes);
  app.route("/api/documents", documentRoutes);
  app.route("/api/documents", documentAssignmentRoutes);
  app.route("/api/ask", askRoutes);
  app.route("/api/intelligence/chats", intelligenceChatRoutes);
  app.route("/api/intelligence/alerts", alertRoutes);
  app.route("/api/notifications", notificationRoutes);
  app.route("/api/intelligence/briefs", briefRoutes);
  app.route("/api/improvement", improvementRoutes);
  app.route("/api/admin", adminRoutes);
  app.route("/api/conduct/sessions/:id/eeg", eegRoutes);
  app.route("/api/conduct/sessions/:id/feedback", sessionFeedbackRoutes);
  app.route("/api/feedback", feedbackFormRoutes);
  app.route("/api/conduct/sessions", conductSessionRoutes);
  app.route("/api/conduct/t", conductLinkRoutes);

  // Public share pages (worker/index.ts sends /share/* here): static HTML, no sign-in. Any other
  // path under /share gets the same page as an unknown token, never the app or a JSON error.
  app.route("/share/briefs", briefSharePage);
  app.route("/share/alerts", alertSharePage);
  app.all("/share/*", () => shareNotFoundResponse());

  app.on(["GET", "POST"], "/api/auth/*", (c) => handleAuthRequest(c.env, c.req.raw));

  app.notFound((c) => c.json({ message: `No API route for ${c.req.method} ${new URL(c.req.url).pathname}.`, code: "not_found" }, 404));

  app.onError((err, c) => {
    if (err instanceof HttpError) {
      return c.json({ message: err.message, code: err.code, ...(err.details ?? {}) }, err.status, err.headers);
    }
    if (err instanceof HTTPException) {
      return c.json({ message: err.message || "Request could not be processed.", code: "http_error" }, err.status);
    }
    if (err instanceof ConfigError) {
      console.error(err.message);
      return c.json({ message: err.message, code: "configuration_error" }, 500);
    }
    console.error(`[${c.get("requestId")}]`, err);
    return c.json({ message: "Something went wrong on our side. Try again in a moment.", code: "internal_error" }, 500);
  });

  return app;
}

export const app = createApp();
