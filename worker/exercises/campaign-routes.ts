import { Hono, type Context } from "hono";
import { requireUser } from "../auth/middleware";
import { getDb } from "../db/client";
import { badRequest } from "../lib/errors";
import { readJson } from "../lib/http";
import type { AppEnv } from "../types";
import { CAMPAIGN_EXPORT_FORMATS, fileResponse, parseExportFormat, renderExport } from "./export";
import { EXERCISE_MAX_BYTES } from "./routes";
import {
  addFeedback,
  CAMPAIGN_IDS_REQUIRED,
  createExercise,
  createExerciseBodySchema,
  deleteExercise,
  feedbackBodySchema,
  getExercise,
  getExerciseRow,
  inCampaign,
  isMissingId,
  requireCampaignIds,
  updateExercise,
  updateExerciseBodySchema,
} from "./service";

const missingIds = () => {
  throw badRequest(CAMPAIGN_IDS_REQUIRED, "campaign_exercise_ids_required");
};

function scoped(c: Context<AppEnv>) {
  const { campaignId, id } = requireCampaignIds(c.req.param("campaignId"), c.req.param("id"));
  return { scope: inCampaign(c.get("user").id, campaignId), id };
}

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
    return c.json(await createExercise(getDb(c.env.DB), inCampaign(c.get("user").id, campaignId!.trim()), body), 201);
  })
  .put("/update", missingIds)
  .put("//update", missingIds)
  .delete("/delete", missingIds)
  .delete("//delete", missingIds)
  .get("/:id", async (c) => {
    const { scope, id } = scoped(c);
    return c.json(await getExercise(getDb(c.env.DB), scope, id));
  })
  .put("/:id/update", async (c) => {
    const { scope, id } = scoped(c);
    const { exercise } = await readJson(c, updateExerciseBodySchema, EXERCISE_MAX_BYTES);
    return c.json(await updateExercise(getDb(c.env.DB), scope, id, exercise));
  })
  .delete("/:id/delete", async (c) => {
    const { scope, id } = scoped(c);
    return c.json(await deleteExercise(getDb(c.env.DB), scope, id));
  })
  .get("/:id/export", async (c) => {
    const { scope, id } = scoped(c);
    const format = parseExportFormat(c.req.query("format") ?? "md", CAMPAIGN_EXPORT_FORMATS);
    const row = await getExerciseRow(getDb(c.env.DB), scope, id);
    return fileResponse(await renderExport(row, format));
  })
  .post("/:id/feedback", async (c) => {
    const { scope, id } = scoped(c);
    const body = await readJson(c, feedbackBodySchema);
    return c.json(await addFeedback(getDb(c.env.DB), scope, id, body), 201);
  });
