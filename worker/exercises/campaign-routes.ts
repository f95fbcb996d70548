import { Hono } from "hono";
import { requireUser } from "../auth/middleware";
import { ctxOf } from "../context";
import { badRequest } from "../lib/errors";
import { readJson } from "../lib/http";
import type { AppEnv } from "../types";
import { CAMPAIGN_EXPORT_FORMATS } from "./export";
import { EXERCISE_MAX_BYTES, exerciseItemRoutes } from "./item-routes";
import { createExerciseBodySchema } from "./schemas";
import { CAMPAIGN_IDS_REQUIRED, inCampaign, isMissingId, requireCampaignIds } from "./scope";
import { createExercise } from "./service";

const missingIds = () => {
  throw badRequest(CAMPAIGN_IDS_REQUIRED, "campaign_exercise_ids_required");
};

/**
 * Campaign exercises (mounted at /api/collaborate/campaigns/:campaignId/exercises): the same
 * service as personal ones, scoped to the campaign, readable and writable by those of its team who
 * may collaborate (the flag, and team admin or campaign manager: worker/accounts/collaborate.ts).
 * Exports default to markdown, the discussion guide the campaign pages download (spec §7).
 */
export const campaignExerciseRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .post("/create", async (c) => {
    const campaignId = c.req.param("campaignId");
    if (isMissingId(campaignId)) missingIds();
    const body = await readJson(c, createExerciseBodySchema, EXERCISE_MAX_BYTES);
    return c.json(await createExercise(ctxOf(c), inCampaign(campaignId!.trim()), body), 201);
  })
  .put("/update", missingIds)
  .put("//update", missingIds)
  .delete("/delete", missingIds)
  .delete("//delete", missingIds)
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
