import { Hono, type Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { handleAuthRequest } from "./auth/http";
import { getDb } from "./db/client";
import { ConfigError, parseConfig } from "./env";
import { alertSharePage } from "./alerts/share-page";
import { briefSharePage } from "./briefs/share-page";
import { shareNotFoundResponse } from "./share/page";
import { MSEL_SCHEMA_PATH, mselJsonSchema } from "./exercises/export/json-schema";
import { HttpError, payloadTooLarge } from "./lib/errors";
import { sameOriginWrites } from "./lib/same-origin";
import { bodyTooLargeMessage, limitRequestBody } from "./lib/body-limit";
import { crossSiteAccepted, declaredBodyLimit, describe } from "./lib/route-meta";
import type { AppEnv } from "./types";
import { apiRouters } from "./api-routers";
import { docsPageHeaders, docsPageHtml } from "./openapi/docs-page";
import { openApiDocument } from "./openapi/document";

/** The API's version in the OpenAPI document: the date of the last change to its contract. */
const API_VERSION = "2026-11-28";

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
  app.use(
    "/api/*",
    sameOriginWrites((path, c) => path.startsWith("/api/auth/") || crossSiteAccepted(c)),
  );

  // The platform's floor: a route that does nothing, for health checks and benchmarks.
  app.get("/api/health", describe({ summary: "Health check: answers ok, touches nothing", produces: "text/plain" }), (c) => c.text("ok"));
  for (const [prefix, router] of apiRouters) app.route(prefix, router);

  // The API's own description, for integrators: built from the routers above, once per isolate.
  let described: { json: string; html: string } | null = null;
  const describeApi = (c: Context<AppEnv>) => {
    if (!described) {
      const document = openApiDocument(app, { maxBodyBytes: c.var.config.MAX_BODY_BYTES, version: API_VERSION });
      described = { json: JSON.stringify(document), html: docsPageHtml(document) };
    }
    return described;
  };
  app.get("/api/openapi.json", describe({ summary: "This document", internal: true }), (c) =>
    c.body(describeApi(c).json, 200, { "content-type": "application/json; charset=utf-8", "cache-control": "public, max-age=300" }),
  );
  app.get("/api/docs", describe({ summary: "This document as a page", internal: true }), async (c) =>
    c.body(describeApi(c).html, 200, Object.fromEntries(await docsPageHeaders())),
  );

  // Public share pages (worker/index.ts sends /share/* here): static HTML, no sign-in. Any other
  // path under /share gets the same page as an unknown token, never the app or a JSON error.
  app.route("/share/briefs", briefSharePage);
  app.route("/share/alerts", alertSharePage);
  app.all("/share/*", () => shareNotFoundResponse());

  // The published JSON Schema of the exercise export (worker/exercises/export/json-schema.ts): public,
  // and readable from any origin so validators in other tools can fetch it.
  app.get(MSEL_SCHEMA_PATH, (c) =>
    c.body(mselJsonSchema(c.var.config.APP_URL), 200, {
      "content-type": "application/schema+json; charset=utf-8",
      "cache-control": "public, max-age=3600",
      "access-control-allow-origin": "*",
    }),
  );

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
