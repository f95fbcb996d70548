import type { Context } from "hono";
import { getDb, type Database } from "./db/client";
import { parseConfig, type Config, type Env } from "./env";
import type { AppEnv } from "./types";

/**
 * The one service shape (issue 10, docs/decisions/0008): every service takes a context first and
 * its input after. The context carries what a request has — bindings, the database, the parsed
 * configuration — and, for a signed-in caller, who is asking. Routes take it from Hono's `c.var`
 * (set by middleware in worker/app.ts), Remix loaders from the load context
 * (web/lib/context.server.ts), queue consumers and tests build it with `appContext`.
 */
export interface AppContext {
  env: Env;
  db: Database;
  config: Config;
  /** Reads shared by everything serving one request (a page's root and route loaders): see `memoized`. */
  memo?: Map<string, Promise<unknown>>;
}

/** A service acting for a signed-in user; every read and write is scoped to `user.id`. */
export interface UserContext extends AppContext {
  user: { id: string };
}

/** For code outside a Hono request: the queue consumer, cron, Remix loaders, tests. */
export function appContext(env: Env): AppContext {
  return { env, db: getDb(env.DB), config: parseConfig(env) };
}

export function userContext(env: Env, userId: string): UserContext {
  return { ...appContext(env), user: { id: userId } };
}

/** The request's context inside a route that acts for nobody in particular (a webhook, the catalogue). */
export function appCtxOf(c: Context<AppEnv>): AppContext {
  return { env: c.env, db: c.var.db, config: c.var.config };
}

/** The request's context inside a route, after requireUser. */
export function ctxOf(c: Context<AppEnv>): UserContext {
  return { env: c.env, db: c.var.db, config: c.var.config, user: { id: c.var.user.id } };
}

/**
 * The value of `compute` for this request, computed once: the root and route loaders of a page
 * share one context (web/lib/context.server.ts), so a read both need (the plan) is made once.
 * Without a memo (an API route, a test) it simply computes.
 */
export function memoized<T>(ctx: AppContext, key: string, compute: () => Promise<T>): Promise<T> {
  if (!ctx.memo) return compute();
  let hit = ctx.memo.get(key) as Promise<T> | undefined;
  if (!hit) {
    hit = compute();
    ctx.memo.set(key, hit);
  }
  return hit;
}
