import { SESSION_IDLE_TIMEOUT_MS } from "../auth/session";
import type { AppContext } from "../context";

export const OUTBOX_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
/** Counters (sign-in limits, per-account throttles, daily upload bytes) matter for a day at most. */
export const RATE_LIMIT_RETENTION_MS = 2 * 24 * 60 * 60 * 1000;

/**
 * Daily clean-up of rows that only grow: local outbox mail older than 30 days, expired
 * verification values (reset tokens, e-mail codes), sessions that expired or went idle, and rate-limit
 * counters untouched for two days. One atomic batch, and safe to repeat: a second run finds nothing
 * to delete.
 */
export async function housekeeping(ctx: AppContext, scheduledTime: number): Promise<string> {
  const { env } = ctx;
  const [outbox, verifications, sessions, counters] = await env.DB.batch([
    env.DB.prepare('DELETE FROM "EmailOutbox" WHERE "createdAt" < ?').bind(scheduledTime - OUTBOX_RETENTION_MS),
    env.DB.prepare('DELETE FROM "Verification" WHERE "expiresAt" < ?').bind(scheduledTime),
    env.DB.prepare('DELETE FROM "Session" WHERE "expires" < ? OR "updatedAt" < ?').bind(scheduledTime, scheduledTime - SESSION_IDLE_TIMEOUT_MS),
    env.DB.prepare('DELETE FROM "RateLimit" WHERE "lastRequest" < ?').bind(scheduledTime - RATE_LIMIT_RETENTION_MS),
  ]);
  const changes = (r: D1Result | undefined) => r?.meta.changes ?? 0;
  return `deleted ${changes(outbox)} outbox mails, ${changes(verifications)} verifications, ${changes(sessions)} sessions, ${changes(counters)} rate-limit counters`;
}
