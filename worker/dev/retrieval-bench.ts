import { Hono } from "hono";
import { z } from "zod";
import { requireUser } from "../auth/middleware";
import { ctxOf } from "../context";
import { retrievePassages } from "../documents/retrieval";
import { embeddingMode } from "../documents/vectors/semantic";
import { describe } from "../lib/route-meta";
import { jsonBody } from "../lib/validate";
import type { AppEnv } from "../types";

/**
 * The retrieval evaluation's probe (`npm run bench`, bench/retrieval.ts): runs the one retrieval
 * Ask Readyroom uses for each labelled question, as the signed-in user, over the documents the
 * bench uploaded, and answers the passages in rank order. Mounted under /api/dev (local or test,
 * on a loopback address only).
 */
const retrievalBenchInput = z.object({
  questions: z.array(z.string().min(1).max(1000)).min(1).max(200),
  documentIds: z.array(z.string().min(1).max(100)).min(1).max(100),
  /** false: the keyword side only, to compare with the hybrid ranking. */
  semantic: z.boolean().default(true),
});

export const retrievalBenchRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post("/", describe({ summary: "Retrieval bench: the passages for each question", internal: true }), jsonBody(retrievalBenchInput), async (c) => {
    const ctx = ctxOf(c);
    const { questions, documentIds, semantic } = c.req.valid("json");
    const userId = ctx.user.id;
    const results = [];
    for (const question of questions) {
      const passages = await retrievePassages(ctx, { userId, question, documentIds, semantic });
      results.push({ passages: passages.map((p) => ({ n: p.n, documentName: p.documentName, content: p.content })) });
    }
    return c.json({ retrieval: embeddingMode(ctx), results });
  });
