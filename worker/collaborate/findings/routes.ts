import { Hono } from "hono";
import { z } from "zod";
import { ctxOf } from "../../context";
import { fileResponse, parseExportFormat } from "../../exercises/export";
import { describe } from "../../lib/route-meta";
import { querySchema } from "../../lib/validate";
import type { AppEnv } from "../../types";
import { FINDINGS_EXPORT_FORMATS, renderFindings } from "./document";
import { getFindings } from "./service";
import { startCampaignExercise } from "./start-exercise";

const exportQuery = z.object({ format: z.string().optional() });

/**
 * A campaign's synthesis results (part of the /api/collaborate/campaigns router, which signs the
 * caller in): the findings page's data, its exports, and the campaign exercise drafted from them.
 */
export const campaignFindingsRoutes = new Hono<AppEnv>()
  .get("/:id/findings", describe({ summary: "The campaign's findings (after its synthesis)" }), async (c) =>
    c.json(await getFindings(ctxOf(c), c.req.param("id"))),
  )
  .get(
    "/:id/findings/export",
    describe({ summary: `Download the findings (${FINDINGS_EXPORT_FORMATS.join(", ")})`, produces: "application/octet-stream" }),
    querySchema(exportQuery),
    async (c) => {
      const format = parseExportFormat(c.req.valid("query").format, FINDINGS_EXPORT_FORMATS);
      const view = await getFindings(ctxOf(c), c.req.param("id"));
      return fileResponse(await renderFindings(view, format));
    },
  )
  .post(
    "/:id/start-exercise",
    describe({ summary: "Draft the campaign exercise from the findings (or open the one drafted)", errors: [403, 409] }),
    async (c) => {
      const { id, created } = await startCampaignExercise(ctxOf(c), c.req.param("id"));
      return c.json({ id }, created ? 201 : 200);
    },
  );
