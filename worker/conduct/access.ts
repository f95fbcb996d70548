import { and, eq, isNull } from "drizzle-orm";
import type { AppContext, UserContext } from "../context";
import { canAccessCampaign } from "../accounts/collaborate";
import { mayOpen } from "../clients/access";
import { campaignExercises, conductSessions, conductTokens, exercises, type ConductSession, type ConductToken } from "../db/schema";
import { inCampaign, openExercise, personal, type ExerciseScope } from "../exercises/scope";
import { HttpError, notFound } from "../lib/errors";
import { SHARE_TOKEN_PATTERN } from "../share/tokens";
import { CONDUCT_MESSAGES } from "../../shared/conduct/model";

/**
 * Who may reach a conduct session (issue 15), the one rule every session route, page and socket
 * uses, decided afresh at every call (issue 27): a session belongs to its exercise, so whoever may
 * open the exercise now may watch the session and read what it produced ("read"), and whoever may
 * change it now may run it ("control"). Creating the session grants nothing lasting: a creator
 * removed from the team, demoted or taken off the client gets the same 404 as anyone else, as for a
 * session that does not exist. Once the exercise is deleted, the same rule is applied to what the
 * session recorded of it (its author, client and campaign), so the reports stay readable.
 */

export type SessionAccess = "control" | "read";

/** Where a session's exercise lives: its campaign's, or the creator's own. */
export const sessionScope = (campaignId: string | null | undefined): ExerciseScope => (campaignId ? inCampaign(campaignId) : personal);

export async function findSession(ctx: UserContext, sessionId: string, need: SessionAccess): Promise<ConductSession & { access: SessionAccess }> {
  const [row] = await ctx.db.select().from(conductSessions).where(eq(conductSessions.id, sessionId)).limit(1);
  const access = row ? await sessionAccess(ctx, row) : null;
  if (!row || !access || (need === "control" && access !== "control")) throw notFound(CONDUCT_MESSAGES.sessionNotFound);
  return { ...row, access };
}

/** The caller's access to a session now, or null (see the rule above). */
export async function sessionAccess(
  ctx: UserContext,
  row: Pick<ConductSession, "userId" | "exerciseId" | "campaignId" | "clientId">,
): Promise<SessionAccess | null> {
  const scope = sessionScope(row.campaignId);
  const access = await exerciseAccess(ctx, scope, row.exerciseId);
  if (access || (await exerciseExists(ctx, scope, row.exerciseId))) return access;
  if (scope.kind === "campaign") return (await canAccessCampaign(ctx, scope.campaignId)) ? "control" : null;
  const item = { userId: row.userId, clientIds: row.clientId ? [row.clientId] : [] };
  if (await mayOpen(ctx, item, "write")) return "control";
  return (await mayOpen(ctx, item, "read")) ? "read" : null;
}

/** Whether the exercise is still there (for anyone): only then does its own rule decide. */
async function exerciseExists(ctx: UserContext, scope: ExerciseScope, exerciseId: string): Promise<boolean> {
  const [row] =
    scope.kind === "campaign"
      ? await ctx.db.select({ id: campaignExercises.id }).from(campaignExercises).where(eq(campaignExercises.id, exerciseId)).limit(1)
      : await ctx.db.select({ id: exercises.id }).from(exercises).where(eq(exercises.id, exerciseId)).limit(1);
  return Boolean(row);
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
