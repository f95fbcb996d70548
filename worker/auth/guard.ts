/**
 * The access guard of spec §4 as one pure function, so every case is a line in a table test and the
 * Remix root loader (through enforceAccess) is its only caller.
 *
 *  - signed out on a protected path        → /login?callbackUrl=<path+search>
 *  - signed in, no active plan             → /account/pricing, unless on an allowed path
 *  - campaign-only (no plan, no team)      → additionally allowed under /collaborate
 *  - active plan at /                      → /dashboard
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

export type AccessDecision = { redirect?: string };

/** Reachable without signing in. */
const PUBLIC_PATHS = ["/", "/login", "/signup", "/forgot-password", "/reset-password", "/logout", "/invites", "/status", "/dev/mailbox", "/terms", "/privacy"];

/** Reachable when signed in without an active plan (spec §4 "allowed paths"). */
const NO_PLAN_ALLOWED = ["/account", "/login", "/signup", "/forgot-password", "/reset-password", "/logout", "/invites", "/status", "/dev/mailbox", "/terms", "/privacy"];

/** Public share pages: any path with a `share` or `shared` segment (e.g. /briefs/shared/<token>, /share/<token>). */
const SHARE_SEGMENT = /(^|\/)(share|shared)(\/|$)/;

export function isUnder(pathname: string, prefix: string): boolean {
  if (prefix === "/") return pathname === "/";
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.some((p) => isUnder(pathname, p)) || SHARE_SEGMENT.test(pathname);
}

export function isAllowedWithoutPlan(pathname: string, isCampaignOnly: boolean): boolean {
  if (SHARE_SEGMENT.test(pathname)) return true;
  if (NO_PLAN_ALLOWED.some((p) => isUnder(pathname, p))) return true;
  return isCampaignOnly && isUnder(pathname, "/collaborate");
}

export const PRICING_PATH = "/account/pricing";

export function loginRedirect(pathname: string, search = ""): string {
  return `/login?callbackUrl=${encodeURIComponent(pathname + search)}`;
}

export function decideAccess({ pathname, search = "", user, plan, isCampaignOnly = false }: AccessInput): AccessDecision {
  const path = normalize(pathname);
  if (!user) {
    return isPublicPath(path) ? {} : { redirect: loginRedirect(path, search) };
  }
  if (plan?.hasActivePlan) {
    return path === "/" ? { redirect: "/dashboard" } : {};
  }
  return isAllowedWithoutPlan(path, isCampaignOnly) ? {} : { redirect: PRICING_PATH };
}

/** `/dashboard/` and `/dashboard` are the same page; the guard must not treat them differently. */
function normalize(pathname: string): string {
  if (pathname.length > 1 && pathname.endsWith("/")) return pathname.replace(/\/+$/, "") || "/";
  return pathname || "/";
}

/**
 * A callbackUrl is followed only when it is a path on this site: an absolute or protocol-relative
 * URL would turn the login page into an open redirect.
 */
export function safeCallbackUrl(value: string | null | undefined, fallback = "/dashboard"): string {
  if (!value) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}
