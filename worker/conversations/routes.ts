import { Hono, type Context } from "hono";
import { z } from "zod";
import { badRequest } from "../lib/errors";
import { readJson } from "../lib/http";
import { ensureUser } from "../auth/middleware";
import { ctxOf } from "../context";
import { SECTION_TYPES } from "../exercises/prompts";
import { inCampaign, personal, requireCampaignIds, requireId, type ExerciseScope } from "../exercises/scope";
import type { AppEnv } from "../types";
import type { Framing } from "./framing";
import { CONVERSATION_MAX_BYTES, conversationBodySchema, getConversation, streamConversation } from "./service";

const historyQuery = z.object({ sectionType: z.enum(SECTION_TYPES).optional() });

/** v2 framing on the v2 path, or on any path when the client asks for NDJSON. */
function framingFor(c: Context<AppEnv>, v2: boolean): Framing {
  return v2 || (c.req.header("accept") ?? "").includes("application/x-ndjson") ? "ndjson" : "text";
}

async function handlePut(c: Context<AppEnv>, scope: ExerciseScope, exerciseId: string, v2: boolean) {
  const body = await readJson(c, conversationBodySchema, CONVERSATION_MAX_BYTES);
  return streamConversation(ctxOf(c), {
    background: c.executionCtx,
    scope,
    exerciseId,
    body,
    framing: framingFor(c, v2),
  });
}

async function handleGet(c: Context<AppEnv>, scope: ExerciseScope, exerciseId: string) {
  const parsed = historyQuery.safeParse(c.req.query());
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Invalid query.", "validation_error");
  return c.json({ conversation: await getConversation(ctxOf(c), scope, exerciseId, parsed.data.sectionType) });
}

const missingId = () => {
  throw badRequest("Exercise ID required.", "exercise_id_required");
};

/** Mounted at /api/conversations (spec §7): the design assistant of personal exercises. */
export const conversationRoutes = new Hono<AppEnv>()
  .use(ensureUser)
  .put("/v2/:exerciseId", (c) => handlePut(c, personal, requireId(c.req.param("exerciseId")), true))
  .put("/v2", missingId)
  .put("/v2/", missingId)
  .put("/", missingId)
  .put("/:exerciseId", (c) => handlePut(c, personal, requireId(c.req.param("exerciseId")), false))
  .get("/:exerciseId", (c) => handleGet(c, personal, requireId(c.req.param("exerciseId"))));

function campaignScoped(c: Context<AppEnv>) {
  const { campaignId, id } = requireCampaignIds(c.req.param("campaignId"), c.req.param("exerciseId"));
  return { scope: inCampaign(campaignId), id };
}

/** Mounted at /api/collaborate/campaigns/:campaignId/exercises: the campaign exercise's assistant. */
export const campaignConversationRoutes = new Hono<AppEnv>()
  .use(ensureUser)
  .put("/:exerciseId/conversations", (c) => {
    const { scope, id } = campaignScoped(c);
    return handlePut(c, scope, id, false);
  })
  // The editor's NDJSON framing (drafts, usage, interruptions) for campaign exercises, like /api/conversations/v2.
  .put("/:exerciseId/conversations/v2", (c) => {
    const { scope, id } = campaignScoped(c);
    return handlePut(c, scope, id, true);
  })
  .get("/:exerciseId/conversations", (c) => {
    const { scope, id } = campaignScoped(c);
    return handleGet(c, scope, id);
  });
