import { markdownToHtml } from "../share/markdown-html";
import { sharePageResponse } from "../share/page";
import { sharedPageRoute } from "../share/public-route";
import { sharedBriefPath } from "./limits";
import { findSharedBrief } from "./sharing";

/**
 * The public page of a shared brief (mounted at /share/briefs): no sign-in, only the brief's
 * title, date and content. Edge-cached by worker/share/public-route.ts; owners' changes purge it
 * (share-cache.ts).
 */
export const briefSharePage = sharedPageRoute({
  pathOf: sharedBriefPath,
  async render(ctx, token) {
    const brief = await findSharedBrief(ctx, token);
    return sharePageResponse({
      kind: "Intelligence brief",
      title: brief.title,
      date: { label: "Last updated", at: brief.updatedAt },
      bodyHtml: markdownToHtml(brief.content),
    });
  },
});
