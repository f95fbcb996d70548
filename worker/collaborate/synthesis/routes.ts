import { Hono } from "hono";
import { cors } from "hono/cors";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod";
import { requireUser } from "../../auth/middleware";
import { appCtxOf, ctxOf } from "../../context";
import { crossSiteAllowed, describe, withMeta } from "../../lib/route-meta";
import { jsonBody, querySchema } from "../../lib/validate";
import type { AppEnv } from "../../types";
import { SYNTHESIS_CONTENTS } from "./state";
import { synthesisState, synthesisStateByThread, triggerSynthesis, type StateQuery } from "./service";
import { mintSynthesisToken, synthesisTokenUser } from "./token";

/**
 * The campaign synthesis API (mounted at /api/synthesis; spec §7): trigger, state by campaign and by
 * thread, always JSON. Signed in with the session cookie, or — in direct mode
 * (SYNTHESIS_DIRECT_MODE), where the browser calls SYNTHESIS_DIRECT_URL — with a bearer token from
 * GET /token, and CORS for APP_URL's origin. Same contract either way.
 */

/** The spec's trigger body: a free JSON object (nothing in it is read today). */
const triggerBodySchema = z.looseObject({}, "The body must be a JSON object.");
/** Nothing in it is read, so nothing large is accepted either (the app-wide limit is 1 MB). */
const TRIGGER_BODY_MAX = 16 * 1024;

const stateQuery = querySchema(
  z
    .object({
      content: z.enum(SYNTHESIS_CONTENTS, `content must be one of: ${SYNTHESIS_CONTENTS.join(", ")}.`).optional(),
      include_identifying: z.enum(["true", "false"], "include_identifying must be true or false.").optional(),
    })
    .transform((q): StateQuery => ({ content: q.content ?? null, includeIdentifying: q.include_identifying === "true" })),
);

const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * A direct-mode call (SYNTHESIS_DIRECT_MODE, a bearer header, under /api/synthesis/): signed in by
 * the token alone — synthesisUser below never falls back to the cookie when the header is there —
 * so it cannot ride on a victim's session, and the app's same-origin check (worker/app.ts) lets its
 * writes through. Without this the browser's trigger from APP_URL's page, which the hosted address
 * sees as cross-site, would be refused.
 */
function isDirectSynthesisCall(c: Context): boolean {
  return (c as Context<AppEnv>).var.config.SYNTHESIS_DIRECT_MODE && BEARER.test(c.req.header("authorization") ?? "");
}

/** Direct mode: a valid bearer token signs the request in as its user; otherwise the session cookie does. */
const synthesisUser = withMeta(
  createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header("authorization");
    if (!header || !c.var.config.SYNTHESIS_DIRECT_MODE) return requireUser(c, next);
    const token = BEARER.exec(header)?.[1];
    const user = token ? await synthesisTokenUser(appCtxOf(c), token) : null;
    if (!user) return c.json({ message: "Sign in to continue.", code: "unauthorized" }, 401);
    c.set("user", user);
    await next();
  }),
  { auth: "cookie-or-bearer" },
);

/** Direct mode only: the app's own pages call the hosted address, from APP_URL's origin. */
const directModeCors = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.config.SYNTHESIS_DIRECT_MODE) return next();
  const origin = new URL(c.var.config.APP_URL).origin;
  return cors({
    origin: (o) => (o === origin ? o : null),
    allowMethods: ["GET", "POST", "OPTIONS"],
    allowHeaders: ["authorization", "content-type"],
    maxAge: 600,
  })(c, next);
});

export const synthesisRoutes = new Hono<AppEnv>()
  .use(crossSiteAllowed(isDirectSynthesisCall))
  .use(directModeCors)
  .get(
    "/token",
    describe({ summary: "A direct-mode bearer token and the address to call ({ direct: false } when direct mode is off)" }),
    requireUser,
    async (c) => {
      const { config } = c.var;
      // An answer, not a 404: the browser asks before every synthesis, and a 404 is a console error
      // on every campaign page of every install that does not use direct mode (issue 30 item 8).
      if (!config.SYNTHESIS_DIRECT_MODE) return c.json({ direct: false as const, token: null, expiresAt: null, baseUrl: null });
      const minted = await mintSynthesisToken(appCtxOf(c), c.var.user.id);
      // baseUrl is what the browser's client (web/lib/synthesis-api.ts) reads; null keeps it on /api.
      return c.json({ direct: true as const, ...minted, baseUrl: config.SYNTHESIS_DIRECT_URL ?? null });
    },
  )
  .use(synthesisUser)
  .post(
    "/trigger/:id",
    describe({ summary: "Start the campaign's synthesis", errors: [403, 409] }),
    jsonBody(triggerBodySchema, { maxBytes: TRIGGER_BODY_MAX }),
    async (c) => c.json(await triggerSynthesis(ctxOf(c), c.req.param("id")), 202),
  )
  .get("/state/:id", describe({ summary: "The campaign's synthesis state", errors: [403] }), stateQuery, async (c) =>
    c.json(await synthesisState(ctxOf(c), c.req.param("id"), c.req.valid("query"))),
  )
  .get("/threads/:threadId/state", describe({ summary: "The synthesis state of a run, by its thread id", errors: [403] }), stateQuery, async (c) =>
    c.json(await synthesisStateByThread(ctxOf(c), c.req.param("threadId"), c.req.valid("query"))),
  );

export type SynthesisRoutes = typeof synthesisRoutes;
