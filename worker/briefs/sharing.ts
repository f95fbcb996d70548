import { and, eq } from "drizzle-orm";
import type { UserContext } from "../context";
import { intelBriefs, type IntelBrief } from "../db/schema";
import { shareActions, tokenUnchanged } from "../share/tokens";
import { HttpError } from "../lib/errors";
import type { ShareBriefInput } from "./schemas";
import { findOwnedBrief, getBrief } from "./service";
import type { BriefView } from "./views";
import { purgeSharedBrief } from "./share-cache";
import { refreshSharedBrief } from "./share-page";

/**
 * Sharing a brief publicly at /share/briefs/{token}: the token's life (share, rotate, revoke,
 * compare-and-set, purge) is worker/share/tokens.ts; this is only how a brief's row is read and
 * swapped. The public page itself is share-page.ts.
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
  render: (ctx, row) => refreshSharedBrief(ctx, row.id),
});

/**
 * Shares a brief. One that quotes the planner's own documents is refused (409, with their names)
 * until the caller confirms: a public page would show those passages to anyone with the link.
 */
export async function shareBrief(ctx: UserContext, id: string, input: ShareBriefInput = {}): Promise<BriefView> {
  const brief = await findOwnedBrief(ctx.db, ctx.user.id, id);
  if (brief.internalSources.length > 0 && !brief.shareToken && input.confirmInternal !== true) {
    throw new HttpError(409, "brief_quotes_internal", quotesInternalMessage(brief.internalSources), { internalSources: brief.internalSources });
  }
  // Read back with the team columns, so the answer keeps the brief's "Team" badge.
  return getBrief(ctx, (await briefSharing.share(ctx, id)).id);
}

function quotesInternalMessage(names: readonly string[]): string {
  const list = names.length > 3 ? `${names.slice(0, 3).join(", ")} and ${names.length - 3} more` : names.join(", ");
  return `This brief quotes your own documents (${list}). Its public page would show those passages to anyone with the link: confirm that you want to share it.`;
}
export const rotateShareToken = async (ctx: UserContext, id: string): Promise<BriefView> => getBrief(ctx, (await briefSharing.rotate(ctx, id)).id);
export const revokeShare = async (ctx: UserContext, id: string): Promise<BriefView> => getBrief(ctx, (await briefSharing.revoke(ctx, id)).id);
