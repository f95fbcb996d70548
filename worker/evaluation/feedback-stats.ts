import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { FEEDBACK_STATEMENTS, feedbackContentSchema, type FeedbackContent } from "../../shared/db/conduct-shapes";
import { feedbackResponses } from "../db/schema";

/**
 * A session's participant feedback in aggregate, computed by D1 over every response (the Feedback
 * tab and the AAR both read it), and the bounded reads beside it: the latest responses to list,
 * and the sample of written feedback the AAR quotes. Nothing here reads a session's responses whole.
 */

export type StatementMean = { id: string; text: string; mean: number | null; count: number };

export type FeedbackAggregates = {
  /** Every response to the session. */
  total: number;
  /** Mean 1–5 per statement over the responses that rated it (two decimals), null when none did. */
  ratings: StatementMean[];
};

/** Distinct organisations named in the responses, at most this many (the AAR overview's list). */
const MAX_ORGANIZATIONS = 200;

const ratingPath = (id: string) => `$.ratings.${id}`;

export async function feedbackAggregates(db: Database, sessionId: string): Promise<FeedbackAggregates> {
  const columns: Record<string, ReturnType<typeof sql<number | null>>> = { total: sql<number>`count(*)` };
  for (const s of FEEDBACK_STATEMENTS) {
    const value = sql`json_extract(${feedbackResponses.content}, ${ratingPath(s.id)})`;
    columns[`${s.id}Mean`] = sql<number | null>`avg(${value})`;
    columns[`${s.id}Count`] = sql<number>`count(${value})`;
  }
  const [row] = await db.select(columns).from(feedbackResponses).where(eq(feedbackResponses.sessionId, sessionId));
  const read = (name: string) => (row?.[name] === null || row?.[name] === undefined ? null : Number(row[name]));
  return {
    total: read("total") ?? 0,
    ratings: FEEDBACK_STATEMENTS.map((s) => {
      const mean = read(`${s.id}Mean`);
      return { id: s.id, text: s.text, mean: mean === null ? null : Math.round(mean * 100) / 100, count: read(`${s.id}Count`) ?? 0 };
    }),
  };
}

export async function feedbackOrganizations(db: Database, sessionId: string): Promise<string[]> {
  const name = sql<string>`trim(json_extract(${feedbackResponses.content}, '$.organization'))`;
  const rows = await db
    .selectDistinct({ name })
    .from(feedbackResponses)
    .where(and(eq(feedbackResponses.sessionId, sessionId), sql`${name} <> ''`))
    .limit(MAX_ORGANIZATIONS);
  return rows.map((r) => r.name);
}

export type FeedbackRow = { id: string; createdAt: Date; content: FeedbackContent };

/** The `limit` most recent responses, newest first. */
export async function latestFeedback(db: Database, sessionId: string, limit: number): Promise<FeedbackRow[]> {
  return db
    .select({ id: feedbackResponses.id, createdAt: feedbackResponses.createdAt, content: feedbackResponses.content })
    .from(feedbackResponses)
    .where(eq(feedbackResponses.sessionId, sessionId))
    .orderBy(desc(feedbackResponses.createdAt), desc(feedbackResponses.id))
    .limit(limit);
}

/**
 * At most `size` responses that wrote something in Part I (strengths, improvements or a suggested
 * corrective action: what a finding can quote; ratings-only forms count in the aggregates), spread
 * evenly over the submission order: the k-th of `total` is taken when ⌊k·size/total⌋ steps up, which
 * picks exactly `size` rows. A burst of posts at any one moment cannot crowd out the rest.
 */
export async function feedbackSample(db: Database, sessionId: string, size: number): Promise<FeedbackRow[]> {
  const rows = await db.all<{ id: string; createdAt: number; content: string }>(sql`
    WITH written AS (
      SELECT "id", "createdAt", "content",
             row_number() OVER (ORDER BY "createdAt", "id") - 1 AS k,
             count(*) OVER () AS total
      FROM "FeedbackResponse"
      WHERE "sessionId" = ${sessionId}
        AND (json_array_length("content", '$.strengths') > 0
          OR json_array_length("content", '$.improvements') > 0
          OR trim(coalesce(json_extract("content", '$.correctiveActions'), '')) <> '')
    )
    SELECT "id", "createdAt", "content" FROM written
    WHERE total <= ${size} OR (k * ${size}) % total < ${size}
    ORDER BY k`);
  return rows.map((r) => ({ id: r.id, createdAt: new Date(r.createdAt), content: feedbackContentSchema.parse(JSON.parse(r.content)) }));
}
