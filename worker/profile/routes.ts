import { Hono } from "hono";
import { requireUser } from "../auth/middleware";
import { ctxOf } from "../context";
import { describe } from "../lib/route-meta";
import { jsonBody } from "../lib/validate";
import type { AppEnv } from "../types";
import { customInstructionsSchema } from "../../shared/profile/model";
import { getCustomInstructions, getPersonalDetails, personalDetailsSchema, saveCustomInstructions, savePersonalDetails } from "./service";

/**
 * Nine 50000-character fields and one of 30000, each character up to six bytes once JSON-escaped
 * (\uXXXX): a full, valid profile must never hit the generic body limit.
 */
const PROFILE_MAX_BYTES = 3 * 1024 * 1024;

/** Profile API (mounted at /api/profile). Always the caller's own profile: no id in the path. */
export const profileRoutes = new Hono<AppEnv>()
  // Per route, not `.use()`: an unknown path below /api/profile stays a 404 rather than a 401.
  .get("/custom-instructions", describe({ summary: "The caller's custom instructions for the assistants" }), requireUser, async (c) =>
    c.json(await getCustomInstructions(ctxOf(c))),
  )
  .put(
    "/custom-instructions",
    describe({ summary: "Save the caller's custom instructions" }),
    requireUser,
    jsonBody(customInstructionsSchema, { maxBytes: PROFILE_MAX_BYTES }),
    async (c) => c.json(await saveCustomInstructions(ctxOf(c), c.req.valid("json"))),
  )
  .get("/details", describe({ summary: "The caller's personal details" }), requireUser, async (c) => c.json(await getPersonalDetails(ctxOf(c))))
  .put("/details", describe({ summary: "Save the caller's personal details" }), requireUser, jsonBody(personalDetailsSchema), async (c) =>
    c.json(await savePersonalDetails(ctxOf(c), c.req.valid("json"))),
  );

export type ProfileRoutes = typeof profileRoutes;
