import { Hono, type Context } from "hono";
import { z } from "zod";
import { badRequest } from "../lib/errors";
import { describe } from "../lib/route-meta";
import { jsonBody, querySchema } from "../lib/validate";
import { requireUser } from "../auth/middleware";
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

type ConversationBody = z.output<typeof conversationBodySchema>;
type HistoryQuery = z.output<typeof historyQuery>;

const putDoc = describe({ summary: "Ask the design assistant (a streamed answer: text, or NDJSON on v2)", errors: [402, 423, 429], produces: "text/plain" });
const getDoc = describe({ summary: "The assistant conversation of an exercise section" });
const conversationBody = jsonBody(conversationBodySchema, { maxBytes: CONVERSATION_MAX_BYTES });
const conversationQuery = querySchema(historyQuery);

function handlePut(c: Context<AppEnv>, scope: ExerciseScope, exerciseId: string, v2: boolean, body: ConversationBody) {
  return streamConversation(ctxOf(c), {
    background: c.executionCtx,
    scope,
    exerciseId,
    body,
    framing: framingFor(c, v2),
  });
}

async function conversationOf(c: Context<AppEnv>, scope: ExerciseScope, exerciseId: string, query: HistoryQuery) {
  return { conversation: await getConversation(ctxOf(c), scope, exerciseId, query.sectionType) };
}

const missingId = (): Response => {
  throw badRequest("Exercise ID required.", "exercise_id_required");
};

/** Mounted at /api/conversations (spec §7): the design assistant of personal exercises. */
export const conversationRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .put("/v2/:exerciseId", putDoc, conversationBody, (c) => handlePut(c, personal, requireId(c.req.param("exerciseId")), true, c.req.valid("json")))
  .put("/v2", describe({ summary: "No exercise id given (answers 400)", internal: true }), missingId)
  .put("/v2/", describe({ summary: "No exercise id given (answers 400)", internal: true }), missingId)
  .put("/", describe({ summary: "No exercise id given (answers 400)", internal: true }), missingId)
  .put("/:exerciseId", putDoc, conversationBody, (c) => handlePut(c, personal, requireId(c.req.param("exerciseId")), false, c.req.valid("json")))
  .get("/:exerciseId", getDoc, conversationQuery, async (c) =>
    c.json(await conversationOf(c, personal, requireId(c.req.param("exerciseId")), c.req.valid("query"))),
  );

function campaignScoped(c: Context<AppEnv>) {
  const { campaignId, id } = requireCampaignIds(c.req.param("campaignId"), c.req.param("exerciseId"));
  return { scope: inCampaign(campaignId), id };
}

/**
 * The campaign exercise's assistant, at /api/collaborate/campaigns/:campaignId/exercises: part of
 * the /api/collaborate/campaigns router (worker/collaborate/routes.ts), which signs the caller in.
 */
export const campaignConversationRoutes = new Hono<AppEnv>()
  .put("/:exerciseId/conversations", putDoc, conversationBody, (c) => {
    const { scope, id } = campaignScoped(c);
    return handlePut(c, scope, id, false, c.req.valid("json"));
  })
  // The editor's NDJSON framing (drafts, usage, interruptions) for campaign exercises, like /api/conversations/v2.
  .put("/:exerciseId/conversations/v2", putDoc, conversationBody, (c) => {
    const { scope, id } = campaignScoped(c);
    return handlePut(c, scope, id, true, c.req.valid("json"));
  })
  .get("/:exerciseId/conversations", getDoc, conversationQuery, async (c) => {
    const { scope, id } = campaignScoped(c);
    return c.json(await conversationOf(c, scope, id, c.req.valid("query")));
  });
