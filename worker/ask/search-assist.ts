import { z } from "zod";
import { approxTokens, type AiProvider, type ChatMessage } from "../ai/types";
import { chargeForAi } from "../billing/service";
import { estimateCredits } from "../billing/pricing";
import { addUsage, structuredCall } from "../collaborate/synthesis/ai-call";
import type { StageUsage } from "../collaborate/synthesis/types";
import type { AppContext, UserContext } from "../context";
import { retrievePassages, type RetrievalInput, type RetrievedPassage } from "../documents/retrieval";
import { reciprocalRankFusion } from "../documents/relevance";
import { HttpError } from "../lib/errors";

/**
 * Model-assisted retrieval for Ask Readyroom (issue 31 item 3), when a chat model is configured:
 * the model rewrites the question into a few search queries in the words plans use ("pushes the
 * county into increased readiness" → "activation level triggered"), the one keyword retrieval
 * (worker/documents/retrieval.ts) runs for the question and each query, and the model reranks the
 * pooled passages, keeping only those that bear on the question (none: the question is declined).
 *
 * Bounded: two small structured calls (REWRITE_TOKENS, RERANK_TOKENS out; at most POOL passages of
 * PASSAGE_CHARS in), one deadline for both (ASK_SEARCH_ASSIST_TIMEOUT_MS), charged as its own
 * "document-search" action through the credits ledger like the answer. Anything short of a valid
 * ranking — no credits, a refusal, a timeout, text that is not the schema — falls back to the
 * keyword retrieval's own passages, so the assist can only add to an answer, never block it.
 */

const MAX_QUERIES = 3;
const REWRITE_TOKENS = 160;
const RERANK_TOKENS = 120;
/** Passages the model reranks: the head of the pooled rankings. */
const POOL = 10;
/** Per query: enough for the pool's fusion to see past each query's head. */
const PER_QUERY = 8;
const PASSAGE_CHARS = 700;
const PASSAGE_LIMIT = 8;

const REWRITE_SYSTEM = [
  "You turn an emergency planner's question into search queries over their plans (emergency operations plans, annexes, SOPs, after-action reports).",
  `Write up to ${MAX_QUERIES} short keyword queries that use the words such a plan would use for what the question asks: the formal terms, the field's acronyms and their expansions, the names of roles, levels and thresholds. Do not answer the question.`,
  'Reply with JSON only: {"queries": ["…"]}.',
].join("\n");

const RERANK_SYSTEM = [
  "You judge which numbered passages from a planner's documents answer their question.",
  "List the numbers of the passages that contain the answer or facts needed for it, best first. Leave out passages that only share words with the question. If none answers it, list none.",
  'Reply with JSON only: {"relevant": [numbers]}.',
].join("\n");

const rewriteSchema = z.object({ queries: z.array(z.string().max(300)).max(10) });
const rerankSchema = z.object({ relevant: z.array(z.number().int()).max(50) });

const REWRITE_JSON = {
  name: "search_queries",
  schema: { type: "object", properties: { queries: { type: "array", items: { type: "string" }, maxItems: MAX_QUERIES } }, required: ["queries"] },
};
const RERANK_JSON = {
  name: "passage_ranking",
  schema: { type: "object", properties: { relevant: { type: "array", items: { type: "integer" } } }, required: ["relevant"] },
};

export interface AssistInput {
  provider: AiProvider;
  retrieval: RetrievalInput;
  /** What the search is charged to (the chat). */
  entity: { type: string; id: string };
}

export interface AssistedPassages {
  passages: RetrievedPassage[];
  /** Whether the model's ranking was used (false: the keyword retrieval's own passages). */
  assisted: boolean;
  credits: number;
}

/** The passages an Ask question is answered from: model-assisted when configured, else (or on any failure) keyword retrieval's. */
export async function assistedPassages(ctx: UserContext, input: AssistInput): Promise<AssistedPassages> {
  const { provider, retrieval } = input;
  const keyword = () => retrievePassages(ctx, retrieval);
  if (provider.offline || ctx.config.ASK_SEARCH_ASSIST === "off") return { passages: await keyword(), assisted: false, credits: 0 };

  const question = retrieval.question;
  const rerankBound = POOL * approxTokens("x".repeat(PASSAGE_CHARS)) + approxTokens(RERANK_SYSTEM + question) + 40;
  let charge;
  try {
    charge = await chargeForAi(ctx, {
      category: "document-search",
      entityType: input.entity.type,
      entityId: input.entity.id,
      estimate: estimateCredits({ promptTokens: approxTokens(REWRITE_SYSTEM + question) + rerankBound, maxOutputTokens: REWRITE_TOKENS + RERANK_TOKENS }),
      metadata: { provider: provider.id, model: provider.model },
    });
  } catch (err) {
    // Without credits for the search the answer's own charge decides (a 402 there says so).
    if (err instanceof HttpError && err.status === 402) return { passages: await keyword(), assisted: false, credits: 0 };
    throw err;
  }

  const search = await modelSearch(ctx, provider, retrieval);
  const credits = await settle(charge, search.usage);
  if (search.passages === null) return { passages: await keyword(), assisted: false, credits };
  return { passages: search.passages, assisted: true, credits };
}

