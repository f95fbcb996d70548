import { SESSION_IDLE_TIMEOUT_MS } from "../auth/session";
import type { AppContext } from "../context";

const OUTBOX_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/** Counters (sign-in limits, per-account throttles, daily upload bytes) matter for a day at most. */
const RATE_LIMIT_RETENTION_MS = 2 * 24 * 60 * 60 * 1000;

/**
 * Daily clean-up of rows that only grow: local outbox mail older than 30 days, expired
 * verification values (reset tokens, e-mail codes), sessions that expired or went idle, and rate-limit
 * counters untouched for two days. Team invitations still PENDING whose link (the INVITATION
 * AuthToken of the same id) expired become EXPIRED: the token row stays, already past its expiry,
 * and with the status no longer PENDING it can never be accepted again, while its link keeps
 * showing the "expired" page. One atomic batch, and safe to repeat: a second run finds nothing to
 * delete or mark.
 */
export async function housekeeping(ctx: AppContext, scheduledTime: number): Promise<string> {
  const { env } = ctx;
  const [outbox, verifications, sessions, counters, invitations] = await env.DB.batch([
    env.DB.prepare('DELETE FROM "EmailOutbox" WHERE "createdAt" < ?').bind(scheduledTime - OUTBOX_RETENTION_MS),
    env.DB.prepare('DELETE FROM "Verification" WHERE "expiresAt" < ?').bind(scheduledTime),
    env.DB.prepare('DELETE FROM "Session" WHERE "expires" < ? OR "updatedAt" < ?').bind(scheduledTime, scheduledTime - SESSION_IDLE_TIMEOUT_MS),
    env.DB.prepare('DELETE FROM "RateLimit" WHERE "lastRequest" < ?').bind(scheduledTime - RATE_LIMIT_RETENTION_MS),
    // An invitation without its token row could never be accepted either; it expires too.
    env.DB.prepare(
      `UPDATE "TeamInvitation" SET "status" = 'EXPIRED', "updatedAt" = ?1 WHERE "status" = 'PENDING'
AND NOT EXISTS (SELECT 1 FROM "AuthToken" t WHERE t."id" = "TeamInvitation"."id" AND t."purpose" = 'INVITATION' AND t."expires" > ?1)`,
    ).bind(scheduledTime),
  ]);
  const changes = (r: D1Result | undefined) => r?.meta.changes ?? 0;
  return `deleted ${changes(outbox)} outbox mails, ${changes(verifications)} verifications, ${changes(sessions)} sessions, ${changes(counters)} rate-limit counters; expired ${changes(invitations)} invitations`;
}
