import { Hono } from "hono";
import { requireUser } from "../auth/middleware";
import { ctxOf } from "../context";
import { describe } from "../lib/route-meta";
import { jsonBody } from "../lib/validate";
import type { AppEnv } from "../types";
import { ASK_BODY_MAX_BYTES, askBodySchema, createChatBodySchema, renameChatBodySchema } from "../../shared/ask/model";
import { assistantSettings } from "../ai/assistant-settings";
import { listAskActions } from "./actions/catalogue";
import { askQuestion, createChat, deleteChat, getChat, listChats, renameChat } from "./service";

/** Mounted at /api/ask: Ask Readyroom chats of the signed-in user (another user's chat is a 404). */
export const askRoutes = new Hono<AppEnv>()
  .use(requireUser)
  .get("/actions", describe({ summary: "The named actions Ask offers (none unless the account's flag is on)" }), async (c) => {
    const settings = await assistantSettings(ctxOf(c));
    return c.json({ enabled: settings.actionsEnabled, actions: settings.actionsEnabled ? listAskActions() : [] });
  })
  .get("/chats", describe({ summary: "The caller's Ask chats" }), async (c) => c.json({ chats: await listChats(ctxOf(c)) }))
  .post("/chats", describe({ summary: "Start a chat" }), jsonBody(createChatBodySchema), async (c) => {
    const body = c.req.valid("json");
    return c.json({ chat: await createChat(ctxOf(c), body.title) }, 201);
  })
  .get("/chats/:id", describe({ summary: "One chat with its messages" }), async (c) => c.json(await getChat(ctxOf(c), c.req.param("id"))))
  .patch("/chats/:id", describe({ summary: "Rename a chat" }), jsonBody(renameChatBodySchema), async (c) => {
    const body = c.req.valid("json");
    return c.json({ chat: await renameChat(ctxOf(c), c.req.param("id"), body.title) });
  })
  .delete("/chats/:id", describe({ summary: "Delete a chat" }), async (c) => {
    await deleteChat(ctxOf(c), c.req.param("id"));
    return c.json({ success: true });
  })
  .put(
    "/chats/:id/messages",
    describe({ summary: "Ask a question; the cited answer streams back as NDJSON events", errors: [402, 502], produces: "application/x-ndjson" }),
    jsonBody(askBodySchema, { maxBytes: ASK_BODY_MAX_BYTES }),
    async (c) =>
      askQuestion(ctxOf(c), {
        background: c.executionCtx,
        chatId: c.req.param("id"),
        body: c.req.valid("json"),
      }),
  );

export type AskRoutes = typeof askRoutes;
