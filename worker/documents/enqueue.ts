import { and, eq, sql } from "drizzle-orm";
import type { UserContext } from "../context";
import { documents } from "../db/schema";
import type { IngestMessage } from "./messages";
import { withIngestStatus, type IngestStatus } from "./status";
import { nowMs, nowDate } from "../lib/clock";

/** A queued or processing status older than this is presumed lost (message dead-lettered, deploy mid-run). */
export const STALE_INGEST_MS = 10 * 60 * 1000;

/**
 * Marks the caller's document queued (keeping other structuredContent keys) and sends its INGEST message.
 * The row is written first so the library shows "queued" at once; if the send fails the row stays
 * queued and ensureQueued re-sends it after STALE_INGEST_MS.
 */
export async function enqueueIngest(ctx: UserContext, documentId: string): Promise<void> {
  const { db } = ctx;
  const userId = ctx.user.id;
  const [row] = await db
    .select({ structuredContent: documents.structuredContent })
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.userId, userId)));
  if (!row) return;
  const ingest: IngestStatus = { status: "queued", progress: 0, updatedAt: nowDate().toISOString() };
  await db
    .update(documents)
    .set({ processed: false, structuredContent: withIngestStatus(row.structuredContent, ingest) })
    .where(and(eq(documents.id, documentId), eq(documents.userId, userId)));
  const message: IngestMessage = { kind: "ingest", documentId, userId };
  await ctx.env.INGEST.send(message);
}

/**
 * Re-enqueues this user's documents that need it: never queued (seeded rows, or a send that never
 * happened) or queued/processing without an update for STALE_INGEST_MS. One query on
 * (userId, …) that returns nothing in the common case; returns how many were enqueued.
 */
export async function ensureQueued(ctx: UserContext): Promise<number> {
  const { db } = ctx;
  const userId = ctx.user.id;
  const staleBefore = new Date(nowMs() - STALE_INGEST_MS).toISOString();
  // ISO-8601 strings in UTC compare correctly as text.
  const rows = await db
    .select({ id: documents.id })
    .from(documents)
    .where(
      and(
        eq(documents.userId, userId),
        eq(documents.processed, false),
        sql`(json_extract(${documents.structuredContent}, '$.ingest.status') IS NULL
          OR (json_extract(${documents.structuredContent}, '$.ingest.status') IN ('queued', 'processing')
              AND json_extract(${documents.structuredContent}, '$.ingest.updatedAt') < ${staleBefore}))`,
      ),
    );
  for (const row of rows) await enqueueIngest(ctx, row.id);
  return rows.length;
}
