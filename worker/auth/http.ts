import { parseConfig, type Env } from "../env";
import { appContext } from "../context";
import { accessChanged } from "../lib/access-changes";
import { nowMs } from "../lib/clock";
import { ACCOUNT_LOCKED_MESSAGE, clearFailures, countAttempt, mfaKey, signInKey, uncountAttempt, type ThrottleKey } from "./account-throttle";
import { AUTH_BASE_PATH, authSecret, getAuth, SIGN_IN_RATE_LIMIT, twoFactorCookieName } from "./auth";
import { isAllowedAuthEndpoint, withoutTokens } from "./endpoints";
import { safeCallbackUrl } from "./guard";
import { enforceSessionTimeouts, readSignedCookie } from "./session";

const MFA_VERIFY = /^\/two-factor\/verify-(totp|otp|backup-code)$/;
/** Endpoints that end sessions: what rode on them (conduct sockets) is re-checked after (worker/lib/access-changes.ts). */
const ENDS_SESSIONS = new Set(["/sign-out", "/revoke-other-sessions", "/change-password", "/reset-password"]);

/**
 * The HTTP entry for /api/auth/* (API clients and, through callAuth, the pages): only the endpoints
 * the product uses reach better-auth; idle and expired sessions are ended first; failed password
 * and second-factor attempts are counted per account; session tokens never appear in a JSON body;
 * rate-limit answers get the API's `{message, code}` shape.
 */
export async function handleAuthRequest(env: Env, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.slice(AUTH_BASE_PATH.length);
  const config = parseConfig(env);
  // Sign-in library conventions named in spec §2: the old sign-in entry point forwards to /login
  // (keeping a same-site callbackUrl), OAuth errors land on /login, and client-side error logging
  // is accepted and dropped.
  if (path === "/signin") {
    const callbackUrl = safeCallbackUrl(url.searchParams.get("callbackUrl"), config.APP_URL, "");
    return redirect(callbackUrl ? `/login?callbackUrl=${encodeURIComponent(callbackUrl)}` : "/login");
  }
  if (path === "/error") {
    const code = (url.searchParams.get("error") ?? "").replace(/[^a-z0-9_]/gi, "").slice(0, 64);
    return redirect(code ? `/login?error=${code}` : "/login");
  }
  if (path === "/_log" && request.method === "POST") return new Response(null, { status: 204 });
  if (!isAllowedAuthEndpoint(request.method, path)) {
    return Response.json({ message: `No API route for ${request.method} ${url.pathname}.`, code: "not_found" }, { status: 404 });
  }

  const body = request.method === "POST" ? await bodyOf(request) : {};
  // An ID token posted by a script signs in without the provider's redirect, and so without the
  // second-factor step the callback adds (better-auth's idToken sign-in is also off per provider).
  if (path === "/sign-in/social" && body.idToken !== undefined) {
    return Response.json(
      { message: "Signing in with an ID token is not supported. Use the provider's button on the sign-in page.", code: "id_token_sign_in_disabled" },
      { status: 400 },
    );
  }

  // better-auth checks expiry but knows nothing of the 12-hour idle limit: end such a session here,
  // so /change-password, /two-factor/* and /get-session refuse it exactly as the pages do.
  const signedIn = await enforceSessionTimeouts(env, request.headers);

  const throttleKey = await throttleKeyOf(env, request, path, body);
  if (throttleKey) {
    const wait = await countAttempt(env.DB, throttleKey, nowMs());
    if (wait > 0) return Response.json({ message: ACCOUNT_LOCKED_MESSAGE, code: "account_locked" }, { status: 429, headers: { "retry-after": String(wait) } });
  }
  const resetUserId = path === "/reset-password" ? await resetTokenOwner(env, body) : null;

  const res = await getAuth(env).handler(request);

  if (throttleKey) {
    // A wrong password or code (401) stays counted; success forgets the failures; anything else
    // (a malformed request, an unconfirmed address) was no guess and is taken back.
    if (res.ok) await clearFailures(env.DB, throttleKey);
    else if (res.status !== 401) await uncountAttempt(env.DB, throttleKey);
  }
  // A reset link reached its owner's mailbox: that proves the address as a verification link would.
  if (resetUserId && res.ok) {
    await env.DB.prepare('UPDATE "User" SET "emailVerified" = 1 WHERE "id" = ?').bind(resetUserId).run();
  }
  if (res.ok && ENDS_SESSIONS.has(path)) await accessChanged(appContext(env), [signedIn?.user.id, resetUserId]);
  // Only the per-address rate limiter's answer (it sets X-Retry-After) is reworded; the two-factor
  // plugin's own 429 (its lockout) already says what happened and passes through.
  if (res.status === 429 && res.headers.has("x-retry-after")) {
    return Response.json(
      { message: "Too many sign-in attempts. Wait a minute and try again.", code: "rate_limited" },
      { status: 429, headers: { "retry-after": res.headers.get("x-retry-after") ?? String(SIGN_IN_RATE_LIMIT.window) } },
    );
  }
  return stripTokens(res);
}

function redirect(location: string): Response {
  return new Response(null, { status: 302, headers: { location } });
}

/**
 * The request's fields, read from a copy: better-auth accepts JSON and HTML-form bodies alike, so
 * the throttle must read both, or a form-encoded sign-in would skip the per-account count.
 */
async function bodyOf(request: Request): Promise<Record<string, unknown>> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  try {
    if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
      return Object.fromEntries(await request.clone().formData());
    }
    const body = await request.clone().json();
    return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Whose attempts this request spends: the e-mail typed at sign-in, or the user of a pending second-factor challenge. */
async function throttleKeyOf(env: Env, request: Request, path: string, body: Record<string, unknown>): Promise<ThrottleKey | null> {
  if (request.method !== "POST") return null;
  if (path === "/sign-in/email") {
    const { email } = body;
    return typeof email === "string" && email ? signInKey(email) : null;
  }
  if (!MFA_VERIFY.test(path)) return null;
  const config = parseConfig(env);
  const identifier = await readSignedCookie(request.headers.get("cookie"), authSecret(config), twoFactorCookieName(config));
  if (!identifier) return null;
  const row = await env.DB.prepare('SELECT "value" FROM "Verification" WHERE "identifier" = ?').bind(identifier).first<{ value: string }>();
  return row ? mfaKey(row.value) : null;
}

async function resetTokenOwner(env: Env, body: Record<string, unknown>): Promise<string | null> {
  const { token } = body;
  if (typeof token !== "string" || !token) return null;
  const row = await env.DB.prepare('SELECT "value" FROM "Verification" WHERE "identifier" = ?').bind(`reset-password:${token}`).first<{ value: string }>();
  return row?.value ?? null;
}

async function stripTokens(res: Response): Promise<Response> {
  if (!(res.headers.get("content-type") ?? "").includes("application/json")) return res;
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return new Response(text, res);
  }
  const headers = new Headers(res.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(withoutTokens(body)), { status: res.status, statusText: res.statusText, headers });
}
