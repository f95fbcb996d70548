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

/** The request's context inside a route, after requireUser/ensureUser. */
export function ctxOf(c: Context<AppEnv>): UserContext {
  return { env: c.env, db: c.var.db, config: c.var.config, user: { id: c.var.user.id } };
}
