import { Hono } from "hono";
import { z } from "zod";
import { requireUser } from "../auth/middleware";
import { ctxOf } from "../context";
import { parseWith } from "../lib/http";
import type { AppEnv } from "../types";
import { getOnboardingStatus, markOnboarded } from "./service";

/**
 * /api/users/{id}/… — spec §7. The middleware is per route, not "*", so other routers mounted
 * under /api/users (team members, campaign participations) keep their own rules.
 */
export const usersRoutes = new Hono<AppEnv>();

const idParam = z.object({ id: z.string().min(1, "User id is required.").max(200, "User id is too long.") });

usersRoutes.get("/:id/onboarding-status", requireUser, async (c) => {
  const { id } = parseWith(idParam, c.req.param());
  return c.json(getOnboardingStatus(c.get("user"), id));
});

usersRoutes.post("/:id/mark-onboarded", requireUser, async (c) => {
  const { id } = parseWith(idParam, c.req.param());
  return c.json(await markOnboarded(ctxOf(c), id));
});
