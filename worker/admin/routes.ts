import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { requireUser } from "../auth/middleware";
import { ctxOf } from "../context";
import { parseWith, readJson } from "../lib/http";
import { notFound } from "../lib/errors";
import type { AppEnv } from "../types";
import { addTeamMember, createCampaign, createTeam, listTeams } from "./teams";
import { ADMIN_BODY_MAX_BYTES, addTeamMemberSchema, auditQuerySchema, createCampaignSchema, createTeamSchema, creditsSchema, grantPlanSchema, setFlagSchema, updateUserSchema, userSearchSchema } from "./schemas";
import { changeCredits, grantPlan, isAdmin, listAudit, listSchedulerTasks, revokePlan, searchUsers, setFlag, updateUser, viewAdminAccount, viewAdminUser } from "./service";

/**
 * Admin only: a user who is not an admin gets the app's own "no API route" 404, so the console's
 * existence is not revealed; signed out is the usual 401.
 */
const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  if (!isAdmin(c.var.user)) throw notFound(`No API route for ${c.req.method} ${new URL(c.req.url).pathname}.`);
  await next();
});

/**
 * The admin console's API (mounted at /api/admin). Writes pass the app's same-origin check and
 * body limit (worker/app.ts); bodies are a few fields, read with a 4 KB limit.
 */
export const adminRoutes = new Hono<AppEnv>()
  .use(requireUser, requireAdmin)
  .get("/users", async (c) => c.json(await searchUsers(ctxOf(c), parseWith(userSearchSchema, c.req.query()))))
  .get("/users/:id", async (c) => c.json({ user: await viewAdminUser(ctxOf(c), c.req.param("id")) }))
  .patch("/users/:id", async (c) => {
    const input = await readJson(c, updateUserSchema, ADMIN_BODY_MAX_BYTES);
    return c.json({ user: await updateUser(ctxOf(c), c.req.param("id"), input) });
  })
  .get("/accounts/:id", async (c) => c.json({ account: await viewAdminAccount(ctxOf(c), c.req.param("id")) }))
  .put("/accounts/:id/plan", async (c) => {
    const input = await readJson(c, grantPlanSchema, ADMIN_BODY_MAX_BYTES);
    return c.json({ account: await grantPlan(ctxOf(c), c.req.param("id"), input) });
  })
  .get("/teams", async (c) => c.json(await listTeams(ctxOf(c))))
  .post("/teams", async (c) => c.json(await createTeam(ctxOf(c), await readJson(c, createTeamSchema, ADMIN_BODY_MAX_BYTES))))
  .post("/teams/:id/members", async (c) => c.json(await addTeamMember(ctxOf(c), c.req.param("id"), await readJson(c, addTeamMemberSchema, ADMIN_BODY_MAX_BYTES))))
  .post("/teams/:id/campaigns", async (c) => c.json(await createCampaign(ctxOf(c), c.req.param("id"), await readJson(c, createCampaignSchema, ADMIN_BODY_MAX_BYTES)), 201))
  .delete("/accounts/:id/plan", async (c) => c.json({ account: await revokePlan(ctxOf(c), c.req.param("id")) }))
  .put("/accounts/:id/flags", async (c) => {
    const input = await readJson(c, setFlagSchema, ADMIN_BODY_MAX_BYTES);
    return c.json({ account: await setFlag(ctxOf(c), c.req.param("id"), input) });
  })
  .post("/accounts/:id/credits", async (c) => {
    const input = await readJson(c, creditsSchema, ADMIN_BODY_MAX_BYTES);
    return c.json({ account: await changeCredits(ctxOf(c), c.req.param("id"), input) });
  })
  .get("/audit", async (c) => c.json(await listAudit(ctxOf(c), parseWith(auditQuerySchema, c.req.query()))))
  .get("/scheduler", async (c) => c.json(await listSchedulerTasks(ctxOf(c))));
