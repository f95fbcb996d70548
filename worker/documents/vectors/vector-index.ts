import type { Config, Env } from "../../env";

/**
 * Where passage vectors live, behind one interface: Vectorize in production (one namespace per
 * user, so a query can only ever reach its owner's vectors; the document id as metadata for the
 * "chosen documents" filter), and the spec's `Embedding` table locally and in tests, where
 * Vectorize has no local simulation (wrangler warns so at start). Both are keyed by chunk id, so writing a chunk's vector
 * twice leaves one.
 */
type PassageVector = { chunkId: string; documentId: string; contextId: string | null; values: number[] };
type VectorMatch = { chunkId: string; score: number };

export interface VectorIndex {
  upsert(userId: string, model: string, vectors: PassageVector[]): Promise<void>;
  query(userId: string, model: string, vector: number[], options: { topK: number; documentIds?: string[] }): Promise<VectorMatch[]>;
  /** Drops the vectors of these chunks (a document deleted or re-ingested). */
  remove(userId: string, chunkIds: string[]): Promise<void>;
}

/** Vectorize's upsert and delete take at most 1000 ids per call. */
const VECTORIZE_BATCH = 1000;
/** Local index: at most this many vectors are compared per query (a bound on memory and time). */
const LOCAL_SCAN_LIMIT = 20_000;

export function vectorIndexFor(env: Pick<Env, "DB" | "DOC_INDEX">, config: Pick<Config, "APP_ENV">): VectorIndex {
  return config.APP_ENV === "production" ? vectorizeIndex(env.DOC_INDEX) : localVectorIndex(env.DB);
}

function vectorizeIndex(index: VectorizeIndex): VectorIndex {
  return {
    async upsert(userId, model, vectors) {
      for (let i = 0; i < vectors.length; i += VECTORIZE_BATCH) {
        await index.upsert(
          vectors.slice(i, i + VECTORIZE_BATCH).map((v) => ({
            id: v.chunkId,
            values: v.values,
            namespace: userId,
            metadata: { documentId: v.documentId, model, ...(v.contextId ? { contextId: v.contextId } : {}) },
          })),
        );
      }
    },
    async query(userId, model, vector, { topK, documentIds }) {
      // documentId and model need metadata indexes (README: Deployment) for the filter to apply.
      const filter: VectorizeVectorMetadataFilter = { model };
      if (documentIds) filter.documentId = { $in: documentIds };
      const result = await index.query(vector, { topK: Math.min(topK, 50), namespace: userId, filter, returnMetadata: "none" });
      return result.matches.map((m) => ({ chunkId: m.id, score: m.score }));
    },
    async remove(_userId, chunkIds) {
      for (let i = 0; i < chunkIds.length; i += VECTORIZE_BATCH) await index.deleteByIds(chunkIds.slice(i, i + VECTORIZE_BATCH));
    },
  };
}

function encode(values: number[]): string {
  const bytes = new Uint8Array(new Float32Array(values).buffer);
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function decode(base64: string): Float32Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Float32Array(bytes.buffer);
}

export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length || a.length === 0) return 0;
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    const y = b[i]!;
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/**
 * `Embedding` rows (id = chunk id, the vector as base64 float32 in metadata) compared by brute
 * force. Tenant scope is Document.userId, joined on every read.
 */
function localVectorIndex(db: D1Database): VectorIndex {
  return {
    async upsert(_userId, model, vectors) {
      // A few hundred rows per statement (one JSON parameter) keeps each under D1's size limits.
      for (let i = 0; i < vectors.length; i += 200) {
        const rows = vectors
          .slice(i, i + 200)
          .map((v) => ({ id: v.chunkId, documentId: v.documentId, contextId: v.contextId, metadata: JSON.stringify({ model, vector: encode(v.values) }) }));
        await db
          .prepare(
            `INSERT INTO "Embedding" ("id", "documentId", "contextId", "metadata", "name")
             SELECT json_extract(j.value, '$.id'), json_extract(j.value, '$.documentId'), json_extract(j.value, '$.contextId'),
                    json_extract(j.value, '$.metadata'), ?2
             FROM json_each(?1) j
             WHERE EXISTS (SELECT 1 FROM "DocumentChunk" c WHERE c."id" = json_extract(j.value, '$.id'))
             ON CONFLICT ("id") DO UPDATE SET "metadata" = excluded."metadata", "name" = excluded."name", "updatedAt" = (unixepoch('subsec') * 1000)`,
          )
          .bind(JSON.stringify(rows), model)
          .run();
      }
    },
    async query(userId, model, vector, { topK, documentIds }) {
      const rows = await db
        .prepare(
          `SELECT e."id" AS "id", json_extract(e."metadata", '$.vector') AS "vector"
           FROM "Embedding" e JOIN "Document" d ON d."id" = e."documentId"
           WHERE d."userId" = ?1 AND e."name" = ?2 AND (?3 IS NULL OR e."documentId" IN (SELECT value FROM json_each(?3)))
           LIMIT ${LOCAL_SCAN_LIMIT}`,
        )
        .bind(userId, model, documentIds ? JSON.stringify(documentIds) : null)
        .all<{ id: string; vector: string | null }>();
      return rows.results
        .filter((r) => typeof r.vector === "string")
        .map((r) => ({ chunkId: r.id, score: cosine(vector, decode(r.vector!)) }))
        .sort((a, b) => b.score - a.score)
        .slice(0, topK);
    },
    async remove(userId, chunkIds) {
      if (chunkIds.length === 0) return;
      await db
        .prepare(
          `DELETE FROM "Embedding" WHERE "id" IN (SELECT value FROM json_each(?1))
           AND "documentId" IN (SELECT "id" FROM "Document" WHERE "userId" = ?2)`,
        )
        .bind(JSON.stringify(chunkIds), userId)
        .run();
    },
  };
}
