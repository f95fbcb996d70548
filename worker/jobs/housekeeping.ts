import type { Env } from "../env";

export const OUTBOX_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Daily clean-up of rows that only grow: local outbox mail older than 30 days, expired
 * verification values (reset tokens, e-mail codes) and expired sessions. One atomic batch, and
 * safe to repeat: a second run finds nothing to delete.
 */
export async function housekeeping(env: Env, scheduledTime: number): Promise<string> {
  const [outbox, verifications, sessions] = await env.DB.batch([
    env.DB.prepare('DELETE FROM "EmailOutbox" WHERE "createdAt" < ?').bind(scheduledTime - OUTBOX_RETENTION_MS),
    env.DB.prepare('DELETE FROM "Verification" WHERE "expiresAt" < ?').bind(scheduledTime),
    env.DB.prepare('DELETE FROM "Session" WHERE "expires" < ?').bind(scheduledTime),
  ]);
  return `deleted ${outbox.meta.changes} outbox mails, ${verifications.meta.changes} verifications, ${sessions.meta.changes} sessions`;
}
