import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { IntelCitation } from "../../shared/intelligence/citation";
import type { UserContext } from "../context";
import type { ChatMessageShape } from "../db/shapes";
import { intelligenceChats } from "../db/schema";
import { badRequest, notFound } from "../lib/errors";
import { safeCitations } from "./digest";

const CHAT_NOT_FOUND = "Chat not found.";

/**
 * One message of one of the caller's intelligence chats, as a brief or an inject points at it
 * (chatId + messageIndex), with the question asked just before it. Someone else's chat is "not
 * found", like a missing one: nothing can point into another user's conversation.
 */
export async function ownChatMessage(ctx: UserContext, chatId: string, messageIndex: number): Promise<{ message: ChatMessageShape; asked: string | null }> {
  const [chat] = await ctx.db
    .select({ messages: intelligenceChats.messages })
    .from(intelligenceChats)
    .where(and(eq(intelligenceChats.id, chatId), eq(intelligenceChats.userId, ctx.user.id)))
    .limit(1);
  if (!chat) throw notFound(CHAT_NOT_FOUND);
  if (messageIndex >= chat.messages.length) {
    throw badRequest(`That chat has no message ${messageIndex}.`, "validation_error", { fieldErrors: { messageIndex: "No such message in that chat." } });
  }
  const before = chat.messages[messageIndex - 1];
  return { message: chat.messages[messageIndex]!, asked: before?.role === "user" ? before.content : null };
}

const KINDS = ["news", "hazard-alert", "earthquake", "disaster-declaration"] as const;
const storedCitation = z.object({
  n: z.number().int(),
  itemId: z.string(),
  title: z.string(),
  publisher: z.string(),
  publishedAt: z.string(),
  url: z.string().nullish().catch(null),
  kind: z.enum(KINDS).catch("news"),
  sourceName: z.string().catch(""),
});
const storedAnswer = z.looseObject({
  citations: z.array(z.unknown()).catch([]),
  notice: z.string().nullish().catch(null),
  offline: z.boolean().nullish().catch(null),
});

/**
 * What an answer's saved metadata says of its sources: the numbered items it cited (links through
 * safeHref again: answers saved before filtering may hold any URL), the feeds' notice, and whether
 * it was the offline digest. A question, or an answer saved before sources were kept, has none.
 */
export function answerSourcesOf(message: ChatMessageShape): { citations: IntelCitation[]; notice: string | null; offline: boolean } {
  const meta = storedAnswer
    .nullish()
    .catch(null)
    .parse((message as { metadata?: unknown }).metadata);
  const citations = (meta?.citations ?? []).flatMap((c) => {
    const parsed = storedCitation.safeParse(c);
    return parsed.success ? [{ ...parsed.data, url: parsed.data.url ?? null }] : [];
  });
  return { citations: safeCitations(citations), notice: meta?.notice ?? null, offline: meta?.offline === true };
}
