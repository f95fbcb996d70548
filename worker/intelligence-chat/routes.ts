import { Hono } from "hono";
import { requireUser } from "../auth/middleware";
import { ctxOf } from "../context";
import { readJson } from "../lib/http";
import type { AppEnv } from "../types";
import { createIntelChatBodySchema, INTEL_BODY_MAX_BYTES, intelQuestionBodySchema } from "../../shared/intelligence-chat/model";
import { askIntelligence, createIntelChat, deleteIntelChat, getIntelChat, listIntelChats } from "./service";

/**
 * Mounted at /api/intelligence/chats: the signed-in user's intelligence chats (another user's chat
 * is a 404). A question is PUT (or POSTed) to /{id}/messages and answered as an NDJSON stream.
 */
export const intelligenceChatRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/", async (c) => c.json({ chats: await listIntelChats(ctxOf(c)) }))
  .post("/", async (c) => {
    await readJson(c, createIntelChatBodySchema);
    return c.json({ chat: await createIntelChat(ctxOf(c)) }, 201);
  })
  .get("/:id", async (c) => c.json(await getIntelChat(ctxOf(c), c.req.param("id"))))
  .delete("/:id", async (c) => {
    await deleteIntelChat(ctxOf(c), c.req.param("id"));
    return c.json({ success: true });
  })
  .on(["PUT", "POST"], "/:id/messages", async (c) => {
    const body = await readJson(c, intelQuestionBodySchema, INTEL_BODY_MAX_BYTES);
    return askIntelligence(ctxOf(c), { background: c.executionCtx, chatId: c.req.param("id"), body });
  });
