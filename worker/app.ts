import { Hono } from "hono";
import { adminRoutes } from "./admin/routes";
import { HTTPException } from "hono/http-exception";
import { handleAuthRequest } from "./auth/http";
import { billingRoutes } from "./payments/routes";
import { devRoutes } from "./dev/routes";
import { getDb } from "./db/client";
import { ConfigError, parseConfig } from "./env";
import { campaignExerciseRoutes } from "./exercises/campaign-routes";
import { campaignRoutes, contributorRoutes } from "./collaborate/routes";
import { clientRoutes } from "./clients/routes";
import { documentRoutes } from "./exercises/document-routes";
import { exerciseRoutes } from "./exercises/routes";
import { aiRoutes } from "./ai/routes";
import { campaignConversationRoutes, conversationRoutes } from "./conversations/routes";
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
import { crossSiteAccepted, declaredBodyLimit } from "./lib/route-meta";
import { profileRoutes } from "./profile/routes";
import { statusRoutes } from "./status/routes";
import type { AppEnv } from "./types";
import { usersRoutes } from "./users/routes";
import { teamRoutes } from "./teams/routes";
import { synthesisRoutes } from "./collaborate/synthesis/routes";
import { campaignFindingsRoutes } from "./collaborate/findings/routes";
import { eegRoutes, feedbackFormRoutes, sessionFeedbackRoutes } from "./evaluation/routes";
import { improvementRoutes } from "./improvement/routes";
import { aarRoutes } from "./aar/routes";
import { conductLinkRoutes, conductSessionRoutes } from "./conduct/routes";

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

  // Every body (better-auth's included) is bounded by MAX_BODY_BYTES before anyone reads it. A route
  // that reads a larger one declares it (`bodyLimit`, or its JSON validator's `maxBytes`) and
  // enforces it while reading (a document upload with its own message), so it is left to the route.
  app.use("/api/*", async (c, next) => {
    const max = c.get("config").MAX_BODY_BYTES;
    if (declaredBodyLimit(c, max) > max) return next();
    const limited = await limitRequestBody(c.req.raw, max);
    if (!limited.ok) throw payloadTooLarge(bodyTooLargeMessage(max));
    c.req.raw = limited.request;
    return next();
  });

  // better-auth checks origins on its own routes; routes that accept cross-site writes say so
  // themselves (`crossSiteAllowed`: Stripe's signed webhook, the synthesis API's bearer tokens).
  app.use("/api/*", sameOriginWrites((path, c) => path.startsWith("/api/auth/") || crossSiteAccepted(c)));

  // The platform's floor: a route that does nothing, for health checks and benchmarks.
  app.get("/api/health", (c) => c.text("ok"));
  app.route("/api/status", statusRoutes);
  app.route("/api/profile", profileRoutes);
  app.route("/api/users", usersRoutes);
  app.route("/api/teams", teamRoutes);
  app.route("/api/billing", billingRoutes);
  app.route("/api/dev", devRoutes);
  app.route("/api/exercises", exerciseRoutes);
  app.route("/api/collaborate/campaigns/:campaignId/exercises", campaignExerciseRoutes);
  app.route("/api/collaborate/campaigns/:campaignId/exercises", campaignConversationRoutes);
  app.route("/api/collaborate/campaigns", campaignRoutes);
  app.route("/api/collaborate", contributorRoutes);
  app.route("/api/synthesis", synthesisRoutes);
  app.route("/api/collaborate/campaigns", campaignFindingsRoutes);
  app.route("/api/conduct/sessions/:id/aar", aarRoutes);
  app.route("/api/conversations", conversationRoutes);
  app.route("/api/ai", aiRoutes);
  app.route("/api/clients", clientRoutes);
  app.route("/api/documents", documentRoutes);
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
