import { parseConfig, type Env } from "../env";
import { authSecret, SESSION_EXPIRES_IN_SECONDS, sessionCookieName } from "./auth";
import { nowMs } from "../lib/clock";

/** A session not used for this long ends (ASVS 3.3.2: idle timeout for a level-2 application). */
export const SESSION_IDLE_TIMEOUT_MS = 12 * 60 * 60_000;
/** How often use is written back: at most one UPDATE per session per five minutes of activity. */
const SESSION_TOUCH_INTERVAL_MS = 5 * 60_000;

/** Past its absolute end (30 days from sign-in, whatever `expires` says) or unused for 12 hours. Times in epoch ms. */
export function sessionEnded(session: { expires: number; createdAt: number; lastUsedAt: number }, now: number): boolean {
  return session.expires <= now || now - session.createdAt >= SESSION_EXPIRES_IN_SECONDS * 1000 || now - session.lastUsedAt > SESSION_IDLE_TIMEOUT_MS;
}

/** The signed-in user as every feature sees it (contracts.md). */
export type SessionUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: "admin" | "basic";
  onboarded: boolean;
  twoFactorEnabled: boolean;
  mfaType: "EMAIL" | "TOTP" | null;
};

/** A User row (columns as D1 returns them) as the SessionUser every feature sees. */
export function toSessionUser(row: {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: string;
  onboarded: number;
  twoFactorEnabled: number;
  mfaType: string | null;
}): SessionUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName ?? "",
    lastName: row.lastName ?? "",
    role: row.role === "admin" ? "admin" : "basic",
    onboarded: Boolean(row.onboarded),
    twoFactorEnabled: Boolean(row.twoFactorEnabled),
    mfaType: row.mfaType === "EMAIL" || row.mfaType === "TOTP" ? row.mfaType : null,
  };
}

export type SessionInfo = { user: SessionUser; session: { id: string; expiresAt: Date } };

type Row = {
  sessionId: string;
  expires: number;
  sessionCreatedAt: number;
  sessionUpdatedAt: number;
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  onboarded: number;
  twoFactorEnabled: number;
  mfaType: string | null;
  disabledAt: number | null;
};

const SESSION_QUERY = `SELECT s."id" AS sessionId, s."expires" AS expires, s."createdAt" AS sessionCreatedAt, s."updatedAt" AS sessionUpdatedAt,
  u."id" AS id, u."email" AS email, u."firstName" AS firstName, u."lastName" AS lastName, u."role" AS role,
  u."onboarded" AS onboarded, u."twoFactorEnabled" AS twoFactorEnabled, u."mfaType" AS mfaType, u."disabledAt" AS disabledAt
  FROM "Session" s JOIN "User" u ON u."id" = s."userId" WHERE s."sessionToken" = ?1 LIMIT 1`;

const keys = new Map<string, Promise<CryptoKey>>();
function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
    keys.set(secret, key);
  }
  return key;
}

/**
 * One cookie's value as better-auth reads it: RFC 6265 allows a value in double quotes, and
 * better-auth (better-call's parseCookies) strips them, so we must too — otherwise a quoted cookie would be honoured by
 * better-auth yet invisible to the idle-timeout and second-factor throttle that read it here.
 */
function readCookie(header: string, name: string): string | null {
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === name) {
      const value = part.slice(i + 1).trim();
      // Exactly better-call's rule (first cookie of the name wins; a leading quote drops the first and last character).
      return value.startsWith('"') ? value.slice(1, -1) : value;
    }
  }
  return null;
}

/**
 * The value of one of better-auth's signed cookies (`value.base64(HMAC-SHA256)`), or null when the
 * cookie is absent or its signature does not match our secret. Only the cookie called `cookieName`
 * is read (e.g. sessionCookieName: `__Secure-` on https, the plain name on local http), never another.
 */
