import type { Env } from "./env";
import type { Config } from "./env";
import type { SessionUser } from "./auth/session";
import type { Database } from "./db/client";

/** What every Hono handler sees: the bindings plus per-request values set by middleware. */
export type AppEnv = {
  Bindings: Env;
  Variables: {
    requestId: string;
    config: Config;
    /** The request's drizzle client over D1 (worker/app.ts). */
    db: Database;
    /** Set by requireUser / optionalUser (worker/auth/middleware.ts). */
    user: SessionUser;
    /** The signed-in session's id (Session.id), set with `user`: for connections that must end with it. */
    authSessionId: string;
  };
};
