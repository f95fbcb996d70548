import { and, count, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { documents } from "../db/schema";
import { tooManyRequests } from "../lib/errors";

/**
 * Per-user ingestion limits, so one account cannot fill the shared queue (and the consumer's CPU)
 * that every tenant's documents go through: at most `maxInFlight` documents waiting or being
 * processed, and at most `maxBytesPerDay` uploaded per UTC day.
 */
export type IngestionLimits = { maxInFlight: number; maxBytesPerDay: number };

const MB = 1024 * 1024;
const mb = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10} MB`;

/** The UTC day an upload counts against, as its RateLimit key (the table every isolate shares). */
export function dailyBytesKey(userId: string, now: number): string {
  return `documents:bytes:${userId}:${new Date(now).toISOString().slice(0, 10)}`;
}

/** Documents of the user not yet ready or failed: queued, processing, or never picked up. */
export async function documentsInFlight(db: Database, userId: string): Promise<number> {
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

/** 429 when the user already has `maxInFlight` documents in the pipeline. Checked before the body is read. */
export async function assertIngestionSlot(db: Database, userId: string, limits: IngestionLimits): Promise<void> {
  const inFlight = await documentsInFlight(db, userId);
  if (inFlight >= limits.maxInFlight) {
    throw tooManyRequests(
      `You have ${inFlight} documents waiting to be processed, the most one person can have at once. Wait until some show Ready, then upload this one again.`,
      "upload_limit",
      { limit: "in_flight", max: limits.maxInFlight },
    );
  }
}

/**
 * Counts `bytes` against today's allowance before the file is stored, in one statement (two uploads
 * at once cannot both slip under the limit); over it, the count is taken back and 429 says when the
 * allowance renews. Deleting a document does not give its bytes back: the work was done.
 */
export async function reserveDailyBytes(d1: D1Database, userId: string, bytes: number, limits: IngestionLimits, now: number): Promise<() => Promise<void>> {
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
      `This upload would take you past today's limit of ${mb(limits.maxBytesPerDay)} (${mb(used)} uploaded so far). Try again after 00:00 UTC, or upload a smaller file.`,
      "upload_limit",
      { limit: "bytes_per_day", max: limits.maxBytesPerDay, used },
    );
  }
  return release;
}
