import { z } from "zod";
import { briefContentError } from "../../shared/briefs/limits";
import { composeBrief, withoutDiagnostics, type BriefSourceMetadata } from "../../shared/briefs/compose";
import { and, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import { teamShareColumn, teamSharedIds } from "../accounts/team-shares";
import type { UserContext } from "../context";
import type { Database } from "../db/client";
import type { ChatMessageShape } from "../db/shapes";
import { intelBriefs, type IntelBrief } from "../db/schema";
import { badRequest, notFound } from "../lib/errors";
import { purgeSharedBrief } from "./share-cache";
import { refreshSharedBrief } from "./share-page";
import { LIST_DEFAULT, type BriefListQuery, type CreateBriefInput, type UpdateBriefInput } from "./schemas";
import { toBriefView, type BriefPage, type BriefView, type ListedBrief } from "./views";
import { nowMs } from "../lib/clock";
import { ownChatMessage } from "../intelligence/chat-message";
import { notifySharedItemChanged } from "../notifications/events";

/**
 * Intelligence briefs: answers a planner saved to keep, edit and share. The API
 * (worker/briefs/routes.ts) and the /intelligence page call these functions. Every
 * query is scoped by the caller's user id: someone else's brief is "not found" (404), never 403.
 * Sharing lives in sharing.ts; an edit here renders the shared page again (share-page.ts), and
 * edits and deletes purge its edge copy.
 */

const BRIEF_NOT_FOUND = "Brief not found.";

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

/** The caller's briefs and those shared with their team (worker/accounts/team-shares.ts). */
export const readableBriefs = (userId: string) => or(eq(intelBriefs.userId, userId), inArray(intelBriefs.id, teamSharedIds("brief", userId)))!;

const listedColumns = {
  row: intelBriefs,
  team: teamShareColumn("brief", sql`"IntelBrief"."id"`),
  authorName: sql<string | null>`(SELECT coalesce(nullif(trim(u."name"), ''), u."email") FROM "User" u WHERE u."id" = "IntelBrief"."userId")`,
};

/** A brief the caller may read (their own, or shared with their team), else 404. */
async function findReadableBrief(ctx: UserContext, id: string): Promise<ListedBrief> {
  const [row] = await ctx.db
    .select(listedColumns)
    .from(intelBriefs)
    .where(and(eq(intelBriefs.id, id), readableBriefs(ctx.user.id)))
    .limit(1);
  if (!row) throw notFound(BRIEF_NOT_FOUND);
  return row;
}

/**
 * The caller's briefs and their team's shared ones, newest first, a page at a time (`nextCursor`
 * is null on the last page).
 */
export async function listBriefs(ctx: UserContext, { limit = LIST_DEFAULT, cursor }: Partial<BriefListQuery> = {}): Promise<BriefPage> {
  const mine = readableBriefs(ctx.user.id);
  const after = cursor
    ? or(lt(intelBriefs.createdAt, cursor.createdAt), and(eq(intelBriefs.createdAt, cursor.createdAt), lt(intelBriefs.id, cursor.id)))
    : undefined;
  // One extra row says whether another page exists without a count query.
  const rows = await ctx.db
    .select(listedColumns)
    .from(intelBriefs)
    .where(after ? and(mine, after) : mine)
    .orderBy(desc(intelBriefs.createdAt), desc(intelBriefs.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    briefs: page.map((b) => toBriefView(b, ctx.user.id)),
    nextCursor: rows.length > limit && last ? `${last.row.createdAt.getTime()}.${last.row.id}` : null,
  };
}

export async function getBrief(ctx: UserContext, id: string): Promise<BriefView> {
  return toBriefView(await findReadableBrief(ctx, id), ctx.user.id);
}

// ---------------------------------------------------------------------------------------------
// Writes

/** What a saved message's metadata says about its sources (answers saved before sources were kept have none). */
const sourceMetadataSchema = z
  .looseObject({
    citations: z.array(z.looseObject({ n: z.number() })).catch([]),
    documents: z.array(z.looseObject({ n: z.number(), documentName: z.string() })).catch([]),
    notice: z.string().nullish().catch(null),
  })
  .nullish()
  .catch(null);

/**
 * A brief from a chat answer: its words without the search's diagnostics, its sources listed, and
 * the planner's documents it quotes marked internal (sharing then asks first). A content the caller
 * wrote is kept, diagnostics aside.
 */
function fromMessage(message: ChatMessageShape, content: string | undefined): { content: string; internalSources: string[] } {
  const metadata = sourceMetadataSchema.parse((message as { metadata?: unknown }).metadata) as BriefSourceMetadata | null;
  const composed = composeBrief(message.content, metadata);
  return { content: content === undefined ? composed.content : withoutDiagnostics(content, metadata?.notice), internalSources: composed.internalSources };
}

export async function createBrief(ctx: UserContext, input: CreateBriefInput): Promise<BriefView> {
  const saved =
    input.chatId !== undefined && input.messageIndex !== undefined
      ? fromMessage((await ownChatMessage(ctx, input.chatId, input.messageIndex)).message, input.content)
      : { content: input.content ?? "", internalSources: [] };
  const problem = briefContentError(saved.content);
  if (problem) throw badRequest(problem, "validation_error", { fieldErrors: { content: problem } });
  const [row] = await ctx.db
    .insert(intelBriefs)
    .values({
      userId: ctx.user.id,
      title: input.title,
      content: saved.content.trim(),
      internalSources: saved.internalSources,
      chatId: input.chatId ?? null,
      messageIndex: input.messageIndex ?? null,
    })
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
  // The public page must not keep showing the old words: rendered now, once, then the edge copy dropped.
  if (row.shareToken) {
    await refreshSharedBrief(ctx, row.id);
    await purgeSharedBrief(ctx, row.shareToken);
  }
  await notifySharedItemChanged(ctx, { kind: "brief", itemId: row.id, name: row.title, actorId: ctx.user.id, at: nowMs() });
  return getBrief(ctx, row.id);
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
