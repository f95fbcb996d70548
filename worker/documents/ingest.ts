import { and, eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { documents } from "../db/schema";
import { chunkSectionsWithSpans, type Chunk } from "./chunk";
import type { IngestMessage } from "./messages";
import { ParseError } from "./parse";
import { readDocument } from "./ocr";
import { detectType, UNSUPPORTED_TYPE_MESSAGE } from "../../shared/documents/file-types";
import { readIngestStatus, withIngestStatus, type IngestStatus } from "../../shared/documents/status";
import { nowMs, nowDate } from "../lib/clock";
import { embedDocument, forgetVectors, VECTORS_KEY } from "./vectors/semantic";
import { chunkIdsOf } from "./index-store";
import { DESCRIPTION_ONLY_NOTE, descriptionSection, readDescription } from "../../shared/documents/description";
import type { ParsedSection } from "./parse/types";
import { readingCopyKey, readingCopyOf, storeReadingCopy, type ReadingCopy } from "./reading-copy";
import { libraryName } from "./title";

/**
 * What happened to one INGEST message. Every outcome is final (ack); a transient failure (R2, D1)
 * throws instead, and the consumer retries the message.
 */
export type IngestOutcome = { outcome: "ready"; chunkCount: number; characters: number } | { outcome: "failed"; error: string } | { outcome: "missing" };

/** Largest JSON payload bound to one insert statement (D1 caps a value at 2 MB; stay well under). */
const MAX_INSERT_BYTES = 512 * 1024;
const MAX_OUTLINE = 200;

const encoder = new TextEncoder();

type Loaded = {
  id: string;
  userId: string;
  path: string | null;
  type: string | null;
  filename: string | null;
  name: string;
  contextId: string | null;
  structuredContent: unknown;
};

/**
 * Parses a document's file into chunks and replaces its chunks and keyword-index rows atomically.
 * Idempotent (at-least-once delivery): running it twice leaves the same index. The Document is
 * read by id AND userId, so a message can never touch another user's row.
 */
export async function ingestDocument(ctx: AppContext, message: IngestMessage): Promise<IngestOutcome> {
  const { env } = ctx;
  const doc = await load(ctx, message);
  if (!doc) return { outcome: "missing" };

  const type = detectType(doc.filename ?? doc.name, doc.type);
  if (!type) {
    return fail(ctx, doc, UNSUPPORTED_TYPE_MESSAGE);
  }
  const object = doc.path ? await env.UPLOADS.get(doc.path) : null;
  if (!object) return fail(ctx, doc, "The uploaded file is missing from storage. Upload it again.");
  const bytes = await object.arrayBuffer();
  await setStatus(ctx, doc, { status: "processing", progress: 10 });

  let chunks: Chunk[];
  let copy: ReadingCopy;
  let chunkIds: string[];
  let title: string | undefined;
  let characters: number;
  let outline: string[];
  let note: string | undefined;
  const description = readDescription(doc.structuredContent);
  try {
    let sections: ParsedSection[];
    try {
      ({ sections, title } = await readDocument(ctx, bytes, type));
    } catch (error) {
      // The planner's description stands in for a file that yields no text (an image without OCR).
      if (!(error instanceof ParseError) || !description) throw error;
      sections = [];
      note = DESCRIPTION_ONLY_NOTE;
    }
    if (description) sections = [descriptionSection(description), ...sections];
    await setStatus(ctx, doc, { status: "processing", progress: 40 });
    const made = chunkSectionsWithSpans(sections);
    chunks = made.chunks;
    chunkIds = chunks.map(() => crypto.randomUUID());
    copy = readingCopyOf(sections, made.spans, chunkIds);
    characters = sections.reduce((n, s) => n + s.text.length, 0);
    outline = [...new Set(sections.map((s) => s.heading).filter((h): h is string => Boolean(h)))].slice(0, MAX_OUTLINE).map((h) => h.slice(0, 200));
  } catch (error) {
    if (error instanceof ParseError) return fail(ctx, doc, error.message);
    throw error;
  }
  if (chunks.length === 0) return fail(ctx, doc, "The file is empty: there is no text to index.");
  await setStatus(ctx, doc, { status: "processing", progress: 80 });

  const ingest: IngestStatus = {
    status: "ready",
    progress: 100,
    chunkCount: chunks.length,
    characters,
    ...(note ? { note } : {}),
    updatedAt: nowDate().toISOString(),
  };
  // The new passages have no vectors yet: the record of the old ones goes (embedDocument writes it).
  const structured = withIngestStatus(doc.structuredContent, ingest, { outline, [VECTORS_KEY]: undefined });
  const previous = await chunkIdsOf(ctx.db, doc.id);
  try {
    await env.DB.batch(replaceStatements(env.DB, doc, chunks, chunkIds, JSON.stringify(structured), libraryName(doc, title)));
  } catch (error) {
    // The document was deleted while we parsed (its chunks' foreign key fails): nothing to do.
    if (!(await load(ctx, message))) return { outcome: "missing" };
    throw error;
  }
  // Named by the new chunks' ids: until it is written (or if writing it fails and the message is
  // retried) the view shows the passages as stored rather than an older copy's layout.
  await storeReadingCopy(env.UPLOADS, readingCopyKey(doc.userId, doc.id), copy);
  // Keyword search is live; vectors follow. Neither step can fail the document: a failure here
  // is retried by the Cron's ingest-sweep (embedPendingDocuments).
  await forgetVectors(ctx, doc.userId, previous).catch((e: unknown) => console.warn(`[embed] forgetting ${doc.id}'s old vectors: ${String(e)}`));
  await embedDocument(ctx, doc);
  return { outcome: "ready", chunkCount: chunks.length, characters };
}

/**
 * One atomic batch: delete the old chunks (the trigger drops their FTS rows), insert the new
 * chunks and FTS rows, mark the document processed. Chunks are inserted from one JSON parameter
 * per group (json_each), so a large document takes a handful of statements, not one per chunk,
 * and never nears D1's 100-bound-parameter or per-invocation query limits.
 */
function replaceStatements(
  db: D1Database,
  doc: Loaded,
  chunks: Chunk[],
  chunkIds: readonly string[],
  structuredContent: string,
  name: string,
): D1PreparedStatement[] {
  const statements = [
    db.prepare(`DELETE FROM "DocumentChunk" WHERE "documentId" = ?1`).bind(doc.id),
    // The local vector index's rows (worker/documents/vectors) belong to the chunks being replaced.
    db.prepare(`DELETE FROM "Embedding" WHERE "documentId" = ?1`).bind(doc.id),
  ];
  for (const rows of groupBySize(chunks.map((c, i) => ({ id: chunkIds[i] ?? crypto.randomUUID(), c })))) {
    const content = JSON.stringify(rows.map(({ id, c }) => ({ id, content: c.content })));
    const meta = JSON.stringify(rows.map(({ id, c }) => ({ id, heading: c.heading, position: c.position, page: c.page ?? null })));
    statements.push(
      db
        .prepare(
          `INSERT INTO "DocumentChunk" ("id", "content", "documentId", "contextId")
           SELECT json_extract(j.value, '$.id'), json_extract(j.value, '$.content'), ?2, ?3 FROM json_each(?1) j`,
        )
        .bind(content, doc.id, doc.contextId),
      db
        .prepare(
          `INSERT INTO "DocumentChunkFts" (rowid, "content", "heading", "chunkId", "documentId", "userId", "position", "page")
           SELECT c.rowid, c."content", json_extract(j.value, '$.heading'), c."id", c."documentId", ?2,
                  json_extract(j.value, '$.position'), json_extract(j.value, '$.page')
           FROM json_each(?1) j JOIN "DocumentChunk" c ON c."id" = json_extract(j.value, '$.id')`,
        )
        .bind(meta, doc.userId),
    );
  }
  statements.push(
    db
      // The file's title replaces the name only if nobody renamed the document while it was read.
      .prepare(
        `UPDATE "Document" SET "processed" = 1, "structuredContent" = ?1, "updatedAt" = ?2,
           "name" = CASE WHEN "name" = ?5 THEN ?6 ELSE "name" END
         WHERE "id" = ?3 AND "userId" = ?4`,
      )
      .bind(structuredContent, nowMs(), doc.id, doc.userId, doc.name, name),
  );
  return statements;
}

function groupBySize<T extends { c: Chunk }>(chunks: T[]): T[][] {
  const groups: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const chunk of chunks) {
    const size = encoder.encode(chunk.c.content).length + 64;
    if (current.length > 0 && bytes + size > MAX_INSERT_BYTES) {
      groups.push(current);
      current = [];
      bytes = 0;
    }
    current.push(chunk);
    bytes += size;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

async function load(ctx: AppContext, message: IngestMessage): Promise<Loaded | null> {
  const [row] = await ctx.db
    .select({
      id: documents.id,
      userId: documents.userId,
      path: documents.path,
      type: documents.type,
      filename: documents.filename,
      name: documents.name,
      contextId: documents.contextId,
      structuredContent: documents.structuredContent,
    })
    .from(documents)
    .where(and(eq(documents.id, message.documentId), eq(documents.userId, message.userId)));
  return row ?? null;
}

/** Progress for the library's polling; the ready/failed states are written with the result. */
async function setStatus(ctx: AppContext, doc: Loaded, status: Omit<IngestStatus, "updatedAt">): Promise<void> {
  const ingest: IngestStatus = { ...status, updatedAt: nowDate().toISOString() };
  // Kept on `doc` so the final write carries the other structuredContent keys forward.
  doc.structuredContent = withIngestStatus(doc.structuredContent, ingest);
  await ctx.db
    .update(documents)
    .set({ structuredContent: doc.structuredContent as NonNullable<typeof documents.$inferInsert.structuredContent> })
    .where(and(eq(documents.id, doc.id), eq(documents.userId, doc.userId)));
}

/** A permanent failure: the planner sees `error`; old chunks (from an earlier good file) are removed. */
async function fail(ctx: AppContext, doc: Loaded, error: string): Promise<IngestOutcome> {
  await markFailed(ctx, doc, error);
  return { outcome: "failed", error };
}

/**
 * Marks a document failed. Without `structuredContent` (the dead-letter path) the row is read
 * first and left alone unless it is still queued or processing: a later reprocess may have
 * finished since the dead message was first sent.
 */
export async function markFailed(ctx: AppContext, doc: { id: string; userId: string; structuredContent?: unknown }, error: string): Promise<void> {
  let structuredContent = doc.structuredContent;
  if (structuredContent === undefined) {
    const loaded = await load(ctx, { kind: "ingest", documentId: doc.id, userId: doc.userId });
    if (!loaded) return;
    const current = readIngestStatus({ processed: false, structuredContent: loaded.structuredContent }).status;
    if (current !== "queued" && current !== "processing") return;
    structuredContent = loaded.structuredContent;
  }
  const ingest: IngestStatus = { status: "failed", progress: 100, error, updatedAt: nowDate().toISOString() };
  const { env } = ctx;
  const previous = await chunkIdsOf(ctx.db, doc.id);
  await env.DB.batch([
    env.DB.prepare(`DELETE FROM "DocumentChunk" WHERE "documentId" = ?1`).bind(doc.id),
    env.DB.prepare(`DELETE FROM "Embedding" WHERE "documentId" = ?1`).bind(doc.id),
    env.DB.prepare(`UPDATE "Document" SET "processed" = 0, "structuredContent" = ?1, "updatedAt" = ?2 WHERE "id" = ?3 AND "userId" = ?4`).bind(
      JSON.stringify(withIngestStatus(structuredContent, ingest, { [VECTORS_KEY]: undefined })),
      nowMs(),
      doc.id,
      doc.userId,
    ),
  ]);
  await forgetVectors(ctx, doc.userId, previous);
}
