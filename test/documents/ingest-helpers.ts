import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { getDb } from "../../worker/db/client";
import { documents } from "../../worker/db/schema";
import { readIngestStatus, type IngestStatus } from "../../shared/documents/status";

/** Puts the file in R2 under the conventional key and inserts its Document row (unprocessed). */
export async function storeDocument(userId: string, filename: string, bytes: ArrayBuffer | string, options: { type?: string; name?: string } = {}) {
  const id = crypto.randomUUID();
  const path = `documents/${userId}/${id}/${filename}`;
  await env.UPLOADS.put(path, bytes);
  const [doc] = await getDb(env.DB)
    .insert(documents)
    .values({
      id,
      userId,
      name: options.name ?? filename.replace(/\.[^.]+$/, ""),
      filename,
      path,
      type: options.type ?? filename.split(".").pop()!,
    })
    .returning();
  return doc!;
}

export async function documentRow(id: string) {
  const [doc] = await getDb(env.DB).select().from(documents).where(eq(documents.id, id));
  return doc;
}

export async function statusOf(id: string): Promise<IngestStatus> {
  const doc = await documentRow(id);
  if (!doc) throw new Error(`document ${id} is gone`);
  return readIngestStatus(doc);
}

const POLL_MS = 200;

/**
 * Polls until the document's ingest status is final (ready/failed), for `timeoutMs` worth of polls:
 * counted, not timed, as tests never read the clock.
 */
export async function waitForIngest(id: string, timeoutMs = 20_000): Promise<IngestStatus> {
  for (let polls = Math.ceil(timeoutMs / POLL_MS); ; polls--) {
    const status = await statusOf(id);
    if (status.status === "ready" || status.status === "failed") return status;
    if (polls <= 0) throw new Error(`document ${id} still ${status.status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

export async function chunkCounts(documentId: string): Promise<{ chunks: number; fts: number }> {
  const row = await env.DB.prepare(
    `SELECT (SELECT count(*) FROM "DocumentChunk" WHERE "documentId" = ?1) AS chunks,
            (SELECT count(*) FROM "DocumentChunkFts" WHERE "documentId" = ?1) AS fts`,
  )
    .bind(documentId)
    .first<{ chunks: number; fts: number }>();
  return row!;
}
