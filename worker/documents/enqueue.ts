import { and, eq, sql } from "drizzle-orm";
import type { AppContext, UserContext } from "../context";
import { markFailed } from "./ingest";
import { documents } from "../db/schema";
import type { IngestMessage } from "./messages";
import { withIngestStatus, type IngestStatus } from "../../shared/documents/status";
import { nowMs, nowDate } from "../lib/clock";

/** A queued or processing status older than this is presumed lost (message dead-lettered, deploy mid-run). */
export const STALE_INGEST_MS = 10 * 60 * 1000;

/** structuredContent key counting how many times the sweep re-queued the document since it was last queued by hand. */
const SWEEPS_KEY = "ingestSweeps";
/** The sweep re-queues a stuck document at most this many times, then marks it failed. */
export const MAX_INGEST_SWEEPS = 3;
/** Documents the sweep handles per run (the next run takes the rest). */
const SWEEP_BATCH = 100;
export const SWEEP_GAVE_UP_MESSAGE = `Processing did not finish after ${MAX_INGEST_SWEEPS + 1} tries. Use Reprocess to try again, or upload the file again.`;

/** Rows written outside the Worker (the local seed) or whose send never happened: no ingest status yet. */
const neverQueued = sql`json_extract(${documents.structuredContent}, '$.ingest.status') IS NULL`;

/**
 * Rows that should be in the pipeline but are not moving: never queued (neverQueued) or
 * queued/processing without an update since `staleBefore` (the message was lost with a restarted
 * local server, or dead-lettered before the row could be marked).
 * ISO-8601 strings in UTC compare correctly as text.
 */
function needsQueueing(staleBefore: string) {
  return sql`(${neverQueued}
    OR (json_extract(${documents.structuredContent}, '$.ingest.status') IN ('queued', 'processing')
        AND json_extract(${documents.structuredContent}, '$.ingest.updatedAt') < ${staleBefore}))`;
}

/**
 * Marks the caller's document queued (keeping other structuredContent keys) and sends its INGEST message.
 * The row is written first so the library shows "queued" at once; if the send fails the row stays
 * queued and the Cron's sweep (sweepStuckIngestion) re-sends it after STALE_INGEST_MS.
 */
export async function enqueueIngest(ctx: UserContext, documentId: string, options: { sweeps?: number } = {}): Promise<void> {
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
    // A planner's upload or Reprocess starts the sweep count afresh; the sweep passes its own.
    .set({ processed: false, structuredContent: withIngestStatus(row.structuredContent, ingest, { [SWEEPS_KEY]: options.sweeps ?? 0 }) })
    .where(and(eq(documents.id, documentId), eq(documents.userId, userId)));
  const message: IngestMessage = { kind: "ingest", documentId, userId };
  await ctx.env.INGEST.send(message);
}

/**
 * Queues every tenant's never-queued documents now, each as its owner. The local seed writes its
 * documents straight into D1 before the Worker runs, so `npm start` calls this (through the
 * local-only POST /api/dev/seed/ingest) as soon as the Worker answers: seeded plans are Ready
 * within seconds, as an upload is, without waiting for the Cron's sweep or anyone's visit.
 */
export async function enqueueNeverQueued(ctx: AppContext): Promise<number> {
  const rows = await ctx.db
    .select({ id: documents.id, userId: documents.userId })
    .from(documents)
    .where(and(eq(documents.processed, false), neverQueued))
    .orderBy(documents.createdAt)
    .limit(SWEEP_BATCH);
  for (const row of rows) await enqueueIngest({ ...ctx, user: { id: row.userId } }, row.id);
  return rows.length;
}

/**
 * The Cron's recovery (every 15 minutes): every tenant's documents that need queueing (see
 * needsQueueing) are sent again, at most MAX_INGEST_SWEEPS times each, then marked failed with
 * a message saying what to do — so a document never waits for its owner to come back.
 */
export async function sweepStuckIngestion(ctx: AppContext, now = nowMs()): Promise<{ requeued: number; failed: number }> {
  const staleBefore = new Date(now - STALE_INGEST_MS).toISOString();
  const rows = await ctx.db
    .select({ id: documents.id, userId: documents.userId, structuredContent: documents.structuredContent })
    .from(documents)
    .where(and(eq(documents.processed, false), needsQueueing(staleBefore)))
    .orderBy(documents.updatedAt)
    .limit(SWEEP_BATCH);
  let requeued = 0;
  let failed = 0;
  for (const row of rows) {
    const owner: UserContext = { ...ctx, user: { id: row.userId } };
    const sweeps = sweepsOf(row.structuredContent);
    if (sweeps >= MAX_INGEST_SWEEPS) {
      await markFailed(ctx, row, SWEEP_GAVE_UP_MESSAGE);
      failed += 1;
    } else {
      await enqueueIngest(owner, row.id, { sweeps: sweeps + 1 });
      requeued += 1;
    }
  }
  return { requeued, failed };
}

function sweepsOf(structuredContent: unknown): number {
  const value = typeof structuredContent === "object" && structuredContent !== null ? (structuredContent as Record<string, unknown>)[SWEEPS_KEY] : undefined;
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : 0;
}
