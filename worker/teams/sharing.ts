import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { shareStatement, type TeamShareView } from "../accounts/team-shares";
import { auditStatement } from "../audit/log";
import type { UserContext } from "../context";
import { teamMembers, teamShareKinds, teamShares, teams, type TeamShareKind } from "../db/schema";
import { accessChanged } from "../lib/access-changes";
import { badRequest, forbidden, notFound } from "../lib/errors";
import { requireCallerTeam, requireTeamAdmin } from "./team";

/**
 * Sharing with the team (issue 29 item 4): the author of a document, personal exercise or brief,
 * or an admin of the author's team, shares it with that team to read (or, for an exercise, to
 * edit under the edit lock), or makes it private again. Who may then open it is the rule of
 * worker/accounts/team-shares.ts. The team's setting "New documents are shared with the team" is
 * here too.
 */

export const shareParamSchema = z.object({
  kind: z.enum(teamShareKinds, { error: "kind must be document, exercise or brief." }),
  id: z.string().min(1, "An id is required.").max(200, "That id is too long."),
});

export const shareBodySchema = z.object({ access: z.enum(["private", "read", "edit"], { error: "access must be private, read or edit." }) }).strict();

export const teamSettingsSchema = z.object({ shareNewDocuments: z.boolean({ error: "shareNewDocuments must be true or false." }) }).strict();

export type TeamShareAnswer = { kind: TeamShareKind; id: string; team: TeamShareView | null };
export type TeamSettingsView = { shareNewDocuments: boolean };

const NOT_FOUND: Record<TeamShareKind, string> = { document: "Document not found.", exercise: "Exercise not found.", brief: "Brief not found." };

/** The item's author and whether it is filed under an enterprise client (then its client decides who sees it). */
async function itemOf(ctx: UserContext, kind: TeamShareKind, id: string): Promise<{ ownerId: string; filed: boolean } | null> {
  const query =
    kind === "document"
      ? sql`SELECT d."userId" AS "ownerId", EXISTS (SELECT 1 FROM "ContextAssignment" ca WHERE ca."contextId" = d."contextId" AND ca."clientId" IS NOT NULL) AS "filed" FROM "Document" d WHERE d."id" = ${id}`
      : kind === "exercise"
        ? sql`SELECT e."userId" AS "ownerId", json_extract(e."metadata", '$.clientId') IS NOT NULL AS "filed" FROM "Exercise" e WHERE e."id" = ${id}`
        : sql`SELECT b."userId" AS "ownerId", 0 AS "filed" FROM "IntelBrief" b WHERE b."id" = ${id}`;
  const row = await ctx.db.get<{ ownerId: string; filed: number } | undefined>(query);
  return row ? { ownerId: row.ownerId, filed: Boolean(row.filed) } : null;
}

/**
 * PUT /api/teams/shares/:kind/:id. The author (a member of the team) or an admin of the team the
 * author is in; anyone else who can see the item gets 403, and everyone else 404, as for a missing
 * item. "edit" is for exercises; an item filed under a client is refused (400).
 */
export async function setTeamShare(ctx: UserContext, kind: TeamShareKind, id: string, access: "private" | "read" | "edit"): Promise<TeamShareAnswer> {
  const team = await requireCallerTeam(ctx);
  const item = await itemOf(ctx, kind, id);
  if (!item) throw notFound(NOT_FOUND[kind]);
  const own = item.ownerId === ctx.user.id;
  if (!own) {
    const [authorInTeam] = await ctx.db
      .select({ id: teamMembers.id })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, team.teamId), eq(teamMembers.userId, item.ownerId)))
      .limit(1);
    if (!authorInTeam) throw notFound(NOT_FOUND[kind]);
    if (team.role !== "ADMIN") {
      // A plain member learns nothing of a colleague's private item; one shared with them is theirs to read, not to share.
      const [visible] = await ctx.db
        .select({ id: teamShares.id })
        .from(teamShares)
        .where(and(eq(teamShares.kind, kind), eq(teamShares.itemId, id), eq(teamShares.teamId, team.teamId)))
        .limit(1);
      if (!visible) throw notFound(NOT_FOUND[kind]);
      throw forbidden("Only its author or a team admin can change who it is shared with.");
    }
  }
  if (access === "edit" && kind !== "exercise") throw badRequest("Only exercises can be shared for editing; share it to read.", "edit_exercises_only");
  if (item.filed && access !== "private") {
    throw badRequest(
      "This is filed under a client: the client's assignments decide who sees it. Assign colleagues to the client instead.",
      "filed_under_client",
    );
  }
  const audit = (action: string) =>
    auditStatement(ctx.db, {
      accountId: team.accountId,
      actorId: ctx.user.id,
      targetUserId: item.ownerId,
      action,
      metadata: { teamId: team.teamId, kind, itemId: id, access },
    });
  if (access === "private") {
    await ctx.db.batch([ctx.db.delete(teamShares).where(and(eq(teamShares.kind, kind), eq(teamShares.itemId, id))), audit("team.item_unshared")]);
  } else {
    await ctx.db.batch([
      shareStatement(ctx.db, { teamId: team.teamId, kind, itemId: id, ownerId: item.ownerId, access, sharedById: ctx.user.id }),
      audit("team.item_shared"),
    ]);
  }
  // Fewer rights for the team: open conduct sockets of its members are checked again at once.
  if (access !== "edit") await accessChanged(ctx, await memberIds(ctx, team.teamId));
  return { kind, id, team: access === "private" ? null : await shareViewOf(ctx, kind, id) };
}

async function memberIds(ctx: UserContext, teamId: string): Promise<string[]> {
  const rows = await ctx.db.select({ userId: teamMembers.userId }).from(teamMembers).where(eq(teamMembers.teamId, teamId));
  return rows.map((r) => r.userId).filter((userId) => userId !== ctx.user.id);
}

async function shareViewOf(ctx: UserContext, kind: TeamShareKind, id: string): Promise<TeamShareView | null> {
  const row = await ctx.db.get<{ access: "read" | "edit"; sharedBy: string | null } | undefined>(sql`
    SELECT s."access" AS "access", coalesce(nullif(trim(u."name"), ''), u."email") AS "sharedBy"
    FROM "TeamShare" s LEFT JOIN "User" u ON u."id" = s."sharedById"
    WHERE s."kind" = ${kind} AND s."itemId" = ${id}`);
  return row ? { access: row.access, sharedBy: row.sharedBy } : null;
}

/** GET /api/teams/settings: the caller's team's settings (any member reads them; 404 without a team). */
export async function getTeamSettings(ctx: UserContext): Promise<TeamSettingsView> {
  const team = await requireCallerTeam(ctx);
  const [row] = await ctx.db.select({ shareNewDocuments: teams.shareNewDocuments }).from(teams).where(eq(teams.id, team.teamId)).limit(1);
  return { shareNewDocuments: Boolean(row?.shareNewDocuments) };
}

/** PATCH /api/teams/settings (admins): "New documents are shared with the team". Documents already uploaded keep their sharing. */
export async function updateTeamSettings(ctx: UserContext, input: TeamSettingsView): Promise<TeamSettingsView> {
  const team = await requireTeamAdmin(ctx);
  await ctx.db.batch([
    ctx.db.update(teams).set({ shareNewDocuments: input.shareNewDocuments }).where(eq(teams.id, team.teamId)),
    auditStatement(ctx.db, { accountId: team.accountId, actorId: ctx.user.id, action: "team.settings_changed", metadata: { teamId: team.teamId, ...input } }),
  ]);
  return getTeamSettings(ctx);
}
