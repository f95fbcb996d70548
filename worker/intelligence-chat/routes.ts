import { Hono } from "hono";
import { requireUser } from "../auth/middleware";
import { ctxOf } from "../context";
import { describe } from "../lib/route-meta";
import { jsonBody } from "../lib/validate";
import type { AppEnv } from "../types";
import { createIntelChatBodySchema, INTEL_BODY_MAX_BYTES, intelQuestionBodySchema } from "../../shared/intelligence-chat/model";
import { askIntelligence, createIntelChat, deleteIntelChat, getIntelChat, listIntelChats } from "./service";

/**
 * Mounted at /api/intelligence/chats: the signed-in user's intelligence chats (another user's chat
 * is a 404). A question is PUT (or POSTed) to /{id}/messages and answered as an NDJSON stream.
 */
export const intelligenceChatRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", describe({ summary: "The caller's intelligence chats" }), async (c) => c.json({ chats: await listIntelChats(ctxOf(c)) }))
  .post("/", describe({ summary: "Start an intelligence chat" }), jsonBody(createIntelChatBodySchema), async (c) =>
    c.json({ chat: await createIntelChat(ctxOf(c)) }, 201),
  )
  .get("/:id", describe({ summary: "One intelligence chat with its messages" }), async (c) => c.json(await getIntelChat(ctxOf(c), c.req.param("id"))))
  .delete("/:id", describe({ summary: "Delete an intelligence chat" }), async (c) => {
    await deleteIntelChat(ctxOf(c), c.req.param("id"));
    return c.json({ success: true as const });
  })
  .on(
    ["PUT", "POST"],
    "/:id/messages",
    describe({ summary: "Ask a question in a chat (the answer streams as NDJSON events)", errors: [402, 409, 502], produces: "application/x-ndjson" }),
    jsonBody(intelQuestionBodySchema, { maxBytes: INTEL_BODY_MAX_BYTES }),
    async (c) => askIntelligence(ctxOf(c), { background: c.executionCtx, chatId: c.req.param("id"), body: c.req.valid("json") }),
  );

export type IntelligenceChatRoutes = typeof intelligenceChatRoutes;
