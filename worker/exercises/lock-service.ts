import type { ExerciseLock, LockState } from "../../durable-objects/exercise-lock";
import type { AppContext, UserContext } from "../context";
import { locked } from "../lib/errors";
import { findExercise, type ExerciseRow, type ExerciseScope } from "./scope";

/**
 * The exercise edit lock. The EXERCISE_LOCK Durable Object (one per exercise id) decides who
 * holds it, race-free, and is the only truth every write and design-assistant call checks
 * (assertEditable). Exercise.lockedByUserId / lockExpires in D1 mirror it for display only: lists
 * and the exercise view show the holder without asking the object.
 */

/** How long a lock lives without a heartbeat, and how often the editor should renew it. */
const LOCK_TTL_MS = 2 * 60 * 1000;
const LOCK_HEARTBEAT_MS = 30 * 1000;

const LOCKED_MESSAGE = "This exercise is being edited by someone else.";

export interface LockView {
  locked: boolean;
  heldByYou: boolean;
  lockedByUserId: string | null;
  lockedByName: string | null;
  /** ISO-8601; null when nobody holds the lock. */
  lockExpires: string | null;
  ttlMs: number;
  heartbeatMs: number;
}

function lockStub(ctx: AppContext, exerciseId: string): DurableObjectStub<ExerciseLock> {
  const ns = ctx.env.EXERCISE_LOCK;
  return ns.get(ns.idFromName(exerciseId));
}

async function holderName(ctx: AppContext, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const row = await ctx.env.DB.prepare(`SELECT firstName, lastName FROM "User" WHERE id = ?`)
    .bind(userId)
    .first<{ firstName: string | null; lastName: string | null }>();
  const name = [row?.firstName, row?.lastName].filter((p) => p && p.trim()).join(" ");
  return name || "Another user";
}

async function toView(ctx: AppContext, state: LockState, userId: string): Promise<LockView> {
  return {
    locked: state.lockedByUserId !== null,
    heldByYou: state.lockedByUserId === userId,
    lockedByUserId: state.lockedByUserId,
    lockedByName: await holderName(ctx, state.lockedByUserId),
    lockExpires: state.lockExpires ? new Date(state.lockExpires).toISOString() : null,
    ttlMs: LOCK_TTL_MS,
    heartbeatMs: LOCK_HEARTBEAT_MS,
  };
}

/** The one 423: who holds the lock and until when (spec §8: the client shows the lock modal from this body). */
async function lockedError(ctx: AppContext, state: LockState, userId: string) {
  const view = await toView(ctx, state, userId);
  return locked(LOCKED_MESSAGE, { lockedByUserId: view.lockedByUserId, lockedByName: view.lockedByName, lockExpires: view.lockExpires });
}

const table = (scope: ExerciseScope) => (scope.kind === "personal" ? `"Exercise"` : `"CampaignExercise"`);

// Raw SQL, not drizzle's update: the mirror must not bump updatedAt (the dashboard sorts by it,
// and a heartbeat is not an edit).
async function mirrorHeld(ctx: AppContext, scope: ExerciseScope, exerciseId: string, state: LockState) {
  await ctx.env.DB.prepare(`UPDATE ${table(scope)} SET lockedByUserId = ?, lockExpires = ? WHERE id = ?`)
    .bind(state.lockedByUserId, state.lockExpires, exerciseId)
    .run();
}

async function mirrorReleased(ctx: AppContext, scope: ExerciseScope, exerciseId: string, userId: string) {
  // Only the caller's own mark is cleared: a newer holder's must survive a late release.
  await ctx.env.DB.prepare(`UPDATE ${table(scope)} SET lockedByUserId = NULL, lockExpires = NULL WHERE id = ? AND lockedByUserId = ?`)
    .bind(exerciseId, userId)
    .run();
}

/** Takes the lock, or renews it when the caller already holds it (the heartbeat). 423 if someone else does. */
export async function acquireExerciseLock(ctx: UserContext, scope: ExerciseScope, exerciseId: string): Promise<LockView> {
  await findExercise(ctx, scope, exerciseId);
  const state = await lockStub(ctx, exerciseId).acquire(ctx.user.id, LOCK_TTL_MS);
  if (!state.ok) throw await lockedError(ctx, state, ctx.user.id);
  await mirrorHeld(ctx, scope, exerciseId, state);
  return toView(ctx, state, ctx.user.id);
}

/** Gives the lock up. Releasing a lock someone else holds changes nothing and answers 423. */
export async function releaseExerciseLock(ctx: UserContext, scope: ExerciseScope, exerciseId: string): Promise<LockView> {
  await findExercise(ctx, scope, exerciseId);
  const state = await lockStub(ctx, exerciseId).release(ctx.user.id);
  if (!state.ok) throw await lockedError(ctx, state, ctx.user.id);
  await mirrorReleased(ctx, scope, exerciseId, ctx.user.id);
  return toView(ctx, state, ctx.user.id);
}

export async function getExerciseLock(ctx: UserContext, scope: ExerciseScope, exerciseId: string): Promise<LockView> {
  await findExercise(ctx, scope, exerciseId);
  return toView(ctx, await lockStub(ctx, exerciseId).get(), ctx.user.id);
}

/**
 * The one edit rule, for every write and every design-assistant call: the exercise must be the
 * caller's to see in this scope (404) and not held by another user in the lock object (423, with
 * the holder). Nobody holding it is fine. Both are read at once, but ownership is judged first so
 * nobody learns who edits an exercise that is not theirs. Returns the stored row.
 */
export async function assertEditable(ctx: UserContext, scope: ExerciseScope, exerciseId: string): Promise<ExerciseRow> {
  const [row, state] = await Promise.allSettled([findExercise(ctx, scope, exerciseId), lockStub(ctx, exerciseId).get()]);
  if (row.status === "rejected") throw row.reason;
  if (state.status === "rejected") throw state.reason;
  const holder = state.value.lockedByUserId;
  if (holder && holder !== ctx.user.id) throw await lockedError(ctx, state.value, ctx.user.id);
  return row.value;
}
