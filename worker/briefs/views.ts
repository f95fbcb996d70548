import type { IntelBrief } from "../db/schema";
import { sharedBriefPath } from "../share/paths";

/** What the API and the /intelligence page get for a brief (the browser imports these types). */

export type BriefView = {
  id: string;
  title: string;
  content: string;
  chatId: string | null;
  messageIndex: number | null;
  /** Set only while the brief is shared; the public page is `sharePath` on the app's address. */
  shareToken: string | null;
  sharePath: string | null;
  /** The planner's own documents the brief quotes: sharing it publicly asks for confirmation. */
  internalSources: string[];
  /** Part of the sample workspace (worker/sample): listed with a "Sample" badge. */
  sample: boolean;
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
    internalSources: row.internalSources,
    sample: row.sample,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
