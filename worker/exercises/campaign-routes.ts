import { Hono } from "hono";
import { ctxOf } from "../context";
import { badRequest } from "../lib/errors";
import { describe } from "../lib/route-meta";
import { jsonBody } from "../lib/validate";
import type { AppEnv } from "../types";
import { CAMPAIGN_EXPORT_FORMATS } from "./export";
import { EXERCISE_MAX_BYTES, exerciseItemRoutes } from "./item-routes";
import { createExerciseBodySchema } from "./schemas";
import { CAMPAIGN_IDS_REQUIRED, inCampaign, isMissingId, requireCampaignIds } from "./scope";
import { createExercise } from "./service";

const missingIds = (): Response => {
  throw badRequest(CAMPAIGN_IDS_REQUIRED, "campaign_exercise_ids_required");
};

/**
 * Campaign exercises (mounted at /api/collaborate/campaigns/:campaignId/exercises): the same
 * service as personal ones, scoped to the campaign, readable and writable by those of its team who
 * may collaborate (the flag, and team admin or campaign manager: worker/accounts/collaborate.ts).
 * Exports default to markdown, the discussion guide the campaign pages download (spec §7).
 * Part of the /api/collaborate/campaigns router (worker/collaborate/routes.ts), which signs the
 * caller in.
 */
export const campaignExerciseRoutes = new Hono<AppEnv>()
  .post(
    "/create",
    describe({ summary: "Create an exercise in the campaign", errors: [402, 403] }),
    async (c, next) => {
      // The spec's message for a missing campaign id comes before anything is read.
      if (isMissingId(c.req.param("campaignId"))) missingIds();
      await next();
    },
    jsonBody(createExerciseBodySchema, { maxBytes: EXERCISE_MAX_BYTES }),
    async (c) => c.json(await createExercise(ctxOf(c), inCampaign(c.req.param("campaignId")!.trim()), c.req.valid("json")), 201),
  )
  .put("/update", describe({ summary: "No exercise id given (answers 400)", internal: true }), missingIds)
  .put("//update", describe({ summary: "No exercise id given (answers 400)", internal: true }), missingIds)
  .delete("/delete", describe({ summary: "No exercise id given (answers 400)", internal: true }), missingIds)
  .delete("//delete", describe({ summary: "No exercise id given (answers 400)", internal: true }), missingIds)
  .route(
    "/",
    exerciseItemRoutes(
      (c) => {
        const { campaignId, id } = requireCampaignIds(c.req.param("campaignId"), c.req.param("id"));
        return { scope: inCampaign(campaignId), id };
      },
      { formats: CAMPAIGN_EXPORT_FORMATS, default: "md" },
    ),
  );
