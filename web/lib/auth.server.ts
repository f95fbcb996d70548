import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { isCampaignOnlyUser, planStatusOf, type PlanStatus } from "../../worker/accounts/plan";
import { decideAccess, loginRedirect } from "../../worker/auth/guard";
import { getSession, getSessionWith, type SessionUser } from "../../worker/auth/session";
import { MEMBERSHIP_MEMO_KEY, membershipWithSession } from "../../worker/accounts/membership";
import type { Env } from "../../worker/env";
import { timed } from "../../worker/lib/server-timing";
import { contextFor, rememberSessionRead } from "./request-context.server";

export type { SessionUser } from "../../worker/auth/session";

type Args = { request: Request; context: AppLoadContext };

/** The Worker's bindings as Remix receives them (worker/index.ts passes `{ cloudflare: { env } }`). */
export function envOf(context: AppLoadContext): Env {
  return context.cloudflare.env;
}

/**
 * Per-request memo, so the root loader and a route loader read the session once between them.
 * Keyed by the load context, which worker/index.ts creates once per request: Remix hands every
 * loader its own copy of the Request (it strips its _routes/index params), so a Request key
 * never matched and each page read and verified the session twice.
 */
const sessionMemo = new WeakMap<AppLoadContext, Promise<SessionUser | null>>();

export function getOptionalUser({ request, context }: Args): Promise<SessionUser | null> {
  // Only page loads share it: after an action (which may end the session) loaders read afresh.
  if (request.method !== "GET" && request.method !== "HEAD") return getSession(envOf(context), request.headers).then((s) => s?.user ?? null);
  let hit = sessionMemo.get(context);
  if (!hit) {
    // The membership (plan, roles, teams: the guard's and the shell's) comes in the session's round trip.
    hit = timed("session", () => getSessionWith(envOf(context), request.headers, membershipWithSession)).then((found) => {
      if (!found) return null;
      rememberSessionRead({ request, context }, found.session.user.id, MEMBERSHIP_MEMO_KEY, found.reads);
      return found.session.user;
    });
    sessionMemo.set(context, hit);
  }
  return hit;
}

/** Signed out → redirect to /login with this page as callbackUrl. */
export async function requireUser(args: Args): Promise<SessionUser> {
  const user = await getOptionalUser(args);
  if (!user) {
    const url = new URL(args.request.url);
    throw redirect(loginRedirect(url.pathname, url.search));
  }
  return user;
}

export type PageAccess = { user: SessionUser; plan: PlanStatus; isCampaignOnly: boolean; planRequired: boolean } | { user: null };

/** One decision per page load: the root loader and the route's loader (requireUserContext) share it. */
const accessMemo = new WeakMap<AppLoadContext, Promise<PageAccess>>();

/**
 * Spec §4 access guard for a page request: throws the redirect decideAccess asks for, otherwise
 * returns the user, their plan and whether this page needs a plan they do not have (the page then
 * says so: root.tsx and requireUserContext). The root loader calls this on every page.
 */
export function enforceAccess(args: Args): Promise<PageAccess> {
  if (args.request.method !== "GET" && args.request.method !== "HEAD") return decidePageAccess(args);
  let hit = accessMemo.get(args.context);
  if (!hit) {
    hit = decidePageAccess(args);
    accessMemo.set(args.context, hit);
  }
  return hit;
}

async function decidePageAccess(args: Args): Promise<PageAccess> {
  const url = new URL(args.request.url);
  const user = await getOptionalUser(args);
  if (!user) {
    const decision = decideAccess({ pathname: url.pathname, search: url.search, user: null, plan: null });
    if (decision.redirect) throw redirect(decision.redirect);
    return { user: null };
  }
  const ctx = contextFor(args, user.id);
  const plan = await planStatusOf(ctx);
  const db = ctx.db;
  const isCampaignOnly = plan.hasActivePlan ? false : await isCampaignOnlyUser(db, user);
  const decision = decideAccess({ pathname: url.pathname, search: url.search, user, plan, isCampaignOnly });
  if (decision.redirect) throw redirect(decision.redirect);
  return { user, plan, isCampaignOnly, planRequired: Boolean(decision.planRequired) };
}