/**
 * The model's part, uncharged (the bench measures it as it is): the rewritten queries' pooled
 * passages as the model ranks them, or null when the model gave no usable ranking in time; and
 * the tokens the calls consumed either way.
 */
export async function modelSearch(
  ctx: AppContext,
  provider: AiProvider,
  retrieval: RetrievalInput,
): Promise<{ passages: RetrievedPassage[] | null; usage: StageUsage }> {
  const question = retrieval.question;
  const signal = AbortSignal.timeout(ctx.config.ASK_SEARCH_ASSIST_TIMEOUT_MS);
  let usage: StageUsage = { inputTokens: 0, outputTokens: 0, calls: 0 };
  try {
    const rewrite = await structuredCall(
      provider,
      {
        messages: messages(REWRITE_SYSTEM, `Question: ${question}`),
        jsonSchema: REWRITE_JSON,
        maxOutputTokens: REWRITE_TOKENS,
        offlineAnswer: () => "",
        signal,
      },
      rewriteSchema,
    );
    usage = addUsage(usage, rewrite.usage);
    const queries = (rewrite.value?.queries ?? [])
      .map((q) => q.trim())
      .filter(Boolean)
      .slice(0, MAX_QUERIES);
    const pool = await pooledPassages(ctx, retrieval, queries);
    if (pool.length === 0) return { passages: [], usage };
    const rerank = await structuredCall(
      provider,
      {
        messages: messages(RERANK_SYSTEM, rerankPrompt(question, pool)),
        jsonSchema: RERANK_JSON,
        maxOutputTokens: RERANK_TOKENS,
        offlineAnswer: () => "",
        signal,
      },
      rerankSchema,
    );
    usage = addUsage(usage, rerank.usage);
    return { passages: rerank.value ? chosen(pool, rerank.value.relevant, retrieval.limit ?? PASSAGE_LIMIT) : null, usage };
  } catch (err) {
    console.warn("[ask] search assist failed; answering from keyword retrieval", err instanceof Error ? err.message : err);
    return { passages: null, usage };
  }
}

/** Charged for what the calls consumed; nothing consumed (refused before any answer) gives the hold back. */
async function settle(charge: Awaited<ReturnType<typeof chargeForAi>>, used: StageUsage): Promise<number> {
  try {
    if (used.inputTokens + used.outputTokens === 0) {
      await charge.release();
      return 0;
    }
    return (await charge.settle(used, { purpose: "search assist" })).charged;
  } catch (err) {
    console.error("[ask] settling the search assist failed:", err);
    return 0;
  }
}

const messages = (system: string, user: string): ChatMessage[] => [
  { role: "system", content: system },
  { role: "user", content: user },
];

/**
 * The passages retrieval finds for the question and for each rewritten query, without declining
 * (the model judges relevance), fused by reciprocal rank: the question's own ranking first among
 * equals. The head of the fusion, at most POOL.
 */
async function pooledPassages(ctx: AppContext, retrieval: RetrievalInput, queries: string[]): Promise<RetrievedPassage[]> {
  const lists = await Promise.all(
    [retrieval.question, ...queries].map((question) => retrievePassages(ctx, { ...retrieval, question, decline: false, limit: PER_QUERY })),
  );
  const byId = new Map<string, RetrievedPassage>();
  for (const list of lists) for (const p of list) if (!byId.has(p.chunkId)) byId.set(p.chunkId, p);
  const fused = reciprocalRankFusion(lists.map((list) => ({ ids: list.map((p) => p.chunkId), weight: 1 })));
  return [...byId.values()].sort((a, b) => (fused.get(b.chunkId) ?? 0) - (fused.get(a.chunkId) ?? 0)).slice(0, POOL);
}

function rerankPrompt(question: string, pool: RetrievedPassage[]): string {
  const passages = pool.map((p, i) => `[${i + 1}] (${p.documentName}) ${p.content.replace(/\s+/g, " ").slice(0, PASSAGE_CHARS)}`).join("\n\n");
  return `Question: ${question}\n\nPassages:\n${passages}`;
}

/** The pool's passages the model listed, in its order, each once, renumbered from 1. */
function chosen(pool: RetrievedPassage[], relevant: number[], limit: number): RetrievedPassage[] {
  const picked = [...new Set(relevant)].filter((n) => n >= 1 && n <= pool.length).map((n) => pool[n - 1]!);
  return picked.slice(0, limit).map((p, i) => ({ ...p, n: i + 1 }));
}
