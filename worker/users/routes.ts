import { Hono } from "hono";
import { z } from "zod";
import { requireUser } from "../auth/middleware";
import { ctxOf } from "../context";
import { describe } from "../lib/route-meta";
import { paramSchema } from "../lib/validate";
import { getCampaignParticipations, getTeamMembers } from "../teams/service";
import type { AppEnv } from "../types";
import { getOnboardingStatus, markOnboarded } from "./service";

const idParam = z.object({ id: z.string().min(1, "User id is required.").max(200, "User id is too long.") });

/**
 * /api/users — spec §7: the caller's onboarding, and the team reads (worker/teams/service.ts).
 * Sign-in per route, not `.use()`: an unknown path below /api/users stays a 404 rather than a 401.
 */
export const usersRoutes = new Hono<AppEnv>()
  .get("/team-members", describe({ summary: "The caller's team, its members and invitations" }), requireUser, async (c) =>
    c.json(await getTeamMembers(ctxOf(c))),
  )
  .get("/campaign-participations", describe({ summary: "The campaigns the caller takes part in" }), requireUser, async (c) =>
    c.json(await getCampaignParticipations(ctxOf(c))),
  )
  .get(
    "/:id/onboarding-status",
    describe({ summary: "Whether the welcome should show (the caller's own id only)" }),
    requireUser,
    paramSchema(idParam),
    async (c) => c.json(getOnboardingStatus(c.get("user"), c.req.valid("param").id)),
  )
  .post("/:id/mark-onboarded", describe({ summary: "Mark the welcome seen (the caller's own id only)" }), requireUser, paramSchema(idParam), async (c) =>
    c.json(await markOnboarded(ctxOf(c), c.req.valid("param").id)),
  );

export type UsersRoutes = typeof usersRoutes;
