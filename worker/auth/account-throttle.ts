/**
 * Failed sign-in and second-factor attempts counted per account, on top of better-auth's per-address
 * limit: an attacker rotating addresses still gets at most MAX_FAILURES guesses per account per
 * window. Counts live in the RateLimit table (key/count/lastRequest, shared by every isolate) under
 * keys better-auth never uses (`account:…`). Unknown e-mail addresses are counted like real ones, so
 * the lockout answer says nothing about whether an address is registered.
 */

export const ACCOUNT_THROTTLE = { windowMs: 15 * 60_000, maxFailures: 10 } as const;

export const ACCOUNT_LOCKED_MESSAGE = "Too many failed attempts for this account. Wait 15 minutes and try again, or reset your password.";

export type ThrottleKey = `account:sign-in:${string}` | `account:mfa:${string}`;

export function signInKey(email: string): ThrottleKey {
  return `account:sign-in:${email.trim().toLowerCase()}`;
}

export function mfaKey(userId: string): ThrottleKey {
  return `account:mfa:${userId}`;
}

/**
 * Counts this attempt before it is checked, in one statement, and says how long the account must
 * wait (0: go ahead). Counting first closes the race where many parallel guesses all read "not
 * locked yet" before any failure is written. A window that has run out starts again at 1
 * (lastRequest holds the window's start).
 */
export async function countAttempt(db: D1Database, key: ThrottleKey, now: number): Promise<number> {
  const row = await db
    .prepare(
      `INSERT INTO "RateLimit" ("id", "key", "count", "lastRequest") VALUES (?1, ?2, 1, ?3)
       ON CONFLICT ("key") DO UPDATE SET
         "count" = CASE WHEN ?3 - "lastRequest" >= ?4 THEN 1 ELSE "count" + 1 END,
         "lastRequest" = CASE WHEN ?3 - "lastRequest" >= ?4 THEN ?3 ELSE "lastRequest" END
       RETURNING "count", "lastRequest"`,
    )
    .bind(crypto.randomUUID(), key, now, ACCOUNT_THROTTLE.windowMs)
    .first<{ count: number; lastRequest: number }>();
  if (!row || row.count <= ACCOUNT_THROTTLE.maxFailures) return 0;
  return Math.max(1, Math.ceil((row.lastRequest + ACCOUNT_THROTTLE.windowMs - now) / 1000));
}

/** The attempt was not a wrong guess (a malformed request, say): it does not count after all. */
export async function uncountAttempt(db: D1Database, key: ThrottleKey): Promise<void> {
  await db.prepare('UPDATE "RateLimit" SET "count" = MAX("count" - 1, 0) WHERE "key" = ?').bind(key).run();
}

/** A success forgets earlier failures, so a user who mistypes now and then is never locked out. */
export async function clearFailures(db: D1Database, key: ThrottleKey): Promise<void> {
  await db.prepare('DELETE FROM "RateLimit" WHERE "key" = ?').bind(key).run();
}
