import { parseConfig, type Env } from "../env";
import { authSecret, getAuth, SESSION_UPDATE_AGE_SECONDS, sessionCookieName } from "./auth";
import { nowMs } from "../lib/clock";

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

export type SessionInfo = { user: SessionUser; session: { id: string; expiresAt: Date } };

type Row = {
  sessionId: string;
  expires: number;
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

const SESSION_QUERY = `SELECT s."id" AS sessionId, s."expires" AS expires, s."updatedAt" AS sessionUpdatedAt,
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

function readCookie(header: string, name: string): string | null {
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return null;
}

/**
 * The session token from better-auth's signed cookie (`token.base64(HMAC-SHA256)`), or null when the
 * cookie is absent or its signature does not match our secret. Only the cookie called `cookieName`
 * is read (sessionCookieName: `__Secure-` on https, the plain name on local http), never the other.
 */
export async function readSessionToken(cookieHeader: string | null, secret: string, cookieName: string): Promise<string | null> {
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

/**
 * Reads the session cookie from request headers; null when signed out, expired, revoked or disabled.
 *
 * This runs on every API call and page, so it is one indexed D1 query (session joined to user)
 * instead of better-auth's full getSession. Sessions are still created, refreshed and revoked only by
 * better-auth: when a session is due for its sliding refresh, better-auth's getSession does it.
 */
export async function getSession(env: Env, headers: Headers): Promise<SessionInfo | null> {
  const config = parseConfig(env);
  const token = await readSessionToken(headers.get("cookie"), authSecret(config), sessionCookieName(config));
  if (!token) return null;
  const row = await env.DB.prepare(SESSION_QUERY).bind(token).first<Row>();
  const now = nowMs();
  if (!row || row.expires <= now || row.disabledAt) return null;
  if (now - row.sessionUpdatedAt > SESSION_UPDATE_AGE_SECONDS * 1000) {
    // Extends the session's expiry in D1 (better-auth's sliding window).
    await getAuth(env).api.getSession({ headers });
  }
  return {
    user: {
      id: row.id,
      email: row.email,
      firstName: row.firstName ?? "",
      lastName: row.lastName ?? "",
      role: row.role === "admin" ? "admin" : "basic",
      onboarded: Boolean(row.onboarded),
      twoFactorEnabled: Boolean(row.twoFactorEnabled),
      mfaType: row.mfaType === "EMAIL" || row.mfaType === "TOTP" ? row.mfaType : null,
    },
    session: { id: row.sessionId, expiresAt: new Date(row.expires) },
  };
}
