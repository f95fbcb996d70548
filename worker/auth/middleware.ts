import { createMiddleware } from "hono/factory";
import { withMeta } from "../lib/route-meta";
import type { AppEnv } from "../types";
import { getSession } from "./session";

export type { SessionUser } from "./session";

/** 401 `{message, code}` when signed out; otherwise `c.get("user")` is the SessionUser. */
export const requireUser = withMeta(
  createMiddleware<AppEnv>(async (c, next) => {
    const session = await getSession(c.env, c.req.raw.headers);
    if (!session) {
      return c.json({ message: "Sign in to continue.", code: "unauthorized" }, 401);
    }
    c.set("user", session.user);
    c.set("authSessionId", session.session.id);
    await next();
  }),
  { auth: "cookie" },
);

/** Sets `c.get("user")` when signed in, leaves it undefined otherwise. */
export const optionalUser = createMiddleware<AppEnv>(async (c, next) => {
  const session = await getSession(c.env, c.req.raw.headers);
  if (session) {
    c.set("user", session.user);
    c.set("authSessionId", session.session.id);
  }
  await next();
});
