import { createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
// The Remix server bundle is produced by `vite build` (npm run build) before the Worker runs.
// @ts-ignore -- generated file, absent until the first build
import * as remixBuild from "../build/server/index.js";
import { app } from "./app";
import type { Env } from "./env";
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
