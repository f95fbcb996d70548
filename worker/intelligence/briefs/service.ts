import { and, desc, eq, lt, or } from "drizzle-orm";
import { z } from "zod";
import type { UserContext } from "../../context";
import type { Database } from "../../db/client";
import { intelBriefs, intelligenceChats, type IntelBrief } from "../../db/schema";
import { badRequest, notFound } from "../../lib/errors";
import { purgeSharedBrief } from "./share-cache";
import { BRIEF_CONTENT_MAX, BRIEF_MESSAGES, BRIEF_TITLE_MAX, sharedBriefPath } from "./limits";

/**
 * Intelligence briefs: answers a planner saved to keep, edit and share. The API
 * (worker/intelligence/briefs/routes.ts) and the /intelligence page call these functions. Every
 * query is scoped by the caller's user id: someone else's brief is "not found" (404), never 403.
 * Sharing lives in sharing.ts; edits and deletes here purge the shared page's edge copy.
 */

export const BRIEF_NOT_FOUND = "Brief not found.";
export const CHAT_NOT_FOUND = "Chat not found.";

export const LIST_DEFAULT = 20;
export const LIST_MAX = 50;

// ---------------------------------------------------------------------------------------------
// Shapes at the edge

const titleSchema = z
  .string({ error: BRIEF_MESSAGES.titleRequired })
  .trim()
  .min(1, BRIEF_MESSAGES.titleRequired)
  .max(BRIEF_TITLE_MAX, BRIEF_MESSAGES.titleTooLong);

const contentSchema = z
  .string({ error: BRIEF_MESSAGES.contentRequired })
  .trim()
  .min(1, BRIEF_MESSAGES.contentRequired)
  .max(BRIEF_CONTENT_MAX, BRIEF_MESSAGES.contentTooLong);

export const createBriefSchema = z
  .object({
    title: titleSchema,
    content: contentSchema,
    chatId: z.string({ error: "chatId must be a string." }).trim().min(1, "chatId must not be empty.").max(64, "chatId is too long.").optional(),
    messageIndex: z
      .number({ error: "messageIndex must be a whole number." })
      .int("messageIndex must be a whole number.")
      .min(0, "messageIndex must be 0 or more.")
      .max(100_000, "messageIndex is too large.")
      .optional(),
  })
  // A brief points at one message of one chat, or at nothing: half a pointer is a mistake.
  .refine((b) => (b.chatId === undefined) === (b.messageIndex === undefined), {
    message: "Give chatId and messageIndex together, or neither.",
    path: ["messageIndex"],
  });
export type CreateBriefInput = z.infer<typeof createBriefSchema>;

export const updateBriefSchema = z
  .object({ title: titleSchema.optional(), content: contentSchema.optional() })
  .refine((b) => b.title !== undefined || b.content !== undefined, { message: "Give a new title or content.", path: ["_"] });
export type UpdateBriefInput = z.infer<typeof updateBriefSchema>;

/** A page's position: the last brief seen, as "<createdAt ms>.<id>" (newest-first order is by both). */
const cursorSchema = z
  .string()
  .regex(/^\d{1,16}\.[A-Za-z0-9-]{1,64}$/, "cursor is not one this list gave out.")
  .transform((s) => {
    const dot = s.indexOf(".");
    return { createdAt: new Date(Number(s.slice(0, dot))), id: s.slice(dot + 1) };
  });

export const listQuerySchema = z.object({
  limit: z.coerce.number({ error: "limit must be a number." }).int("limit must be a whole number.").min(1, "limit must be at least 1.").max(LIST_MAX, `limit must be at most ${LIST_MAX}.`).default(LIST_DEFAULT),
  cursor: cursorSchema.optional(),
});
export type BriefListQuery = z.output<typeof listQuerySchema>;

export type BriefView = {
  id: string;
  title: string;
  content: string;
  chatId: string | null;
  messageIndex: number | null;
  /** Set only while the brief is shared; the public page is `sharePath` on the app's address. */
  shareToken: string | null;
  sharePath: string | null;
  createdAt: string;
  updatedAt: string;
};

export type BriefPage = { briefs: BriefView[]; nextCursor: string | null };

