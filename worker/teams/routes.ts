import { Hono } from "hono";
import { requireUser } from "../auth/middleware";
import { ctxOf } from "../context";
import { parseWith, readJson } from "../lib/http";
import type { AppEnv } from "../types";
import { acceptInvitation, inviteToTeam, resendInvitation, revokeInvitation } from "./invitations";
import { acceptSchema, idParam, inviteSchema, memberUpdateSchema } from "./schemas";
import { getCampaignParticipations, getTeamMembers, removeMember, updateMember } from "./service";

/**
 * Spec §7 reads, mounted at /api/users beside the onboarding routes (worker/users/routes.ts). Per
 * route middleware, so the other /api/users router keeps its own.
 */
export const teamUserRoutes = new Hono<AppEnv>()
  .get("/team-members", requireUser, async (c) => c.json(await getTeamMembers(ctxOf(c))))
  .get("/campaign-participations", requireUser, async (c) => c.json(await getCampaignParticipations(ctxOf(c))));

/**
 * Team management (/api/teams): invitations and members of the caller's team. Admins only, except
 * leaving (DELETE your own membership) and accepting an invitation. Another team's member or
 * invitation is 404; writes pass the app's same-origin check (worker/app.ts).
 */
export const teamRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post("/invitations", async (c) => {
    const input = await readJson(c, inviteSchema);
    return c.json({ invitation: await inviteToTeam(ctxOf(c), input) }, 201);
  })
  .post("/invitations/accept", async (c) => {
    const { token } = await readJson(c, acceptSchema);
    return c.json(await acceptInvitation(ctxOf(c), token, c.get("user").email));
  })
  .post("/invitations/:id/resend", async (c) => {
    const { id } = parseWith(idParam, c.req.param());
    return c.json({ invitation: await resendInvitation(ctxOf(c), id) });
  })
  .delete("/invitations/:id", async (c) => {
    const { id } = parseWith(idParam, c.req.param());
    return c.json(await revokeInvitation(ctxOf(c), id));
  })
  .patch("/members/:id", async (c) => {
    const { id } = parseWith(idParam, c.req.param());
    const input = await readJson(c, memberUpdateSchema);
    return c.json({ member: await updateMember(ctxOf(c), id, input) });
  })
  .delete("/members/:id", async (c) => {
    const { id } = parseWith(idParam, c.req.param());
    return c.json(await removeMember(ctxOf(c), id));
  });
