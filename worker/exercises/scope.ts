import { and, eq, sql } from "drizzle-orm";
import { assertCampaignAccess } from "../accounts/collaborate";
import type { UserContext } from "../context";
import { campaignExercises, exercises, type Exercise, type TeamShareAccess } from "../db/schema";
import { badRequest, notFound } from "../lib/errors";
import { exerciseCandidate, mayOpen } from "../clients/access";
import { teamAccessColumn } from "../accounts/team-shares";

/**
 * Where an exercise lives, and the one read that every exercise service starts from. A personal
 * exercise belongs to the caller (ctx.user); a campaign exercise to a campaign the caller may work
 * on (worker/accounts/collaborate.ts). Anything outside that is "not found" (404), never 403, so
 * ids of other tenants' exercises are not confirmed.
 */
export type ExerciseScope = { kind: "personal" } | { kind: "campaign"; campaignId: string };

export const personal: ExerciseScope = { kind: "personal" };
export const inCampaign = (campaignId: string): ExerciseScope => ({ kind: "campaign", campaignId });

/** The stored row; a campaign exercise also names its campaign. */
export type ExerciseRow = Exercise & { campaignId?: string };

/** The spec's §8 messages for a missing id. */
export const EXERCISE_ID_REQUIRED = "Exercise ID required.";
export const CAMPAIGN_IDS_REQUIRED = "Campaign ID and exercise ID are required.";
export const EXERCISE_NOT_FOUND = "Exercise not found.";

/** Path segments a client sends when it had no id to put there (`${undefined}`, blank). */
export function isMissingId(id: string | undefined | null): boolean {
  if (id == null) return true;
  const t = id.trim();
  return t === "" || t === "undefined" || t === "null";
}

export function requireId(id: string | undefined): string {
  if (isMissingId(id)) throw badRequest(EXERCISE_ID_REQUIRED, "exercise_id_required");
  return id!.trim();
}

export function requireCampaignIds(campaignId: string | undefined, id: string | undefined): { campaignId: string; id: string } {
  if (isMissingId(campaignId) || isMissingId(id)) throw badRequest(CAMPAIGN_IDS_REQUIRED, "campaign_exercise_ids_required");
  return { campaignId: campaignId!.trim(), id: id!.trim() };
}

/** A personal exercise the caller may be able to open, with what a team share gives them (decided by mayOpen). */
async function personalCandidate(ctx: UserContext, id: string): Promise<{ row: ExerciseRow; clientIds: string[]; teamAccess: TeamShareAccess | null } | null> {
  const [found] = await ctx.db
    .select({ row: exercises, teamAccess: teamAccessColumn("exercise", sql`"Exercise"."id"`, ctx.user.id) })
    .from(exercises)
    .where(and(eq(exercises.id, id), exerciseCandidate(ctx.user.id)))
    .limit(1);
  if (!found) return null;
  return { row: found.row, clientIds: found.row.metadata?.clientId ? [found.row.metadata.clientId] : [], teamAccess: found.teamAccess };
}

/**
 * The exercise if the caller may see it in this scope, else 404. A personal exercise is the
 * caller's own; "read" also opens a colleague's exercise filed under a client the caller sees
 * (enterprise accounts, worker/clients/access.ts) or shared with their team; "write" one shared
 * with their team for editing (worker/accounts/team-shares.ts). Everything that changes or spends
 * uses "write".
 */
export async function findExercise(ctx: UserContext, scope: ExerciseScope, id: string, access: "read" | "write" = "write"): Promise<ExerciseRow> {
  if (scope.kind === "personal") return (await openPersonal(ctx, id, access)).row;
  // Who of the campaign's team may read or change its exercises (and spend credits on them) is
  // worker/accounts/collaborate.ts's one rule; anyone else gets the same 404 as a missing campaign.
  await assertCampaignAccess(ctx, scope.campaignId);
  const [row] = await ctx.db
    .select()
    .from(campaignExercises)
    .where(and(eq(campaignExercises.id, id), eq(campaignExercises.campaignId, scope.campaignId)))
    .limit(1);
  if (!row) throw notFound(EXERCISE_NOT_FOUND);
  return row;
}

async function openPersonal(ctx: UserContext, id: string, access: "read" | "write") {
  const found = await personalCandidate(ctx, id);
  if (!found || !(await mayOpen(ctx, { userId: found.row.userId, clientIds: found.clientIds, teamAccess: found.teamAccess }, access))) {
    throw notFound(EXERCISE_NOT_FOUND);
  }
  return found;
}

/**
 * The exercise (404 unless the caller may open it) and whether they may also change it, in one
 * read: a campaign exercise is its team's to change; a personal one its author's, with the client
 * rule (worker/clients/access.ts) — a colleague's filed exercise opens read-only — and the team
 * rule: one shared with the caller's team opens read-only, or editable when shared for editing.
 */
export async function openExercise(ctx: UserContext, scope: ExerciseScope, id: string): Promise<{ row: ExerciseRow; canWrite: boolean; viaTeam: boolean }> {
  if (scope.kind === "campaign") return { row: await findExercise(ctx, scope, id, "read"), canWrite: true, viaTeam: false };
  const found = await openPersonal(ctx, id, "read");
  const item = { userId: found.row.userId, clientIds: found.clientIds, teamAccess: found.teamAccess };
  const viaTeam = found.row.userId !== ctx.user.id && found.clientIds.length === 0;
  return { row: found.row, canWrite: await mayOpen(ctx, item, "write"), viaTeam };
}