export function toBriefView(row: IntelBrief): BriefView {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    chatId: row.chatId,
    messageIndex: row.messageIndex,
    shareToken: row.shareToken,
    sharePath: row.shareToken ? sharedBriefPath(row.shareToken) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Reads

export async function findOwnedBrief(db: Database, userId: string, id: string): Promise<IntelBrief> {
  const [row] = await db
    .select()
    .from(intelBriefs)
    .where(and(eq(intelBriefs.id, id), eq(intelBriefs.userId, userId)))
    .limit(1);
  if (!row) throw notFound(BRIEF_NOT_FOUND);
  return row;
}

/** The caller's briefs, newest first, a page at a time (`nextCursor` is null on the last page). */
export async function listBriefs(ctx: UserContext, { limit = LIST_DEFAULT, cursor }: Partial<BriefListQuery> = {}): Promise<BriefPage> {
  const mine = eq(intelBriefs.userId, ctx.user.id);
  const after = cursor
    ? or(lt(intelBriefs.createdAt, cursor.createdAt), and(eq(intelBriefs.createdAt, cursor.createdAt), lt(intelBriefs.id, cursor.id)))
    : undefined;
  // One extra row says whether another page exists without a count query.
  const rows = await ctx.db
    .select()
    .from(intelBriefs)
    .where(after ? and(mine, after) : mine)
    .orderBy(desc(intelBriefs.createdAt), desc(intelBriefs.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    briefs: page.map(toBriefView),
    nextCursor: rows.length > limit && last ? `${last.createdAt.getTime()}.${last.id}` : null,
  };
}

export async function getBrief(ctx: UserContext, id: string): Promise<BriefView> {
  return toBriefView(await findOwnedBrief(ctx.db, ctx.user.id, id));
}

// ---------------------------------------------------------------------------------------------
// Writes

/**
 * The chat a brief says it came from must be the caller's and hold that message: a brief cannot
 * point into someone else's conversation. Someone else's chat is "not found", like their briefs.
 */
async function assertOwnChatMessage(ctx: UserContext, chatId: string, messageIndex: number): Promise<void> {
  const [chat] = await ctx.db
    .select({ messages: intelligenceChats.messages })
    .from(intelligenceChats)
    .where(and(eq(intelligenceChats.id, chatId), eq(intelligenceChats.userId, ctx.user.id)))
    .limit(1);
  if (!chat) throw notFound(CHAT_NOT_FOUND);
  if (messageIndex >= chat.messages.length) {
    throw badRequest(`That chat has no message ${messageIndex}.`, "validation_error", { fieldErrors: { messageIndex: "No such message in that chat." } });
  }
}

export async function createBrief(ctx: UserContext, input: CreateBriefInput): Promise<BriefView> {
  if (input.chatId !== undefined && input.messageIndex !== undefined) await assertOwnChatMessage(ctx, input.chatId, input.messageIndex);
  const [row] = await ctx.db
    .insert(intelBriefs)
    .values({ userId: ctx.user.id, title: input.title, content: input.content, chatId: input.chatId ?? null, messageIndex: input.messageIndex ?? null })
    .returning();
  return toBriefView(row!);
}

export async function updateBrief(ctx: UserContext, id: string, input: UpdateBriefInput): Promise<BriefView> {
  const [row] = await ctx.db
    .update(intelBriefs)
    .set({ ...(input.title !== undefined ? { title: input.title } : {}), ...(input.content !== undefined ? { content: input.content } : {}) })
    .where(and(eq(intelBriefs.id, id), eq(intelBriefs.userId, ctx.user.id)))
    .returning();
  if (!row) throw notFound(BRIEF_NOT_FOUND);
  // The public page must not keep showing the old words.
  if (row.shareToken) await purgeSharedBrief(ctx, row.shareToken);
  return toBriefView(row);
}

export async function deleteBrief(ctx: UserContext, id: string): Promise<{ success: true }> {
  const [row] = await ctx.db
    .delete(intelBriefs)
    .where(and(eq(intelBriefs.id, id), eq(intelBriefs.userId, ctx.user.id)))
    .returning({ shareToken: intelBriefs.shareToken });
  if (!row) throw notFound(BRIEF_NOT_FOUND);
  if (row.shareToken) await purgeSharedBrief(ctx, row.shareToken);
  return { success: true };
}
