import { sql, type SQL } from "drizzle-orm";
import type { AppContext } from "../context";
import { HttpError, tooManyRequests } from "../lib/errors";

/**
 * How many invitation e-mails one person may send: INVITATIONS_MAX_PER_DAY in any 24 hours, team
 * invitations (worker/teams/invitations.ts) and campaign invitations
 * (worker/collaborate/invitations.ts), first sends and resends together, so nobody can use
 * Readyroom to mail strangers in bulk. Every send already writes an audit row, in the batch that
 * makes its link; those rows are the count (no counter of its own to drift), and the statement
 * that makes the link checks the count again, so sends at once cannot slip past the limit.
 */

const INVITATION_SEND_ACTIONS = ["team.invitation_sent", "team.invitation_resent", "campaign.contributor_invited", "campaign.invitation_resent"] as const;

const WINDOW_MS = 24 * 60 * 60 * 1000;

const sendsOf = (actorId: string, now: number) =>
  sql`FROM "AuditLog" WHERE "actorId" = ${actorId} AND "createdAt" > ${now - WINDOW_MS} AND "action" IN (${sql.join(
    INVITATION_SEND_ACTIONS.map((a) => sql`${a}`),
    sql`, `,
  )})`;

/** For the WHERE of the statement that makes the link: the inviter is still under the limit. */
export function underInvitationLimit(ctx: Pick<AppContext, "config">, actorId: string, now: number): SQL {
  return sql`(SELECT count(*) ${sendsOf(actorId, now)}) < ${ctx.config.INVITATIONS_MAX_PER_DAY}`;
}

/** The refusal, saying when the oldest counted send leaves the 24 hours and so when the next may go. */
export function invitationLimitError(limit: number, oldestSend: number, now: number): HttpError {
  const retryAt = oldestSend + WINDOW_MS;
  const minutes = Math.max(1, Math.ceil((retryAt - now) / 60_000));
  const wait =
    minutes < 60 ? `in ${minutes} minute${minutes === 1 ? "" : "s"}` : `in about ${Math.round(minutes / 60)} hour${Math.round(minutes / 60) === 1 ? "" : "s"}`;
  const at = new Date(retryAt).toISOString().slice(11, 16);
  return tooManyRequests(
    `You have sent ${limit} invitation e-mails in the last 24 hours, the most one person can send in a day. You can send the next one after ${at} UTC (${wait}).`,
    "invitation_limit",
    { limit, retryAt: new Date(retryAt).toISOString(), retryAfterSeconds: Math.ceil((retryAt - now) / 1000) },
  );
}

/** 429 when the inviter has used up the limit: checked before a link is made, for the message. */
export async function assertInvitationAllowance(ctx: Pick<AppContext, "config" | "db">, actorId: string, now: number): Promise<void> {
  const limit = ctx.config.INVITATIONS_MAX_PER_DAY;
  const row = await ctx.db.get<{ n: number; oldest: number | null }>(sql`SELECT count(*) AS "n", min("createdAt") AS "oldest" ${sendsOf(actorId, now)}`);
  const sent = Number(row?.n ?? 0);
  if (sent < limit) return;
  // Over the limit (it was lowered): the next send may go once enough of the oldest have left the window.
  const leaving =
    sent === limit
      ? row?.oldest
      : (await ctx.db.get<{ at: number }>(sql`SELECT "createdAt" AS "at" ${sendsOf(actorId, now)} ORDER BY "createdAt" LIMIT 1 OFFSET ${sent - limit}`))?.at;
  throw invitationLimitError(limit, Number(leaving ?? now), now);
}
