import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { documentAccess } from "../clients/access";

export type ChunkHit = {
  chunkId: string;
  documentId: string;
  documentName: string;
  position: number;
  /** PDF page the chunk starts on (absent for formats without pages). */
  page?: number;
  /** Plain text around the matches; each matched term is wrapped in [ and ], cuts are marked with …. */
  snippet: string;
  /** Higher is better (the negated bm25 rank). */
  score: number;
};

const MAX_TERMS = 16;
const MAX_TERM_LENGTH = 64;
const MIN_PREFIX = 3;

/**
 * Turns user text into an FTS5 query in which no user character is FTS syntax: words (letters,
 * digits, marks — what the unicode61 tokenizer keeps) are each quoted as an FTS string and
 * combined with AND (OR when match is "any"); the last word also matches as a prefix so results appear while typing
 * (from MIN_PREFIX characters: a one- or two-letter prefix expands to a large part of the
 * vocabulary and costs more than it helps). Returns null when nothing searchable is left
 * (empty or punctuation-only input).
 */
export function toFtsQuery(query: string, match: "all" | "any" = "all"): string | null {
  const words = (query.match(/[\p{L}\p{N}\p{M}\p{Co}]+/gu) ?? []).map((w) => w.slice(0, MAX_TERM_LENGTH)).slice(0, MAX_TERMS);
  if (words.length === 0) return null;
  // Words contain no double quote (the regex excludes it), so "…" cannot be closed early.
  // "any" (OR) is for questions in natural language, where requiring every word would miss most
  // passages; bm25 still ranks chunks that contain more (and rarer) of the words first.
  return words.map((w, i) => (i === words.length - 1 && w.length >= MIN_PREFIX ? `"${w}"*` : `"${w}"`)).join(match === "any" ? " OR " : " ");
}

export async function searchChunks(
  db: Database,
  userId: string,
  query: string,
  opts: { documentIds?: string[]; limit?: number; match?: "all" | "any"; clientIds?: string[] | null } = {},
): Promise<ChunkHit[]> {
  const match = toFtsQuery(query, opts.match);
  if (!match) return [];
  if (opts.documentIds && opts.documentIds.length === 0) return [];
  const limit = Math.min(Math.max(Math.trunc(opts.limit ?? 20), 1), 100);
  // The id filter is one JSON parameter (json_each), so any number of ids stays under D1's
  // 100-bound-parameters limit.
  const idFilter = opts.documentIds ? sql`AND f."documentId" IN (SELECT value FROM json_each(${JSON.stringify(opts.documentIds)}))` : sql``;
  // Tenant scope is the Document (its userId, the authoritative owner, and the client rule of
  // worker/clients/access.ts for `clientIds`, the caller's visibleClientIds), not the copy in the FTS row.
  const rows = await db.all<{
    chunkId: string;
    documentId: string;
    documentName: string;
    position: number;
    page: number | null;
    snippet: string;
    rank: number;
  }>(sql`
    SELECT f."chunkId" AS "chunkId", f."documentId" AS "documentId", d."name" AS "documentName",
           f."position" AS "position", f."page" AS "page",
           snippet("DocumentChunkFts", 0, '[', ']', '…', 12) AS "snippet",
           bm25("DocumentChunkFts", 1.0, 0.5) AS "rank"
    FROM "DocumentChunkFts" f
    JOIN "Document" d ON d."id" = f."documentId"
    WHERE "DocumentChunkFts" MATCH ${match}
      AND ${documentAccess(userId, opts.clientIds ?? null, "read", "d")}
      ${idFilter}
    ORDER BY "rank"
    LIMIT ${limit}`);
  return rows.map((r) => ({
    chunkId: r.chunkId,
    documentId: r.documentId,
    documentName: r.documentName,
    position: Number(r.position),
    ...(r.page !== null && r.page !== undefined ? { page: Number(r.page) } : {}),
    snippet: r.snippet,
    score: -Number(r.rank),
  }));
}

/**
 * Deletes a document's chunks; the DocumentChunk_fts_delete trigger (migrations/0001) removes their
 * FTS rows in the same statement.
 */
export async function deleteDocumentIndex(db: Database, documentId: string): Promise<void> {
  await db.run(sql`DELETE FROM "DocumentChunk" WHERE "documentId" = ${documentId}`);
}

/** A document's current chunk ids (their vectors must go when the chunks do). */
export async function chunkIdsOf(db: Database, documentId: string): Promise<string[]> {
  const rows = await db.all<{ id: string }>(sql`SELECT "id" FROM "DocumentChunk" WHERE "documentId" = ${documentId}`);
  return rows.map((r) => r.id);
}

/** One stored passage of a document, in reading order: its id, place and text (context line first). */
export type StoredPassage = { id: string; position: number; page: number | null; heading: string | null; content: string };

/** A document's passages in position order (the FTS row, joined by rowid, carries their place). */
export async function passagesOf(db: Database, documentId: string): Promise<StoredPassage[]> {
  const rows = await db.all<StoredPassage>(sql`
    SELECT c."id" AS "id", f."position" AS "position", f."page" AS "page", f."heading" AS "heading", c."content" AS "content"
    FROM "DocumentChunk" c JOIN "DocumentChunkFts" f ON f.rowid = c.rowid
    WHERE c."documentId" = ${documentId}
    ORDER BY f."position"`);
  return rows.map((r) => ({ ...r, position: Number(r.position), page: r.page === null || r.page === undefined ? null : Number(r.page) }));
}
