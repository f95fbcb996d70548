import { parseConfig, type Env } from "../env";
import { nowMs } from "../lib/clock";
import { ACCOUNT_LOCKED_MESSAGE, clearFailures, lockedForSeconds, mfaKey, recordFailure, signInKey, type ThrottleKey } from "./account-throttle";
import { AUTH_BASE_PATH, authSecret, getAuth, SIGN_IN_RATE_LIMIT, twoFactorCookieName } from "./auth";
import { isAllowedAuthEndpoint, withoutTokens } from "./endpoints";
import { safeCallbackUrl } from "./guard";
import { enforceSessionTimeouts, readSignedCookie } from "./session";

const MFA_VERIFY = /^\/two-factor\/verify-(totp|otp|backup-code)$/;

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

  // better-auth checks expiry but knows nothing of the 12-hour idle limit: end such a session here,
  // so /change-password, /two-factor/* and /get-session refuse it exactly as the pages do.
  await enforceSessionTimeouts(env, request.headers);

  const throttleKey = await throttleKeyOf(env, request, path);
  if (throttleKey) {
    const wait = await lockedForSeconds(env.DB, throttleKey, nowMs());
    if (wait > 0) return Response.json({ message: ACCOUNT_LOCKED_MESSAGE, code: "account_locked" }, { status: 429, headers: { "retry-after": String(wait) } });
  }
  const resetUserId = path === "/reset-password" ? await resetTokenOwner(env, request) : null;

  const res = await getAuth(env).handler(request);

  if (throttleKey) {
    if (res.status === 401) await recordFailure(env.DB, throttleKey, nowMs());
    else if (res.ok) await clearFailures(env.DB, throttleKey);
  }
  // A reset link reached its owner's mailbox: that proves the address as a verification link would.
  if (resetUserId && res.ok) {
    await env.DB.prepare('UPDATE "User" SET "emailVerified" = 1 WHERE "id" = ?').bind(resetUserId).run();
  }
  if (res.status === 429) {
    const retryAfter = res.headers.get("x-retry-after") ?? String(SIGN_IN_RATE_LIMIT.window);
    return Response.json(
      { message: "Too many sign-in attempts. Wait a minute and try again.", code: "rate_limited" },
      { status: 429, headers: { "retry-after": retryAfter } },
    );
  }
  return stripTokens(res);
}

function redirect(location: string): Response {
  return new Response(null, { status: 302, headers: { location } });
}

async function bodyOf(request: Request): Promise<Record<string, unknown>> {
  try {
    const body = await request.clone().json();
    return body && typeof body === "object" ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Whose attempts this request spends: the e-mail typed at sign-in, or the user of a pending second-factor challenge. */
async function throttleKeyOf(env: Env, request: Request, path: string): Promise<ThrottleKey | null> {
  if (request.method !== "POST") return null;
  if (path === "/sign-in/email") {
    const { email } = await bodyOf(request);
    return typeof email === "string" && email ? signInKey(email) : null;
  }
  if (!MFA_VERIFY.test(path)) return null;
  const config = parseConfig(env);
  const identifier = await readSignedCookie(request.headers.get("cookie"), authSecret(config), twoFactorCookieName(config));
  if (!identifier) return null;
  const row = await env.DB.prepare('SELECT "value" FROM "Verification" WHERE "identifier" = ?').bind(identifier).first<{ value: string }>();
  return row ? mfaKey(row.value) : null;
}

async function resetTokenOwner(env: Env, request: Request): Promise<string | null> {
  const { token } = await bodyOf(request);
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
