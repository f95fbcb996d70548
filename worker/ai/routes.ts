import { Hono } from "hono";
import { requireUser } from "../auth/middleware";
import { ctxOf } from "../context";
import { describe } from "../lib/route-meta";
import type { AppEnv } from "../types";
import { assistantSettings } from "./assistant-settings";
import { listModels } from "./catalogue";
import { embedderFromConfig } from "./embedder";

/** Mounted at /api/ai. The model picker (shown when the account has modelSelectionEnabled). */
export const aiRoutes = new Hono<AppEnv>().use(requireUser).get("/models", describe({ summary: "The AI models the caller may choose from" }), async (c) => {
  const ctx = ctxOf(c);
  const { selectionEnabled } = await assistantSettings(ctx);
  return c.json(listModels(ctx.config, selectionEnabled, embedderFromConfig(ctx.config, ctx.env) ? "hybrid" : "keyword"));
});

export type AiRoutes = typeof aiRoutes;
