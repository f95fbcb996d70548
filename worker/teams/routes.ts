import { Hono } from "hono";
import { requireUser } from "../auth/middleware";
import { ctxOf } from "../context";
import { describe } from "../lib/route-meta";
import { jsonBody, paramSchema } from "../lib/validate";
import type { AppEnv } from "../types";
import { acceptInvitation, inviteToTeam, resendInvitation, revokeInvitation } from "./invitations";
import { acceptSchema, idParam, inviteSchema, memberUpdateSchema } from "./schemas";
import { removeMember, updateMember } from "./service";
import { getTeamSettings, setTeamShare, shareBodySchema, shareParamSchema, teamSettingsSchema, updateTeamSettings } from "./sharing";

/**
 * Team management (/api/teams): invitations, members and settings of the caller's team, and what
 * is shared with it. Admins only, except leaving (DELETE your own membership), accepting an
 * invitation, reading the settings and sharing one's own items. Another team's member or
 * invitation is 404; writes pass the app's same-origin check (worker/app.ts). The team reads are
 * under /api/users (worker/users/routes.ts).
 */
export const teamRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post("/invitations", describe({ summary: "Invite someone to the caller's team (admins)", errors: [403, 409] }), jsonBody(inviteSchema), async (c) =>
    c.json({ invitation: await inviteToTeam(ctxOf(c), c.req.valid("json")) }, 201),
  )
  .post(
    "/invitations/accept",
    describe({ summary: "Accept an invitation with its link's token", errors: [403, 409, 410] }),
    jsonBody(acceptSchema),
    async (c) => c.json(await acceptInvitation(ctxOf(c), c.req.valid("json").token, c.get("user").email)),
  )
  .post("/invitations/:id/resend", describe({ summary: "Send an invitation again (admins)", errors: [403, 409] }), paramSchema(idParam), async (c) =>
    c.json({ invitation: await resendInvitation(ctxOf(c), c.req.valid("param").id) }),
  )
  .delete("/invitations/:id", describe({ summary: "Withdraw an invitation (admins)", errors: [403, 409] }), paramSchema(idParam), async (c) =>
    c.json(await revokeInvitation(ctxOf(c), c.req.valid("param").id)),
  )
  .patch(
    "/members/:id",
    describe({ summary: "Change a member's roles (admins)", errors: [403, 409] }),
    paramSchema(idParam),
    jsonBody(memberUpdateSchema),
    async (c) => c.json({ member: await updateMember(ctxOf(c), c.req.valid("param").id, c.req.valid("json")) }),
  )
  .delete("/members/:id", describe({ summary: "Remove a member, or leave the team (your own id)", errors: [403, 409] }), paramSchema(idParam), async (c) =>
    c.json(await removeMember(ctxOf(c), c.req.valid("param").id)),
  )
  .put(
    "/shares/:kind/:id",
    describe({ summary: "Share a document, exercise or brief with the caller's team, or make it private (author or team admin)", errors: [403] }),
    paramSchema(shareParamSchema),
    jsonBody(shareBodySchema),
    async (c) => {
      const { kind, id } = c.req.valid("param");
      return c.json(await setTeamShare(ctxOf(c), kind, id, c.req.valid("json").access));
    },
  )
  .get("/settings", describe({ summary: "The caller's team's settings" }), async (c) => c.json(await getTeamSettings(ctxOf(c))))
  .patch("/settings", describe({ summary: "Change the team's settings (admins)", errors: [403] }), jsonBody(teamSettingsSchema), async (c) =>
    c.json(await updateTeamSettings(ctxOf(c), c.req.valid("json"))),
  );

export type TeamRoutes = typeof teamRoutes;