export async function readSignedCookie(cookieHeader: string | null, secret: string, cookieName: string): Promise<string | null> {
  if (!cookieHeader) return null;
  const raw = readCookie(cookieHeader, cookieName);
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  if (dot < 1) return null;
  const token = value.slice(0, dot);
  const signature = value.slice(dot + 1);
  if (signature.length !== 44) return null;
  let sig: Uint8Array<ArrayBuffer>;
  try {
    sig = Uint8Array.from(atob(signature), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
  const ok = await crypto.subtle.verify("HMAC", await hmacKey(secret), sig, new TextEncoder().encode(token));
  return ok ? token : null;
}

/** The session token from the session cookie (see readSignedCookie). */
function readSessionToken(cookieHeader: string | null, secret: string, cookieName: string): Promise<string | null> {
  return readSignedCookie(cookieHeader, secret, cookieName);
}

/**
 * Reads the session cookie from request headers; null when signed out, expired, idle, revoked or
 * disabled.
 *
 * This runs on every API call and page, so it is one indexed D1 query (session joined to user)
 * instead of better-auth's full getSession. better-auth creates and revokes sessions and fixes their
 * absolute end at creation (`expires` = sign-in + 30 days, never extended: session refresh is off);
 * the idle limit is kept here, by `updatedAt` as the time of last use.
 */
export async function getSession(env: Env, headers: Headers): Promise<SessionInfo | null> {
  const config = parseConfig(env);
  const token = await readSessionToken(headers.get("cookie"), authSecret(config), sessionCookieName(config));
  if (!token) return null;
  return sessionOf(env, await env.DB.prepare(SESSION_QUERY).bind(token).first<Row>());
}

/** Reads that ride along with the session's own (see getSessionWith). */
export type SessionReads<T> = {
  /** Statements answering for the session of `token` (e.g. finding its user by a subquery on "Session"). */
  statements(env: Env, token: string): D1PreparedStatement[];
  map(env: Env, results: D1Result[]): T;
};

/**
 * getSession, with `reads` for the same user in the same D1 round trip (issue 10: a page learns who
 * is asking and where they stand at once, instead of one trip after the other). The reads' answers
 * are handed back only with a session that is valid; for any other they are dropped unread.
 */
export async function getSessionWith<T>(env: Env, headers: Headers, reads: SessionReads<T>): Promise<{ session: SessionInfo; reads: T } | null> {
  const config = parseConfig(env);
  const token = await readSessionToken(headers.get("cookie"), authSecret(config), sessionCookieName(config));
  if (!token) return null;
  const [first, ...rest] = await env.DB.batch([env.DB.prepare(SESSION_QUERY).bind(token), ...reads.statements(env, token)]);
  const session = await sessionOf(env, (first?.results[0] as Row | undefined) ?? null);
  return session ? { session, reads: reads.map(env, rest) } : null;
}

/** The session of a row read by SESSION_QUERY: null when there is none or it may not be used (then it is ended). */
async function sessionOf(env: Env, row: Row | null): Promise<SessionInfo | null> {
  if (!row || row.disabledAt) return null;
  const now = nowMs();
  if (sessionEnded({ expires: row.expires, createdAt: row.sessionCreatedAt, lastUsedAt: row.sessionUpdatedAt }, now)) {
    // Deleted rather than only refused, so better-auth's own endpoints refuse it too.
    await env.DB.prepare('DELETE FROM "Session" WHERE "id" = ?').bind(row.sessionId).run();
    return null;
  }
  if (now - row.sessionUpdatedAt > SESSION_TOUCH_INTERVAL_MS) {
    await env.DB.prepare('UPDATE "Session" SET "updatedAt" = ? WHERE "id" = ?').bind(now, row.sessionId).run();
  }
  return { user: toSessionUser(row), session: { id: row.sessionId, expiresAt: new Date(row.expires) } };
}

/**
 * Whether a session the user signed in with may still be used: not signed out or revoked (its row
 * is gone), not ended, and its user not disabled. For connections that outlive the request that
 * opened them (conduct sockets, worker/conduct/recheck.ts); it never extends or ends the session.
 */
export async function sessionActive(env: Env, sessionId: string, userId: string): Promise<boolean> {
  const row = await env.DB.prepare(
    `SELECT s."expires" AS expires, s."createdAt" AS createdAt, s."updatedAt" AS lastUsedAt, u."disabledAt" AS disabledAt
     FROM "Session" s JOIN "User" u ON u."id" = s."userId" WHERE s."id" = ?1 AND s."userId" = ?2`,
  )
    .bind(sessionId, userId)
    .first<{ expires: number; createdAt: number; lastUsedAt: number; disabledAt: number | null }>();
  return Boolean(row && !row.disabledAt && !sessionEnded(row, nowMs()));
}

/** Ends the request's session if it is expired or idle (for /api/auth/*, which better-auth serves); the session otherwise. */
export function enforceSessionTimeouts(env: Env, headers: Headers): Promise<SessionInfo | null> {
  return getSession(env, headers);
}
