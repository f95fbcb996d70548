import { Hono } from "hono";
import { requireUser } from "../auth/middleware";
import { ctxOf } from "../context";
import { readJson } from "../lib/http";
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
  .get("/custom-instructions", requireUser, async (c) => {
    return c.json(await getCustomInstructions(ctxOf(c)));
  })
  .put("/custom-instructions", requireUser, async (c) => {
    const input = await readJson(c, customInstructionsSchema, PROFILE_MAX_BYTES);
    return c.json(await saveCustomInstructions(ctxOf(c), input));
  })
  .get("/details", requireUser, async (c) => {
    return c.json(await getPersonalDetails(ctxOf(c)));
  })
  .put("/details", requireUser, async (c) => {
    const input = await readJson(c, personalDetailsSchema);
    return c.json(await savePersonalDetails(ctxOf(c), input));
  });
