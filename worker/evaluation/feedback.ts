import { asc, eq } from "drizzle-orm";
import { announceSessionChange } from "../conduct/announce";
import { findLink, findSession } from "../conduct/access";
import type { AppContext, UserContext } from "../context";
import { FEEDBACK_STATEMENTS, type FeedbackContent } from "../db/conduct-shapes";
import { feedbackResponses, type FeedbackResponse } from "../db/schema";
import { nowMs } from "../lib/clock";
import { newId } from "../lib/ids";
import type { FeedbackInput } from "./model";
import type { FeedbackFormView, FeedbackResponseView, FeedbackSummaryView } from "./views";

/**
 * HSEEP participant feedback (issue 15): the public form behind a session's feedback link, and
 * the responses with their statement means for whoever may read the session. A link that is
 * unknown, revoked or not a feedback link (a player's, an evaluator's) is the same 404.
 */

/** Responses read for a summary: far more than any exercise's participants. */
const MAX_RESPONSES = 2_000;

export async function getFeedbackForm(ctx: AppContext, token: string): Promise<FeedbackFormView> {
  const { session } = await findLink(ctx, token, "feedback");
  return {
    sessionName: session.name,
    exerciseName: session.plan.exerciseName,
    statements: FEEDBACK_STATEMENTS.map((s) => ({ id: s.id, text: s.text })),
  };
}

/** Blank write-ins dropped, so "three strengths" means what was written. */
function tidy(content: FeedbackContent): FeedbackContent {
  const filled = (list: string[]) => list.map((s) => s.trim()).filter(Boolean);
  return { ...content, strengths: filled(content.strengths), improvements: filled(content.improvements) };
}

/** Stores one response per clientKey: a double submit, or a retry after a lost answer, stores nothing more. */
export async function submitFeedback(ctx: AppContext, token: string, input: FeedbackInput): Promise<{ ok: true; duplicate: boolean }> {
  const { link, session } = await findLink(ctx, token, "feedback");
  const inserted = await ctx.db
    .insert(feedbackResponses)
    .values({ id: newId(), sessionId: session.id, tokenId: link.id, clientKey: input.clientKey, content: tidy(input.content), createdAt: new Date(nowMs()) })
    .onConflictDoNothing({ target: [feedbackResponses.sessionId, feedbackResponses.clientKey] })
    .returning({ id: feedbackResponses.id });
  if (inserted.length) await announceSessionChange(ctx, session.id, "controller");
  return { ok: true, duplicate: inserted.length === 0 };
}

const toView = (row: FeedbackResponse): FeedbackResponseView => ({ id: row.id, createdAt: row.createdAt.toISOString(), content: row.content });

/** Mean 1–5 per statement over the responses that rated it (two decimals), null when none did. */
export function statementMeans(contents: readonly FeedbackContent[]): FeedbackSummaryView["ratings"] {
  return FEEDBACK_STATEMENTS.map((s) => {
    const values = contents.map((c) => c.ratings[s.id]).filter((v): v is number => typeof v === "number");
    const mean = values.length ? Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100 : null;
    return { id: s.id, text: s.text, mean, count: values.length };
  });
}

export async function getFeedbackSummary(ctx: UserContext, sessionId: string): Promise<FeedbackSummaryView> {
  const session = await findSession(ctx, sessionId, "read");
  const rows = await ctx.db
    .select()
    .from(feedbackResponses)
    .where(eq(feedbackResponses.sessionId, session.id))
    .orderBy(asc(feedbackResponses.createdAt), asc(feedbackResponses.id))
    .limit(MAX_RESPONSES);
  return { responses: rows.map(toView), ratings: statementMeans(rows.map((r) => r.content)) };
}
