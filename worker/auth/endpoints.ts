/**
 * The better-auth endpoints Readyroom uses, and nothing else. better-auth ships many more
 * (update-user, unlink-account, list-sessions, list-accounts, delete-user, change-email…); those
 * would bypass the product's own rules — the Account table is also the tenancy and billing record,
 * profile fields have limits, session tokens stay in HttpOnly cookies — so they answer 404.
 * Paths are relative to AUTH_BASE_PATH.
 */
const ALLOWED: ReadonlyArray<readonly [method: "GET" | "POST", path: RegExp]> = [
  // Sign-in, sign-up, sign-out (pages call these through callAuth).
  ["POST", /^\/sign-in\/email$/],
  ["POST", /^\/sign-up\/email$/],
  ["POST", /^\/sign-in\/social$/],
  ["POST", /^\/sign-out$/],
  // The provider sends the browser back here (POST for providers using response_mode=form_post);
  // the generic OIDC provider uses this path too (redirectURI …/callback/sso, test/auth/providers.test.ts).
  ["GET", /^\/callback\/[a-z0-9-]+$/],
  ["POST", /^\/callback\/[a-z0-9-]+$/],
  // Session read (spec §7 "GET session"); the token is removed from its answer.
  ["GET", /^\/get-session$/],
  // E-mail verification (the /verify-email page calls it; a new link is sent by signing in) and password reset.
  ["GET", /^\/verify-email$/],
  ["POST", /^\/request-password-reset$/],
  ["POST", /^\/reset-password$/],
  // /account/security.
  ["POST", /^\/change-password$/],
  ["POST", /^\/revoke-other-sessions$/],
  ["POST", /^\/two-factor\/(enable|disable|generate-backup-codes|send-otp|verify-totp|verify-otp|verify-backup-code)$/],
];

export function isAllowedAuthEndpoint(method: string, path: string): boolean {
  return ALLOWED.some(([m, re]) => m === method && re.test(path));
}

/**
 * A better-auth JSON answer without session tokens: the session cookie is HttpOnly so that scripts
 * cannot read it, and a token in the body would undo that. Removes `token` at the top level and
 * inside `session`.
 */
export function withoutTokens(body: unknown): unknown {
  if (!body || typeof body !== "object" || Array.isArray(body)) return body;
  const { token: _token, ...rest } = body as Record<string, unknown>;
  const session = rest.session;
  if (session && typeof session === "object" && !Array.isArray(session)) {
    const { token: _sessionToken, ...safeSession } = session as Record<string, unknown>;
    rest.session = safeSession;
  }
  return rest;
}
