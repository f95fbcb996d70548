import type { AppContext } from "../../context";
import { embedderFromConfig, EMBED_BATCH, type Embedder, type EmbeddingMode } from "../../ai/embedder";
import { vectorIndexFor, type VectorIndex } from "./vector-index";

/**
 * The semantic side of retrieval: embedding a document's passages after ingestion, finding the
 * passages nearest a question, and forgetting a document's vectors. Every function is a no-op
 * when no embedder is configured (keyword-only), and an embedding outage never fails a document:
 * its keyword index is already in place, and `embedPendingDocuments` (the Cron's ingest-sweep)
 * fills the vectors later.
 */

/** Key in Document.structuredContent: { model, count } once the passages are embedded with `model`. */
export const VECTORS_KEY = "vectors";
/** Documents embedded per sweep run (each is a few embedding calls). */
const SWEEP_DOCUMENTS = 20;

type Semantic = { embedder: Embedder; index: VectorIndex };

function semanticOf(ctx: AppContext): Semantic | null {
  const embedder = embedderFromConfig(ctx.config, ctx.env);
  return embedder ? { embedder, index: vectorIndexFor(ctx.env, ctx.config) } : null;
}

export function embeddingMode(ctx: AppContext): EmbeddingMode {
  return embedderFromConfig(ctx.config, ctx.env)?.id ?? "none";
}

/** The configured embedder's relevance floor, or null when retrieval is keyword-only. */
export function semanticFloor(ctx: AppContext): number | null {
  return embedderFromConfig(ctx.config, ctx.env)?.relevanceFloor ?? null;
}

/**
 * Embeds every passage of a ready document and stores the vectors; records the model on the
 * document. Idempotent (vectors are keyed by chunk id) and resumable (a failure leaves the
 * document without the record, so the sweep tries again). Returns false on failure.
 */
export async function embedDocument(ctx: AppContext, doc: { id: string; userId: string }): Promise<boolean> {
  const semantic = semanticOf(ctx);
  if (!semantic) return true;
  const { embedder, index } = semantic;
  const chunks = await ctx.env.DB.prepare(
    `SELECT c."id" AS "id", c."content" AS "content", c."contextId" AS "contextId"
     FROM "DocumentChunk" c JOIN "Document" d ON d."id" = c."documentId"
     WHERE c."documentId" = ?1 AND d."userId" = ?2 ORDER BY c.rowid`,
  )
    .bind(doc.id, doc.userId)
    .all<{ id: string; content: string; contextId: string | null }>();
  try {
    for (let i = 0; i < chunks.results.length; i += EMBED_BATCH) {
      const batch = chunks.results.slice(i, i + EMBED_BATCH);
      const vectors = await embedder.embed(batch.map((c) => c.content));
      await index.upsert(
        doc.userId,
        embedder.model,
        batch.map((c, j) => ({ chunkId: c.id, documentId: doc.id, contextId: c.contextId, values: vectors[j]! })),
      );
    }
  } catch (error) {
    console.warn(`[embed] document ${doc.id}: ${error instanceof Error ? error.message : String(error)}; the sweep retries`);
    return false;
  }
  await ctx.env.DB.prepare(
    `UPDATE "Document" SET "structuredContent" = json_set(coalesce("structuredContent", '{}'), '$.${VECTORS_KEY}', json(?1))
     WHERE "id" = ?2 AND "userId" = ?3`,
  )
    .bind(JSON.stringify({ model: embedder.model, count: chunks.results.length }), doc.id, doc.userId)
    .run();
  return true;
}

/**
 * The Cron's catch-up: ready documents with no vectors of the configured model (an outage during
 * ingestion, documents from before embeddings were configured, a model change) are embedded.
 */
export async function embedPendingDocuments(ctx: AppContext): Promise<{ embedded: number; failed: number }> {
  const embedder = embedderFromConfig(ctx.config, ctx.env);
  if (!embedder) return { embedded: 0, failed: 0 };
  const rows = await ctx.env.DB.prepare(
    `SELECT "id", "userId" FROM "Document"
     WHERE "processed" = 1 AND coalesce(json_extract("structuredContent", '$.${VECTORS_KEY}.model'), '') <> ?1
     ORDER BY "updatedAt" LIMIT ${SWEEP_DOCUMENTS}`,
  )
    .bind(embedder.model)
    .all<{ id: string; userId: string }>();
  let embedded = 0;
  for (const row of rows.results) if (await embedDocument(ctx, row)) embedded += 1;
  return { embedded, failed: rows.results.length - embedded };
}

/**
 * Passages nearest the question by meaning, best first; [] when keyword-only or the embedder fails.
 * Vectors live in their author's namespace, so `shared` names the colleagues' documents the caller
 * may read (shared with their team): each author's namespace is asked for those documents only.
 */
export async function semanticSearch(
  ctx: AppContext,
  input: { userId: string; query: string; documentIds?: string[]; limit: number; shared?: ReadonlyArray<{ userId: string; documentIds: string[] }> },
): Promise<Array<{ chunkId: string; score: number }>> {
  const semantic = semanticOf(ctx);
  if (!semantic || input.documentIds?.length === 0) return [];
  try {
    const [vector] = await semantic.embedder.embed([input.query]);
    if (!vector) return [];
    const { index, embedder } = semantic;
    const asks = [
      index.query(input.userId, embedder.model, vector, { topK: input.limit, documentIds: input.documentIds }),
      ...(input.shared ?? [])
        .filter((s) => s.userId !== input.userId && s.documentIds.length > 0)
        .map((s) => index.query(s.userId, embedder.model, vector, { topK: input.limit, documentIds: s.documentIds })),
    ];
    return (await Promise.all(asks))
      .flat()
      .sort((a, b) => b.score - a.score)
      .slice(0, input.limit);
  } catch (error) {
    // Retrieval falls back to keyword-only rather than failing the question.
    console.warn(`[embed] query: ${error instanceof Error ? error.message : String(error)}; keyword-only for this question`);
    return [];
  }
}

/** Removes these chunks' vectors (Vectorize; locally the Embedding rows go with their document's SQL). */
export async function forgetVectors(ctx: AppContext, userId: string, chunkIds: string[]): Promise<void> {
  if (chunkIds.length === 0) return;
  await vectorIndexFor(ctx.env, ctx.config).remove(userId, chunkIds);
}
