import { sql, type SQL } from "drizzle-orm";
import type { UserContext } from "../context";
import type { Database } from "../db/client";
import { teamShares, type TeamShareAccess, type TeamShareKind } from "../db/schema";
import { nowMs } from "../lib/clock";
import { membershipOf } from "./membership";

/**
 * The team rule of who may open what (issue 29 item 4), beside the client rule of
 * worker/clients/access.ts, which composes both. A document, personal exercise or brief is private
 * to its author (spec §6) unless a TeamShare row shares it with a team; then every member of that
 * team may read it ("edit": exercises, under the edit lock) for as long as both the reader and the
 * author are members. Membership is read in the same statement as the item, so removing someone
 * from the team ends their access on their next request, and a departing author's items stop
 * being shared without anyone unsharing them. An item filed under an enterprise client follows
 * the client's assignments only: team sharing never widens who sees a client's work.
 */

const KINDS: Record<TeamShareKind, string> = { document: "'document'", exercise: "'exercise'", brief: "'brief'" };
const USER = "\u0000";

/** The shares of this kind that reach `user` (a placeholder or marker): the reader and the author both members of the team. */
function sharesReaching(kind: TeamShareKind, user: string): string {
  return `FROM "TeamShare" s
    JOIN "TeamMember" r ON r."teamId" = s."teamId" AND r."userId" = ${user}
    JOIN "TeamMember" a ON a."teamId" = s."teamId" AND a."userId" = s."ownerId"
    WHERE s."kind" = ${KINDS[kind]}`;
}

/**
 * Everyone an item's team share reaches: the members of its team while the author is one (the rule
 * above), and the author. Empty for a private item. (notifications: "a shared item changed".)
 */
export async function teamShareAudience(db: D1Database, kind: TeamShareKind, itemId: string): Promise<string[]> {
  const rows = await db
    .prepare(`SELECT r."userId" AS "userId", s."ownerId" AS "ownerId" ${sharesReaching(kind, 'r."userId"')} AND s."itemId" = ?1`)
    .bind(itemId)
    .all<{ userId: string; ownerId: string }>();
  return [...new Set(rows.results.flatMap((r) => [r.userId, r.ownerId]))];
}

/** Raw SQL text with USER in it, as drizzle SQL with `userId` bound there. */
function bindUser(text: string, userId: string): SQL {
  const [before, after] = text.split(USER);
  return sql`${sql.raw(before!)}${userId}${sql.raw(after!)}`;
}

/**
 * The ids of the items of this kind shared with `userId` through a team both they and the author
 * are in ("write": shared for editing). Not correlated with the item's row, so `id IN (…)` beside
 * an owner condition keeps SQLite on the primary key.
 */
export function teamSharedIds(kind: TeamShareKind, userId: string, access: "read" | "write" = "read"): SQL {
  return bindUser(`(SELECT s."itemId" ${sharesReaching(kind, USER)}${access === "write" ? ` AND s."access" = 'edit'` : ""})`, userId);
}

/** teamSharedIds for the D1 prepared statements of retrieval, with `user` a placeholder ("?2"). */
export function teamSharedIdsRaw(kind: TeamShareKind, user: string): string {
  return `(SELECT s."itemId" ${sharesReaching(kind, user)})`;
}

/**
 * A column: the access ("read" | "edit") the caller has to this row through a team share, or null.
 * `idColumn` is the item's id, qualified (`"Exercise"."id"`).
 */
export function teamAccessColumn(kind: TeamShareKind, idColumn: SQL, userId: string): SQL<TeamShareAccess | null> {
  return sql<TeamShareAccess | null>`${bindUser(`(SELECT s."access" ${sharesReaching(kind, USER)} AND s."itemId" = `, userId)}${idColumn} LIMIT 1)`;
}

/**
 * A column for lists: the item's live share as JSON text (`{"access","sharedBy"}`: who shared it,
 * by name or address), or null when it is private or its author has left the team. Read with
 * readShareColumn.
 */
export function teamShareColumn(kind: TeamShareKind, idColumn: SQL): SQL<string | null> {
  return sql<string | null>`(SELECT json_object('access', s."access", 'sharedBy', coalesce(nullif(trim(u."name"), ''), u."email"))
    FROM "TeamShare" s
    JOIN "TeamMember" a ON a."teamId" = s."teamId" AND a."userId" = s."ownerId"
    LEFT JOIN "User" u ON u."id" = s."sharedById"
    WHERE s."kind" = ${sql.raw(KINDS[kind])} AND s."itemId" = ${idColumn} LIMIT 1)`;
}

/** How a list shows an item's team share. */
export type TeamShareView = { access: TeamShareAccess; sharedBy: string | null };

export function readShareColumn(value: string | null | undefined): TeamShareView | null {
  if (!value) return null;
  const parsed = JSON.parse(value) as { access?: unknown; sharedBy?: unknown };
  return { access: parsed.access === "edit" ? "edit" : "read", sharedBy: typeof parsed.sharedBy === "string" ? parsed.sharedBy : null };
}

/** Whether a team share lets the caller do this: any share reads; "edit" shares also write. */
export function teamShareAllows(teamAccess: TeamShareAccess | null | undefined, access: "read" | "write"): boolean {
  if (!teamAccess) return false;
  return access === "read" || teamAccess === "edit";
}

/** The team the caller's new documents are shared with when its admins said so ("New documents are shared with the team"), else null. */
export async function defaultDocumentTeam(ctx: UserContext): Promise<string | null> {
  if (!ctx.config.TEAM_ACCOUNTS_ENABLED) return null;
  const membership = await membershipOf(ctx);
  const tenancy = membership.links[0]?.accountId;
  const team = membership.teams.find((t) => t.accountId === tenancy) ?? membership.teams[0];
  if (!team) return null;
  const row = await ctx.db.get<{ on: number } | undefined>(sql`SELECT "shareNewDocuments" AS "on" FROM "Team" WHERE "id" = ${team.teamId}`);
  return row?.on ? team.teamId : null;
}

/** The insert that shares an item with a team, or changes how (an item is shared with one team at most). */
export function shareStatement(
  db: Database,
  share: { teamId: string; kind: TeamShareKind; itemId: string; ownerId: string; access: TeamShareAccess; sharedById: string },
) {
  return db
    .insert(teamShares)
    .values(share)
    .onConflictDoUpdate({
      target: [teamShares.kind, teamShares.itemId],
      set: { teamId: share.teamId, access: share.access, sharedById: share.sharedById, updatedAt: new Date(nowMs()) },
    });
}
