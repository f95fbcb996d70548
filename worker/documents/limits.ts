import { and, count, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { documents } from "../db/schema";
import { tooManyRequests } from "../lib/errors";

/**
 * Per-user ingestion limits, so one account cannot fill the shared queue (and the consumer's CPU)
 * that every tenant's documents go through: at most `maxInFlight` documents waiting or being
 * processed, and at most `maxBytesPerDay` of files ingested per UTC day — uploads, and files read
 * again by Reprocess or a new description alike (./admission.ts).
 */
export type IngestionLimits = { maxInFlight: number; maxBytesPerDay: number };

/** What the planner asked for: a refusal says how to ask again once there is room. */
export type IngestionReason = "upload" | "reprocess" | "description";

const AGAIN: Record<IngestionReason, string> = {
  upload: "upload this one again",
  reprocess: "use Reprocess again",
  description: "save the description again",
};

const PAST_TODAY: Record<IngestionReason, string> = {
  upload: "This upload would take you past",
  reprocess: "Processing this document again would take you past",
  description: "A new description means reading the file again, which would take you past",
};

const MB = 1024 * 1024;
const mb = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;

/** The UTC day an upload counts against, as its RateLimit key (the table every isolate shares). */
export function dailyBytesKey(userId: string, now: number): string {
  return `documents:bytes:${userId}:${new Date(now).toISOString().slice(0, 10)}`;
}

/** Documents of the user not yet ready or failed: queued, processing, or never picked up. */
async function documentsInFlight(db: Database, userId: string): Promise<number> {
  const row = await db
    .select({ n: count() })
    .from(documents)
    .where(
      and(
        eq(documents.userId, userId),
        eq(documents.processed, false),
        sql`coalesce(json_extract(${documents.structuredContent}, '$.ingest.status'), 'queued') IN ('queued', 'processing')`,
      ),
    )
    .get();
  return row?.n ?? 0;
}

/** 429 when the user already has `maxInFlight` documents in the pipeline. An upload checks it before its body is read. */
export async function assertIngestionSlot(db: Database, userId: string, limits: IngestionLimits, reason: IngestionReason = "upload"): Promise<void> {
  const inFlight = await documentsInFlight(db, userId);
  if (inFlight >= limits.maxInFlight) {
    throw tooManyRequests(
      `You have ${inFlight} documents waiting to be processed, the most one person can have at once. Wait until some show Ready, then ${AGAIN[reason]}.`,
      "upload_limit",
      { limit: "in_flight", max: limits.maxInFlight },
    );
  }
}

/**
 * Counts `bytes` against today's allowance before the file is stored or queued again, in one
 * statement (two requests at once cannot both slip under the limit); over it, the count is taken
 * back and 429 says when the allowance renews. Deleting a document does not give its bytes back:
 * the work was done.
 */
export async function reserveDailyBytes(
  d1: D1Database,
  userId: string,
  bytes: number,
  limits: IngestionLimits,
  now: number,
  reason: IngestionReason = "upload",
): Promise<() => Promise<void>> {
  const key = dailyBytesKey(userId, now);
  const row = await d1
    .prepare(
      `INSERT INTO "RateLimit" ("id", "key", "count", "lastRequest") VALUES (?1, ?2, ?3, ?4)
       ON CONFLICT ("key") DO UPDATE SET "count" = "count" + ?3, "lastRequest" = ?4
       RETURNING "count"`,
    )
    .bind(crypto.randomUUID(), key, bytes, now)
    .first<{ count: number }>();
  const release = async () => {
    await d1.prepare('UPDATE "RateLimit" SET "count" = MAX("count" - ?2, 0) WHERE "key" = ?1').bind(key, bytes).run();
  };
  const total = row?.count ?? bytes;
  if (total > limits.maxBytesPerDay) {
    await release();
    const used = total - bytes;
    throw tooManyRequests(
      `${PAST_TODAY[reason]} today's limit of ${mb(limits.maxBytesPerDay)} (${mb(used)} processed so far). Try again after 00:00 UTC${reason === "upload" ? ", or upload a smaller file" : ""}.`,
      "upload_limit",
      { limit: "bytes_per_day", max: limits.maxBytesPerDay, used },
    );
  }
  return release;
}
