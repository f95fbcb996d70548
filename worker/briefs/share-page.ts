import { eq, sql } from "drizzle-orm";
import type { AppContext } from "../context";
import { intelBriefs, sharedPages, type IntelBrief } from "../db/schema";
import { markdownToHtml } from "../share/markdown-html";
import type { SharePage } from "../share/page";
import { sharedPageRoute } from "../share/public-route";
import { storedPages } from "../share/stored-page";
import { sharedBriefPath } from "../share/paths";

/**
 * The public page of a shared brief (mounted at /share/briefs): no sign-in, only the brief's
 * title, date and content. Rendered when the brief is shared or edited and served from its stored
 * HTML (worker/share/stored-page.ts); edge-cached by worker/share/public-route.ts; owners' changes
 * purge it (share-cache.ts).
 */

export type SharedBrief = Pick<IntelBrief, "title" | "content" | "updatedAt">;

/** What a brief's page shows: its Markdown rendered, the one costly step (done once per change). */
export function briefPage(brief: SharedBrief): SharePage {
  return { kind: "Intelligence brief", title: brief.title, date: { label: "Last updated", at: brief.updatedAt }, bodyHtml: markdownToHtml(brief.content) };
}

export const briefPages = storedPages<SharedBrief>({
  noun: "brief",
  table: intelBriefs,
  columns: { id: intelBriefs.id, userId: intelBriefs.userId, shareToken: intelBriefs.shareToken },
  pageColumn: sharedPages.briefId,
  // Every edit stamps updatedAt; sharing keeps it (sharing.ts).
  stamp: sql`${intelBriefs.updatedAt}`,
  async readSource(ctx, id, version) {
    const [row] = await ctx.db
      .select({ title: intelBriefs.title, content: intelBriefs.content, updatedAt: intelBriefs.updatedAt, version })
      .from(intelBriefs)
      .where(eq(intelBriefs.id, id))
      .limit(1);
    return row && { version: row.version, source: { title: row.title, content: row.content, updatedAt: row.updatedAt } };
  },
  render: briefPage,
});

export const briefSharePage = sharedPageRoute({ pathOf: sharedBriefPath, render: (ctx, token) => briefPages.serve(ctx, token) });

/** Renders a shared brief's page after a change, before its edge copy is purged. */
export const refreshSharedBrief = (ctx: AppContext, id: string) => briefPages.refresh(ctx, id);
