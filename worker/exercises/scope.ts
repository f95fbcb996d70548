import { and, eq } from "drizzle-orm";
import { assertCampaignAccess } from "../accounts/collaborate";
import type { UserContext } from "../context";
import { campaignExercises, exercises, type Exercise } from "../db/schema";
import { badRequest, notFound } from "../lib/errors";
import { exerciseCandidate, mayOpen } from "../clients/access";

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

/**
 * The exercise if the caller may see it in this scope, else 404. A personal exercise is the
 * caller's own; "read" also opens a colleague's exercise filed under a client the caller sees
 * (enterprise accounts, worker/clients/access.ts). Everything that changes or spends uses "write".
 */
export async function findExercise(ctx: UserContext, scope: ExerciseScope, id: string, access: "read" | "write" = "write"): Promise<ExerciseRow> {
  const { db, user } = ctx;
  if (scope.kind === "personal") {
    const [row] = await db
      .select()
      .from(exercises)
      .where(and(eq(exercises.id, id), exerciseCandidate(user.id)))
      .limit(1);
    const clientIds = row?.metadata?.clientId ? [row.metadata.clientId] : [];
    if (!row || !(await mayOpen(ctx, { userId: row.userId, clientIds }, access))) throw notFound(EXERCISE_NOT_FOUND);
    return row;
  }
  // Who of the campaign's team may read or change its exercises (and spend credits on them) is
  // worker/accounts/collaborate.ts's one rule; anyone else gets the same 404 as a missing campaign.
  await assertCampaignAccess(ctx, scope.campaignId);
  const [row] = await db
    .select()
    .from(campaignExercises)
    .where(and(eq(campaignExercises.id, id), eq(campaignExercises.campaignId, scope.campaignId)))
    .limit(1);
  if (!row) throw notFound(EXERCISE_NOT_FOUND);
  return row;
}

/**
 * The exercise (404 unless the caller may open it) and whether they may also change it, in one
 * read: a campaign exercise is its team's to change; a personal one its author's, with the client
 * rule (worker/clients/access.ts) — a colleague's filed exercise opens read-only.
 */
export async function openExercise(ctx: UserContext, scope: ExerciseScope, id: string): Promise<{ row: ExerciseRow; canWrite: boolean }> {
  const row = await findExercise(ctx, scope, id, "read");
  if (scope.kind === "campaign") return { row, canWrite: true };
  const clientIds = row.metadata?.clientId ? [row.metadata.clientId] : [];
  return { row, canWrite: await mayOpen(ctx, { userId: row.userId, clientIds }, "write") };
}
