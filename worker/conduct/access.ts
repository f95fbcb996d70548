import { and, eq, isNull } from "drizzle-orm";
import type { AppContext, UserContext } from "../context";
import { conductSessions, conductTokens, type ConductSession, type ConductToken } from "../db/schema";
import { inCampaign, openExercise, personal, type ExerciseScope } from "../exercises/scope";
import { HttpError, notFound } from "../lib/errors";
import { SHARE_TOKEN_PATTERN } from "../share/tokens";
import { CONDUCT_MESSAGES } from "./model";

/**
 * Who may reach a conduct session (issue 15), the one rule every session route and page uses.
 * A session belongs to its exercise: whoever may open the exercise may watch the session and read
 * what it produced ("read"); whoever may change it may run it ("control"). The session's creator
 * keeps control even after the exercise is deleted or its client reassigned. Anyone else gets the
 * same 404 as for a session that does not exist.
 */

export type SessionAccess = "control" | "read";

/** Where a session's exercise lives: its campaign's, or the creator's own. */
export const sessionScope = (campaignId: string | null | undefined): ExerciseScope => (campaignId ? inCampaign(campaignId) : personal);

export async function findSession(ctx: UserContext, sessionId: string, need: SessionAccess): Promise<ConductSession & { access: SessionAccess }> {
  const [row] = await ctx.db.select().from(conductSessions).where(eq(conductSessions.id, sessionId)).limit(1);
  if (!row) throw notFound(CONDUCT_MESSAGES.sessionNotFound);
  if (row.userId === ctx.user.id) return { ...row, access: "control" };
  const access = await exerciseAccess(ctx, sessionScope(row.campaignId), row.exerciseId);
  if (!access || (need === "control" && access !== "control")) throw notFound(CONDUCT_MESSAGES.sessionNotFound);
  return { ...row, access };
}

/** What the caller may do with an exercise's sessions: run them (may change it), watch them (may open it), or nothing. */
export async function exerciseAccess(ctx: UserContext, scope: ExerciseScope, exerciseId: string): Promise<SessionAccess | null> {
  try {
    return (await openExercise(ctx, scope, exerciseId)).canWrite ? "control" : "read";
  } catch (e) {
    if (e instanceof HttpError && e.status === 404) return null;
    throw e;
  }
}

export type LinkWithSession = { link: ConductToken; session: ConductSession };

/**
 * A public link and its session, or 404 — the same answer for a malformed, unknown or revoked token,
 * so a guess learns nothing. `role` narrows what the link may do (a player link cannot observe).
 */
export async function findLink(ctx: AppContext, token: string, role?: ConductToken["role"]): Promise<LinkWithSession> {
  if (!SHARE_TOKEN_PATTERN.test(token)) throw notFound(CONDUCT_MESSAGES.linkNotFound);
  const [row] = await ctx.db
    .select({ link: conductTokens, session: conductSessions })
    .from(conductTokens)
    .innerJoin(conductSessions, eq(conductSessions.id, conductTokens.sessionId))
    .where(and(eq(conductTokens.token, token), isNull(conductTokens.revokedAt)))
    .limit(1);
  if (!row || (role && row.link.role !== role)) throw notFound(CONDUCT_MESSAGES.linkNotFound);
  return row;
}
