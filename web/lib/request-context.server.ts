import type { AppLoadContext } from "@remix-run/cloudflare";
import { userContext, type UserContext } from "../../worker/context";

type Args = { request: Request; context: AppLoadContext };

/**
 * One service context per page load, shared by the root and route loaders (worker/index.ts makes
 * one load context per request), with a memo so a read both need is made once (`memoized`, e.g.
 * the plan). Form posts get a fresh one: an action may change what the loaders then read.
 */
const contexts = new WeakMap<AppLoadContext, UserContext>();
/** Reads made with the session's, before the context exists (web/lib/auth.server.ts), for its memo. */
const sessionReads = new WeakMap<AppLoadContext, { userId: string; memo: [string, Promise<unknown>][] }>();

export function contextFor({ request, context }: Args, userId: string): UserContext {
  if (request.method !== "GET" && request.method !== "HEAD") return userContext(context.cloudflare.env, userId);
  let ctx = contexts.get(context);
  if (!ctx || ctx.user.id !== userId) {
    const early = sessionReads.get(context);
    ctx = { ...userContext(context.cloudflare.env, userId), memo: new Map(early?.userId === userId ? early.memo : []) };
    contexts.set(context, ctx);
  }
  return ctx;
}

/** Hands the page load's context a read already made for `userId` (under its `memoized` key). */
export function rememberSessionRead({ context }: Args, userId: string, key: string, value: unknown): void {
  const early = sessionReads.get(context);
  if (early && early.userId !== userId) return;
  if (early) early.memo.push([key, Promise.resolve(value)]);
  else sessionReads.set(context, { userId, memo: [[key, Promise.resolve(value)]] });
}
