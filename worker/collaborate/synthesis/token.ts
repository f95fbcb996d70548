import { authSecret } from "../../auth/auth";
import { toSessionUser, type SessionUser } from "../../auth/session";
import type { AppContext } from "../../context";
import { nowMs } from "../../lib/clock";

/**
 * Bearer tokens of the synthesis API's direct mode (spec §7: "a fixed hosted address with a bearer
 * header when a direct-mode environment flag is true"). The browser cannot send its session cookie
 * to another address, so it asks GET /api/synthesis/token for a short-lived token naming its user:
 * `<userId in base64url>.<expiry ms>.<HMAC-SHA256 over both with the auth secret, base64url>`.
 */
const SYNTHESIS_TOKEN_TTL_MS = 10 * 60 * 1000;

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function key(secret: string): Promise<CryptoKey> {
  let k = keys.get(secret);
  if (!k) {
    k = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    keys.set(secret, k);
  }
  return k;
}

const b64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/(?<!=)=+$/, "");
function fromB64url(text: string): Uint8Array<ArrayBuffer> | null {
  try {
    return Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

// A purpose prefix, so a signature made here can never pass for any other HMAC the secret signs.
const signed = (userId: string, expiresAt: number) => encoder.encode(`synthesis-token:${userId}:${expiresAt}`);

export async function mintSynthesisToken(ctx: AppContext, userId: string): Promise<{ token: string; expiresAt: string }> {
  const expiresAt = nowMs() + SYNTHESIS_TOKEN_TTL_MS;
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", await key(authSecret(ctx.config)), signed(userId, expiresAt)));
  return { token: `${b64url(encoder.encode(userId))}.${expiresAt}.${b64url(signature)}`, expiresAt: new Date(expiresAt).toISOString() };
}

/** The user id a valid, unexpired token names; null for anything else. */
async function verifySynthesisToken(ctx: AppContext, token: string): Promise<string | null> {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [user, expiry, signature] = parts as [string, string, string];
  const expiresAt = Number(expiry);
  if (!/^\d{1,15}$/.test(expiry) || expiresAt <= nowMs()) return null;
  const userBytes = fromB64url(user);
  const sig = fromB64url(signature);
  if (!userBytes || !sig) return null;
  const userId = new TextDecoder().decode(userBytes);
  if (!userId) return null;
  // crypto.subtle.verify compares in constant time.
  const ok = await crypto.subtle.verify("HMAC", await key(authSecret(ctx.config)), sig, signed(userId, expiresAt));
  return ok ? userId : null;
}

/** The signed-in user a valid token names, as the session would give it; null when the token is not valid or the user is gone or disabled. */
export async function synthesisTokenUser(ctx: AppContext, token: string): Promise<SessionUser | null> {
  const userId = await verifySynthesisToken(ctx, token);
  if (!userId) return null;
  const row = await ctx.env.DB.prepare(
    `SELECT "id", "email", "firstName", "lastName", "role", "onboarded", "twoFactorEnabled", "mfaType", "disabledAt" FROM "User" WHERE "id" = ?`,
  )
    .bind(userId)
    .first<{
      id: string;
      email: string;
      firstName: string | null;
      lastName: string | null;
      role: string;
      onboarded: number;
      twoFactorEnabled: number;
      mfaType: string | null;
      disabledAt: number | null;
    }>();
  return row && !row.disabledAt ? toSessionUser(row) : null;
}
