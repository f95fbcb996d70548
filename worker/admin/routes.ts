import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { z } from "zod";
import { requireUser } from "../auth/middleware";
import { ctxOf } from "../context";
import { notFound } from "../lib/errors";
import { describe } from "../lib/route-meta";
import { jsonBody, querySchema } from "../lib/validate";
import type { AppEnv } from "../types";
import { addTeamMember, createCampaign, createTeam, listTeams } from "./teams";
import {
  ADMIN_BODY_MAX_BYTES,
  addTeamMemberSchema,
  auditQuerySchema,
  createCampaignSchema,
  createTeamSchema,
  creditsSchema,
  grantPlanSchema,
  setFlagSchema,
  updateUserSchema,
  userSearchSchema,
} from "./schemas";
import {
  changeCredits,
  grantPlan,
  isAdmin,
  listAudit,
  listSchedulerTasks,
  revokePlan,
  searchUsers,
  setFlag,
  updateUser,
  viewAdminAccount,
  viewAdminUser,
} from "./service";

/**
 * Admin only: a user who is not an admin gets the app's own "no API route" 404, so the console's
 * existence is not revealed; signed out is the usual 401.
 */
const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (!isAdmin(c.var.user)) throw notFound(`No API route for ${c.req.method} ${new URL(c.req.url).pathname}.`);
  await next();
});

/** Bodies are a few fields, read with a 4 KB limit. */
const body = <S extends z.ZodType>(schema: S) => jsonBody(schema, { maxBytes: ADMIN_BODY_MAX_BYTES });

/**
 * The admin console's API (mounted at /api/admin). Writes pass the app's same-origin check and
 * body limit (worker/app.ts).
 */
export const adminRoutes = new Hono<AppEnv>()
  .use(requireUser, requireAdmin)
  .get("/users", describe({ summary: "Search users (admins)" }), querySchema(userSearchSchema), async (c) =>
    c.json(await searchUsers(ctxOf(c), c.req.valid("query"))),
  )
  .get("/users/:id", describe({ summary: "One user (admins)" }), async (c) => c.json({ user: await viewAdminUser(ctxOf(c), c.req.param("id")) }))
  .patch(
    "/users/:id",
    describe({ summary: "Disable, enable, or change a user's role or beta access (admins)", errors: [409] }),
    body(updateUserSchema),
    async (c) => c.json({ user: await updateUser(ctxOf(c), c.req.param("id"), c.req.valid("json")) }),
  )
  .get("/accounts/:id", describe({ summary: "One account (admins)" }), async (c) => c.json({ account: await viewAdminAccount(ctxOf(c), c.req.param("id")) }))
  .put("/accounts/:id/plan", describe({ summary: "Grant an account a plan (admins)" }), body(grantPlanSchema), async (c) =>
    c.json({ account: await grantPlan(ctxOf(c), c.req.param("id"), c.req.valid("json")) }),
  )
  .get("/teams", describe({ summary: "Every team (admins)" }), async (c) => c.json(await listTeams(ctxOf(c))))
  .post("/teams", describe({ summary: "Create a team for a user's account (admins)", errors: [409] }), body(createTeamSchema), async (c) =>
    c.json(await createTeam(ctxOf(c), c.req.valid("json"))),
  )
  .post("/teams/:id/members", describe({ summary: "Add a user to a team (admins)", errors: [409] }), body(addTeamMemberSchema), async (c) =>
    c.json(await addTeamMember(ctxOf(c), c.req.param("id"), c.req.valid("json"))),
  )
  .post("/teams/:id/campaigns", describe({ summary: "Create a campaign in a team (admins)", errors: [409] }), body(createCampaignSchema), async (c) =>
    c.json(await createCampaign(ctxOf(c), c.req.param("id"), c.req.valid("json")), 201),
  )
  .delete("/accounts/:id/plan", describe({ summary: "Revoke an account's plan (admins)", errors: [409] }), async (c) =>
    c.json({ account: await revokePlan(ctxOf(c), c.req.param("id")) }),
  )
  .put("/accounts/:id/flags", describe({ summary: "Turn an account's feature flag on or off (admins)" }), body(setFlagSchema), async (c) =>
    c.json({ account: await setFlag(ctxOf(c), c.req.param("id"), c.req.valid("json")) }),
  )
  .post("/accounts/:id/credits", describe({ summary: "Grant or adjust an account's credits (admins)" }), body(creditsSchema), async (c) =>
    c.json({ account: await changeCredits(ctxOf(c), c.req.param("id"), c.req.valid("json")) }),
  )
  .get("/audit", describe({ summary: "The audit log, filtered (admins)" }), querySchema(auditQuerySchema), async (c) =>
    c.json(await listAudit(ctxOf(c), c.req.valid("query"))),
  )
  .get("/scheduler", describe({ summary: "The scheduler's tasks and their last runs (admins)" }), async (c) => c.json(await listSchedulerTasks(ctxOf(c))));

export type AdminRoutes = typeof adminRoutes;
