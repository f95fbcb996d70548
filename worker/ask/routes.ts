import { Hono } from "hono";
import { requireUser } from "../auth/middleware";
import { ctxOf } from "../context";
import { bodyLimit } from "../lib/route-meta";
import { readJson } from "../lib/http";
import type { AppEnv } from "../types";
import { ASK_BODY_MAX_BYTES, askBodySchema, createChatBodySchema, renameChatBodySchema } from "../../shared/ask/model";
import { assistantSettings } from "../ai/assistant-settings";
import { listAskActions } from "./actions/catalogue";
import { askQuestion, createChat, deleteChat, getChat, listChats, renameChat } from "./service";

/** Mounted at /api/ask: Ask Readyroom chats of the signed-in user (another user's chat is a 404). */
export const askRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/actions", async (c) => {
    const settings = await assistantSettings(ctxOf(c));
    return c.json({ enabled: settings.actionsEnabled, actions: settings.actionsEnabled ? listAskActions() : [] });
  })
  .get("/chats", async (c) => c.json({ chats: await listChats(ctxOf(c)) }))
  .post("/chats", async (c) => {
    const body = await readJson(c, createChatBodySchema);
    return c.json({ chat: await createChat(ctxOf(c), body.title) }, 201);
  })
  .get("/chats/:id", async (c) => c.json(await getChat(ctxOf(c), c.req.param("id"))))
  .patch("/chats/:id", async (c) => {
    const body = await readJson(c, renameChatBodySchema);
    return c.json({ chat: await renameChat(ctxOf(c), c.req.param("id"), body.title) });
  })
  .delete("/chats/:id", async (c) => {
    await deleteChat(ctxOf(c), c.req.param("id"));
    return c.json({ success: true });
  })
  .put("/chats/:id/messages", bodyLimit(ASK_BODY_MAX_BYTES), async (c) => {
    const body = await readJson(c, askBodySchema, ASK_BODY_MAX_BYTES);
    return askQuestion(ctxOf(c), {
      background: c.executionCtx,
      chatId: c.req.param("id"),
      body,
    });
  });
