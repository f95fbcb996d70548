import { Hono } from "hono";
import { ensureUser } from "../../auth/middleware";
import { ctxOf } from "../../context";
import { fileResponse, parseExportFormat } from "../../exercises/export";
import type { AppEnv } from "../../types";
import { FINDINGS_EXPORT_FORMATS, renderFindings } from "./document";
import { getFindings } from "./service";
import { startCampaignExercise } from "./start-exercise";

/**
 * A campaign's synthesis results (mounted at /api/collaborate/campaigns beside the campaign
 * routers, so each route signs in on its own rather than the whole prefix): the findings page's
 * data, its exports, and the campaign exercise drafted from them.
 */
export const campaignFindingsRoutes = new Hono<AppEnv>()
  .get("/:id/findings", ensureUser, async (c) => c.json(await getFindings(ctxOf(c), c.req.param("id"))))
  .get("/:id/findings/export", ensureUser, async (c) => {
    const format = parseExportFormat(c.req.query("format"), FINDINGS_EXPORT_FORMATS);
    const view = await getFindings(ctxOf(c), c.req.param("id"));
    return fileResponse(await renderFindings(view, format));
  })
  .post("/:id/start-exercise", ensureUser, async (c) => {
    const { id, created } = await startCampaignExercise(ctxOf(c), c.req.param("id"));
    return c.json({ id }, created ? 201 : 200);
  });
