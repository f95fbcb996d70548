import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { searchChunks } from "./index-store";

/**
 * Which passages of the caller's documents a question is answered from — the one retrieval of Ask
 * Readyroom and the design assistant. v1 is keyword search (FTS5, any of the question's words,
 * bm25 order); hybrid keyword + vector retrieval replaces the inside of this module later, with
 * the same output.
 */

/** A retrieved passage: where it is (what a citation shows) and the chunk's full text, which goes into the prompt. */
export interface RetrievedPassage {
  /** 1-based rank, the [n] an answer cites it by. */
  n: number;
  chunkId: string;
  documentId: string;
  documentName: string;
  page?: number;
  /** Text around the matched words, each match wrapped in [ and ] (as document search shows it). */
  snippet: string;
  content: string;
}

export const PASSAGE_LIMIT = 8;

/**
 * Words that carry no topic. With OR matching they would pull in every chunk containing "the";
 * bm25 would rank those low, but they would still fill the eight slots when few chunks match
 * the real topic words.
 */
const STOPWORDS = new Set(
  (
    "a an and are as at be been but by can could do does did for from had has have how i if in into is it its " +
    "me my of on or our should so than that the their them then there these they this those to us was we were " +
    "what when where which who whom why will with would you your about tell say says said please any all"
  ).split(" "),
);

/** The question's topic words, or the whole question when it is made only of common words. */
export function retrievalQuery(question: string): string {
  const words = question.match(/[\p{L}\p{N}\p{M}\p{Co}]+/gu) ?? [];
  const topical = words.filter((w) => !STOPWORDS.has(w.toLowerCase()));
  return (topical.length ? topical : words).join(" ");
}

export async function retrievePassages(
  db: Database,
  input: { userId: string; question: string; documentIds?: string[]; limit?: number },
): Promise<RetrievedPassage[]> {
  const hits = await searchChunks(db, input.userId, retrievalQuery(input.question), {
    match: "any",
    limit: input.limit ?? PASSAGE_LIMIT,
    documentIds: input.documentIds,
  });
  if (hits.length === 0) return [];
  const contents = await db.all<{ id: string; content: string }>(sql`
    SELECT "id", "content" FROM "DocumentChunk"
    WHERE "id" IN (SELECT value FROM json_each(${JSON.stringify(hits.map((h) => h.chunkId))}))`);
  const byId = new Map(contents.map((c) => [c.id, c.content]));
  return hits.map((hit, i) => ({
    n: i + 1,
    chunkId: hit.chunkId,
    documentId: hit.documentId,
    documentName: hit.documentName,
    ...(hit.page !== undefined ? { page: hit.page } : {}),
    snippet: hit.snippet,
    // The FTS row and its chunk are deleted together (trigger), so the content is there; the
    // snippet stands in if a delete raced this read.
    content: byId.get(hit.chunkId) ?? hit.snippet,
  }));
}

/** Whether any of the caller's documents (within the chosen ones) has indexed text at all. */
export async function hasIndexedDocuments(db: Database, userId: string, documentIds?: string[]): Promise<boolean> {
  const idFilter = documentIds ? sql`AND d."id" IN (SELECT value FROM json_each(${JSON.stringify(documentIds)}))` : sql``;
  const row = await db.get<{ found: number } | undefined>(sql`
    SELECT 1 AS "found" FROM "DocumentChunk" c JOIN "Document" d ON d."id" = c."documentId"
    WHERE d."userId" = ${userId} ${idFilter} LIMIT 1`);
  return Boolean(row);
}

/** The ids among `ids` that are not the caller's documents (unknown or someone else's). */
export async function foreignDocumentIds(db: Database, userId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.all<{ id: string }>(sql`
    SELECT "id" FROM "Document"
    WHERE "userId" = ${userId} AND "id" IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`);
  const mine = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !mine.has(id));
}
