import { and, eq } from "drizzle-orm";
import type { AppContext, UserContext } from "../context";
import { intelBriefs, type IntelBrief } from "../db/schema";
import { findByShareToken, shareActions, tokenUnchanged } from "../share/tokens";
import { BRIEF_NOT_FOUND, findOwnedBrief } from "./service";
import { toBriefView, type BriefView } from "./views";
import { purgeSharedBrief } from "./share-cache";

/**
 * Sharing a brief publicly at /share/briefs/{token}: the token's life (share, rotate, revoke,
 * compare-and-set, purge) is worker/share/tokens.ts; this is only how a brief's row is read and
 * swapped.
 */
const briefSharing = shareActions<IntelBrief>({
  noun: "brief",
  find: (ctx, id) => findOwnedBrief(ctx.db, ctx.user.id, id),
  async swap(ctx, row, next) {
    const [updated] = await ctx.db
      .update(intelBriefs)
      // updatedAt kept: sharing is not an edit of the brief's words.
      .set({ shareToken: next, updatedAt: row.updatedAt })
      .where(and(eq(intelBriefs.id, row.id), eq(intelBriefs.userId, ctx.user.id), tokenUnchanged(intelBriefs.shareToken, row.shareToken)))
      .returning();
    return updated ?? null;
  },
  purge: purgeSharedBrief,
});

export const shareBrief = async (ctx: UserContext, id: string): Promise<BriefView> => toBriefView(await briefSharing.share(ctx, id));
export const rotateShareToken = async (ctx: UserContext, id: string): Promise<BriefView> => toBriefView(await briefSharing.rotate(ctx, id));
export const revokeShare = async (ctx: UserContext, id: string): Promise<BriefView> => toBriefView(await briefSharing.revoke(ctx, id));

export type SharedBrief = Pick<IntelBrief, "title" | "content" | "createdAt" | "updatedAt">;

/** The brief behind a public token (one indexed read by the unique token). */
export async function findSharedBrief(ctx: AppContext, token: string): Promise<SharedBrief> {
  const row = await findByShareToken(token, BRIEF_NOT_FOUND, async (t) => {
    const [found] = await ctx.db
      .select({ title: intelBriefs.title, content: intelBriefs.content, createdAt: intelBriefs.createdAt, updatedAt: intelBriefs.updatedAt, shareToken: intelBriefs.shareToken })
      .from(intelBriefs)
      .where(eq(intelBriefs.shareToken, t))
      .limit(1);
    return found;
  });
  return { title: row.title, content: row.content, createdAt: row.createdAt, updatedAt: row.updatedAt };
}
