import { Hono } from "hono";
import { z } from "zod";
import { DEFAULT_DOCUMENT_CHAT_MODEL, getAiProvider } from "../ai";
import { checkedAnswer } from "../ask/answer-check";
import { modelSearch } from "../ask/search-assist";
import { buildAskPrompt } from "../ask/prompt";
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
 * bench uploaded, and answers the passages in rank order with the answer Ask Readyroom would give:
 * the offline one, or (`model: true`, when a chat model is configured) the model's, uncharged; with
 * `assist: true` the passages come from Ask's model-assisted search (worker/ask/search-assist.ts:
 * query rewrite and rerank, uncharged, keyword retrieval when the model gives no ranking). Each
 * result carries the retrieval's time on the Worker's clock (which advances at I/O, so CPU after
 * the last D1 round trip is not in it).
 * Mounted under /api/dev (local or test, on a loopback address only).
 */
const retrievalBenchInput = z.object({
  questions: z.array(z.string().min(1).max(1000)).min(1).max(200),
  documentIds: z.array(z.string().min(1).max(100)).min(1).max(100),
  /** false: the keyword side only, to compare with the hybrid ranking. */
  semantic: z.boolean().default(true),
  /** true: answer with the configured chat model (none configured: `model` is null in the reply). */
  model: z.boolean().default(false),
  /** true: Ask's model-assisted search (with `model`, when a chat model is configured). */
  assist: z.boolean().default(false),
});

export const retrievalBenchRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post(
    "/",
    describe({ summary: "Retrieval bench: the passages and the answer for each question", internal: true }),
    jsonBody(retrievalBenchInput),
    async (c) => {
      const ctx = ctxOf(c);
      const { questions, documentIds, semantic, model, assist } = c.req.valid("json");
      const userId = ctx.user.id;
      const provider = getAiProvider(ctx.config, { selectionEnabled: false, fallback: DEFAULT_DOCUMENT_CHAT_MODEL });
      const useModel = model && !provider.offline;
      const results = [];
      for (const question of questions) {
        const started = performance.now();
        const retrieval = { userId, question, documentIds, semantic };
        const assisted = useModel && assist ? (await modelSearch(ctx, provider, retrieval)).passages : null;
        const passages = assisted ?? (await retrievePassages(ctx, retrieval));
        const ms = performance.now() - started;
        const prompt = buildAskPrompt({
          messages: [{ role: "user", content: question }],
          passages,
          hasIndexedDocuments: true,
          instructions: null,
          language: null,
        });
        let answer = prompt.offlineAnswer();
        if (useModel) {
          answer = "";
          const chunks = await provider.open({ model: provider.model, messages: prompt.messages, maxOutputTokens: prompt.maxOutputTokens });
          for await (const chunk of checkedAnswer(chunks, passages, prompt.offlineAnswer)) {
            if (chunk.type === "text") answer += chunk.text;
          }
        }
        results.push({
          passages: passages.map((p) => ({ n: p.n, documentId: p.documentId, documentName: p.documentName, content: p.content })),
          answer,
          ms,
          assisted: assisted !== null,
        });
      }
      return c.json({ retrieval: embeddingMode(ctx), model: useModel ? provider.model : null, results });
    },
  );
