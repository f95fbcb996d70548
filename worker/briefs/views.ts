import type { IntelBrief } from "../db/schema";
import { readShareColumn, type TeamShareView } from "../accounts/team-shares";
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
  /** The caller wrote it; a colleague's brief shared with their team is read-only (no chat, no public link). */
  mine: boolean;
  /** Shared with the caller's team: how and by whom; null when private. */
  team: TeamShareView | null;
  /** Who wrote a colleague's brief (null for the caller's own). */
  authorName: string | null;
  createdAt: string;
  updatedAt: string;
};

export type BriefPage = { briefs: BriefView[]; nextCursor: string | null };

/** A brief as read with its team columns (service.ts); the author's own writes answer the bare row. */
export type ListedBrief = { row: IntelBrief; team?: string | null; authorName?: string | null };

export function toBriefView(brief: IntelBrief | ListedBrief, viewerId?: string): BriefView {
  const { row, team, authorName } = "row" in brief ? brief : { row: brief, team: undefined, authorName: null };
  const mine = viewerId === undefined || row.userId === viewerId;
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    internalSources: row.internalSources,
    sample: row.sample,
    // The author's chat and public link stay theirs to use and manage.
    chatId: mine ? row.chatId : null,
    messageIndex: mine ? row.messageIndex : null,
    shareToken: mine ? row.shareToken : null,
    sharePath: mine && row.shareToken ? sharedBriefPath(row.shareToken) : null,
    mine,
    team: readShareColumn(team),
    authorName: mine ? null : (authorName ?? null),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
