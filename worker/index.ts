import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The Remix server bundle is produced by `vite build` (npm run build) before the Worker runs.
// @ts-ignore -- generated file, absent until the first build
import * as remixBuild from "../build/server/index.js";
import { app } from "./app";
import { ConfigError, parseConfig, type Env } from "./env";
import { handleQueue } from "./jobs/queue";
import { handleScheduled } from "./jobs/scheduled";

export { ExerciseLock } from "../durable-objects/exercise-lock";
export { CreditLedger } from "../durable-objects/credit-ledger";
export { CampaignSynthesis } from "../durable-objects/campaign-synthesis";

const handleRemix = createRequestHandler(remixBuild as unknown as ServerBuild);

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (url.pathname === "/api" || url.pathname.startsWith("/api/")) {
      return app.fetch(request, env, ctx);
    }
    // Pages fail as loudly as the API on a misconfigured deploy (the API answers JSON in app.ts).
    try {
      parseConfig(env);
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      console.error(err.message);
      return new Response(`Readyroom is misconfigured: ${err.message}`, { status: 500, headers: { "content-type": "text/plain; charset=utf-8" } });
    }
    return handleRemix(request, {
      cloudflare: { env, cf: request.cf, ctx, caches },
    } as never);
  },
  async queue(batch, env, ctx) {
    await handleQueue(batch, env, ctx);
  },
  async scheduled(controller, env, ctx) {
    await handleScheduled(controller, env, ctx);
  },
} satisfies ExportedHandler<Env>;
