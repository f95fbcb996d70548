/**
 * The access guard of spec §4 as one pure function, so every case is a line in a table test and the
 * Remix root loader (through enforceAccess) is its only caller.
 *
 *  - signed out on a protected path        → /login?callbackUrl=<path+search>
 *  - signed in, no active plan             → the page says why and what to do (planRequired),
 *                                            unless on an allowed path; at / → /dashboard
 *  - campaign-only (no plan, no team)      → additionally allowed under /collaborate
 *  - active plan at /                      → /dashboard
 * Spec §4 sends a user without a plan to /account/pricing; issue 29 replaced that silent redirect
 * with an explanation on the page they opened (web/components/shell/plan-required.tsx).
 * "Active plan" already folds in paused accounts (no plan) and team members (plan via team):
 * see worker/accounts/plan.ts.
 */

export type AccessInput = {
  pathname: string;
  search?: string;
  user: { id: string } | null;
  plan: { hasActivePlan: boolean } | null;
  isCampaignOnly?: boolean;
};

export type AccessDecision = { redirect?: string; planRequired?: true };

/** Reachable without signing in. */
const PUBLIC_PATHS = [
  "/",
  "/collaborate/join",
  "/feedback",
  "/login",
  "/signup",
  "/verify-email",
  "/forgot-password",
  "/reset-password",
  "/logout",
  "/invites",
  "/status",
  "/dev/mailbox",
  "/pricing",
  "/terms",
  "/privacy",
];

/** Reachable when signed in without an active plan (spec §4 "an allowed path"; /admin too: operators need no plan, and the page is 404 to non-admins). */
const NO_PLAN_ALLOWED = [
  "/account",
  "/admin",
  "/collaborate/join",
  "/feedback",
  "/login",
  "/signup",
  "/verify-email",
  "/forgot-password",
  "/reset-password",
  "/logout",
  "/invites",
  "/status",
  "/dev/mailbox",
  "/pricing",
  "/terms",
  "/privacy",
];

/** Public share pages: any path with a `share` or `shared` segment (e.g. /briefs/shared/<token>, /share/<token>). */
const SHARE_SEGMENT = /(^|\/)(share|shared)(\/|$)/;

/** Live conduct's player and evaluator links (issue 15): /conduct/<token>, never /conduct/sessions/…. */
const CONDUCT_LINK = /^\/conduct\/(?!sessions(\/|$))[^/]+$/;

function isUnder(pathname: string, prefix: string): boolean {
  if (prefix === "/") return pathname === "/";
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.some((p) => isUnder(pathname, p)) || SHARE_SEGMENT.test(pathname) || CONDUCT_LINK.test(pathname);
}

export function isAllowedWithoutPlan(pathname: string, isCampaignOnly: boolean): boolean {
  if (SHARE_SEGMENT.test(pathname) || CONDUCT_LINK.test(pathname)) return true;
  if (NO_PLAN_ALLOWED.some((p) => isUnder(pathname, p))) return true;
  return isCampaignOnly && isUnder(pathname, "/collaborate");
}

export function loginRedirect(pathname: string, search = ""): string {
  return `/login?callbackUrl=${encodeURIComponent(pathname + search)}`;
}

export function decideAccess({ pathname, search = "", user, plan, isCampaignOnly = false }: AccessInput): AccessDecision {
  const path = normalize(pathname);
  if (!user) {
    return isPublicPath(path) ? {} : { redirect: loginRedirect(path, search) };
  }
  if (path === "/") return { redirect: "/dashboard" };
  if (plan?.hasActivePlan) return {};
  return isAllowedWithoutPlan(path, isCampaignOnly) ? {} : { planRequired: true };
}

/** `/dashboard/` and `/dashboard` are the same page; the guard must not treat them differently. */
function normalize(pathname: string): string {
  if (pathname.length > 1 && pathname.endsWith("/")) return pathname.replace(/(?<!\/)\/+$/, "") || "/";
  return pathname || "/";
}

/** C0 and C1 control characters and DEL (U+0000–U+001F, U+007F–U+009F). */
const CONTROL = /\p{Cc}/u;
/** A path a browser would read as another host: two slashes or backslashes in any mix. */
const OFF_SITE_PATH = /^[/\\]{2}/;

/**
 * A callbackUrl is followed only when it stays on this site (`appUrl`, the configured APP_URL): a
 * path, or an absolute URL whose origin is ours. What is followed is the normalized path + search +
 * hash, never the raw value. Refused, so `fallback` is returned:
 *  - control characters anywhere (browsers strip tab/CR/LF, so `/<TAB>/evil.example` is `//evil.example`)
 *    and leading or trailing whitespace;
 *  - anything that is neither a path nor an absolute URL (`evil.example`, `%2F%2Fevil`);
 *  - any other origin: `//evil`, `/\evil`, `\\evil`, `https:evil`, `javascript:`, userinfo tricks;
 *  - a result that would still leave the site: a path that collapses to `//host` (`/.//evil`) or
 *    does once percent-decoded (`/%2F/evil`, `/%5C/evil`), or holds a control character when decoded
 *    (`/%09/evil`), in case a later step decodes it again.
 */
export function safeCallbackUrl(value: string | null | undefined, appUrl: string, fallback = "/dashboard"): string {
  if (!value) return fallback;
  if (CONTROL.test(value) || value.trim() !== value) return fallback;
  const origin = new URL(appUrl).origin;
  let url: URL;
  try {
    // A path resolves against our origin; anything else must be a complete URL of its own.
    url = value.startsWith("/") ? new URL(value, origin) : new URL(value);
  } catch {
    return fallback;
  }
  if (url.origin !== origin) return fallback;
  const target = `${url.pathname}${url.search}${url.hash}`;
  let decoded: string;
  try {
    decoded = decodeURIComponent(url.pathname);
  } catch {
    return fallback;
  }
  if (OFF_SITE_PATH.test(url.pathname) || OFF_SITE_PATH.test(decoded) || CONTROL.test(decoded)) return fallback;
  return target;
}
