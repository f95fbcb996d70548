import type { AppLoadContext } from "@remix-run/cloudflare";
import { userContext, type UserContext } from "../../worker/context";

type Args = { request: Request; context: AppLoadContext };

/**
 * One service context per page load, shared by the root and route loaders (worker/index.ts makes
 * one load context per request), with a memo so a read both need is made once (`memoized`, e.g.
 * the plan). Form posts get a fresh one: an action may change what the loaders then read.
 */
const contexts = new WeakMap<AppLoadContext, UserContext>();

export function contextFor({ request, context }: Args, userId: string): UserContext {
  if (request.method !== "GET" && request.method !== "HEAD") return userContext(context.cloudflare.env, userId);
  let ctx = contexts.get(context);
  if (!ctx || ctx.user.id !== userId) {
    ctx = { ...userContext(context.cloudflare.env, userId), memo: new Map() };
    contexts.set(context, ctx);
  }
  return ctx;
}
