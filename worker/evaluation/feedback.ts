import { and, eq } from "drizzle-orm";
import { announceSessionChange } from "../conduct/announce";
import { findLink, findSession } from "../conduct/access";
import { countFeedback } from "../conduct/mirror";
import type { AppContext, UserContext } from "../context";
import { FEEDBACK_STATEMENTS, feedbackContentSchema, type FeedbackContent } from "../../shared/db/conduct-shapes";
import { feedbackResponses } from "../db/schema";
import { nowMs } from "../lib/clock";
import { newId } from "../lib/ids";
import { assertFeedbackOpen, feedbackClosedMessage, feedbackFull, feedbackFullMessage, isFeedbackClosed, takeFeedbackSlot } from "./feedback-rules";
import { feedbackAggregates, latestFeedback } from "./feedback-stats";
import type { FeedbackInput } from "../../shared/evaluation/model";
import type { FeedbackFormView, FeedbackSummaryView } from "../../shared/evaluation/views";

/**
 * HSEEP participant feedback (issue 15): the public form behind a session's feedback link, and
 * the responses with their statement means for whoever may read the session. A link that is
 * unknown, revoked or not a feedback link (a player's, an evaluator's) is the same 404. The form's
 * bounds (closing, cap, rate limits) are in feedback-rules.ts.
 */

/** Responses the Feedback tab lists (newest first); its means and count cover every response. */
export const FEEDBACK_RESPONSES_LISTED = 100;

export async function getFeedbackForm(ctx: AppContext, token: string): Promise<FeedbackFormView> {
  const { session } = await findLink(ctx, token, "feedback");
  const base = { sessionName: session.name, exerciseName: session.plan.exerciseName };
  if (isFeedbackClosed(session.endedAt, nowMs(), ctx.config)) return { ...base, status: "closed", message: feedbackClosedMessage(ctx.config), statements: [] };
  if ((await countFeedback(ctx.db, session.id)) >= ctx.config.FEEDBACK_MAX_RESPONSES)
    return { ...base, status: "full", message: feedbackFullMessage(ctx.config), statements: [] };
  return { ...base, status: "open", message: null, statements: FEEDBACK_STATEMENTS.map((s) => ({ id: s.id, text: s.text })) };
}

/** Blank write-ins dropped, so "three strengths" means what was written. */
function tidy(content: FeedbackContent): FeedbackContent {
  const filled = (list: string[]) => list.map((s) => s.trim()).filter(Boolean);
  return { ...content, strengths: filled(content.strengths), improvements: filled(content.improvements) };
}

/**
 * One statement, so the count and the insert see the same table: D1 runs a statement alone, and
 * parallel posts can never take the session past its cap (not even by one). A clientKey already
 * stored inserts nothing either; the caller tells the two apart.
 */
const INSERT_UNDER_CAP = `INSERT INTO "FeedbackResponse" ("id", "sessionId", "tokenId", "clientKey", "content", "createdAt")
SELECT ?1, ?2, ?3, ?4, ?5, ?6 WHERE (SELECT count(*) FROM "FeedbackResponse" WHERE "sessionId" = ?2) < ?7
ON CONFLICT ("sessionId", "clientKey") DO NOTHING
RETURNING "id"`;

/**
 * Stores one response per clientKey: a double submit, or a retry after a lost answer, stores nothing
 * more. Closed form → 410; too many posts from the link or the client address → 429; full → 409.
 */
export async function submitFeedback(
  ctx: AppContext,
  token: string,
  input: FeedbackInput,
  client: { address: string | null },
): Promise<{ ok: true; duplicate: boolean }> {
  const { link, session } = await findLink(ctx, token, "feedback");
  const now = nowMs();
  assertFeedbackOpen(session.endedAt, now, ctx.config);
  await takeFeedbackSlot(ctx.env.DB, ctx.config, { linkId: link.id, address: client.address }, now);
  const content = JSON.stringify(feedbackContentSchema.parse(tidy(input.content)));
  const inserted = await ctx.env.DB.prepare(INSERT_UNDER_CAP)
    .bind(newId(), session.id, link.id, input.clientKey, content, now, ctx.config.FEEDBACK_MAX_RESPONSES)
    .first<{ id: string }>();
  if (inserted) {
    await announceSessionChange(ctx, session.id, "controller");
    return { ok: true, duplicate: false };
  }
  const [stored] = await ctx.db
    .select({ id: feedbackResponses.id })
    .from(feedbackResponses)
    .where(and(eq(feedbackResponses.sessionId, session.id), eq(feedbackResponses.clientKey, input.clientKey)))
    .limit(1);
  if (stored) return { ok: true, duplicate: true };
  throw feedbackFull(ctx.config);
}

/** The means and count over every response (D1 aggregates), and the latest responses to read. */
export async function getFeedbackSummary(ctx: UserContext, sessionId: string): Promise<FeedbackSummaryView> {
  const session = await findSession(ctx, sessionId, "read");
  const [aggregates, latest] = await Promise.all([feedbackAggregates(ctx.db, session.id), latestFeedback(ctx.db, session.id, FEEDBACK_RESPONSES_LISTED)]);
  return {
    total: aggregates.total,
    responses: latest.map((row) => ({ id: row.id, createdAt: row.createdAt.toISOString(), content: row.content })),
    ratings: aggregates.ratings,
  };
}
