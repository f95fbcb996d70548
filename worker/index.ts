import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/cloudflare";
// The Remix server bundle is produced by `vite build` (npm run build) before the Worker runs.
// @ts-ignore -- generated file, absent until the first build
import * as remixBuild from "../build/server/index.js";
import { app } from "./app";
import { composeFeatures } from "./composition";
import { appBindings } from "./db/busy-retry";
import { ConfigError, parseConfig, type Env } from "./env";
import { handleQueue } from "./jobs/queue";
import { handleScheduled } from "./jobs/scheduled";
import { withExecutionContext } from "./lib/background";
import { bodyTooLargeMessage, limitRequestBody } from "./lib/body-limit";
import { isCrossSiteWrite } from "./lib/same-origin";
import { createNonce, withSecurityHeaders } from "./lib/security-headers";
import { ServerTiming, withServerTiming } from "./lib/server-timing";

export { ExerciseLock } from "../durable-objects/exercise-lock";
export { CreditLedger } from "../durable-objects/credit-ledger";
export { CampaignSynthesis } from "../durable-objects/campaign-synthesis";
export { ConductSession } from "../durable-objects/conduct-session";
// The ledger bench's baseline, reachable only through the local-only dev routes (worker/dev/).
export { BenchCounter } from "../durable-objects/bench-counter";

composeFeatures();

const handleRemix = createRequestHandler(remixBuild as unknown as ServerBuild);

export default {
  async fetch(request, env, ctx) {
    const nonce = createNonce();
    // Work a library starts deep inside a request (better-auth's mail) can still reach ctx.waitUntil.
    const response = await withExecutionContext(ctx, () => serve(request, appBindings(env), ctx, nonce));
    return withSecurityHeaders(response, { https: new URL(request.url).protocol === "https:", nonce });
  },
  async queue(batch, env, ctx) {
    await handleQueue(batch, appBindings(env), ctx);
  },
  async scheduled(controller, env, ctx) {
    await handleScheduled(controller, appBindings(env), ctx);
  },
} satisfies ExportedHandler<Env>;

async function serve(request: Request, env: Env, ctx: ExecutionContext, cspNonce: string): Promise<Response> {
  const url = new URL(request.url);
  // The API, the public share pages (static HTML the Hono app renders without Remix or the shell) and
  // the published JSON Schemas.
  if (url.pathname === "/api" || url.pathname.startsWith("/api/") || url.pathname.startsWith("/share/") || url.pathname.startsWith("/schemas/")) {
    return app.fetch(request, env, ctx);
  }
  // Pages fail as loudly as the API on a misconfigured deploy (the API answers JSON in app.ts).
  let config;
  try {
    config = parseConfig(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    return new Response(`Readyroom is misconfigured: ${err.message}`, { status: 500, headers: { "content-type": "text/plain; charset=utf-8" } });
  }
  // Remix actions get the API's CSRF check and body limit (app.ts applies both to /api).
  if (isCrossSiteWrite(request, config.APP_URL)) {
    return plain(403, "Cross-site form posts are not accepted. Use Readyroom from its own address.");
  }
  const limited = await limitRequestBody(request, config.MAX_BODY_BYTES);
  if (!limited.ok) return plain(413, bodyTooLargeMessage(config.MAX_BODY_BYTES));
  const context: AppLoadContext = { cloudflare: { env, cf: request.cf, ctx, caches }, cspNonce };
  // Pages say where their time went (session, loaders' reads, render): see worker/lib/server-timing.ts.
  const timing = new ServerTiming();
  const response = await withServerTiming(timing, () => handleRemix(limited.request, context));
  try {
    response.headers.set("Server-Timing", timing.header({ total: true }));
  } catch {
    // A resource route may hand back a fetched Response, whose headers are immutable: no timing then.
  }
  return response;
}

function plain(status: number, message: string): Response {
  return new Response(message, { status, headers: { "content-type": "text/plain; charset=utf-8" } });
}
