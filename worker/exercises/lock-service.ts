import type { ExerciseLock, LockState } from "../../durable-objects/exercise-lock";
import { getDb } from "../db/client";
import type { Env } from "../env";
import { locked } from "../lib/errors";
import { getExerciseRow, type ExerciseScope } from "./service";

/**
 * The exercise edit lock. The EXERCISE_LOCK Durable Object (one per exercise id) decides who
 * holds it, race-free; Exercise.lockedByUserId / lockExpires in D1 mirror it so lists and the
 * exercise view can show the holder without asking the object.
 */

/** How long a lock lives without a heartbeat, and how often the editor should renew it. */
export const LOCK_TTL_MS = 2 * 60 * 1000;
export const LOCK_HEARTBEAT_MS = 30 * 1000;

export const LOCKED_MESSAGE = "This exercise is being edited by someone else.";

type LockEnv = Pick<Env, "DB" | "EXERCISE_LOCK">;

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

function lockStub(env: LockEnv, exerciseId: string): DurableObjectStub<ExerciseLock> {
  const ns = env.EXERCISE_LOCK as unknown as DurableObjectNamespace<ExerciseLock>;
  return ns.get(ns.idFromName(exerciseId));
}

async function holderName(env: LockEnv, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const row = await env.DB.prepare(`SELECT firstName, lastName FROM "User" WHERE id = ?`).bind(userId).first<{ firstName: string | null; lastName: string | null }>();
  const name = [row?.firstName, row?.lastName].filter((p) => p && p.trim()).join(" ");
  return name || "Another user";
}

async function toView(env: LockEnv, state: LockState, userId: string): Promise<LockView> {
  return {
    locked: state.lockedByUserId !== null,
    heldByYou: state.lockedByUserId === userId,
    lockedByUserId: state.lockedByUserId,
    lockedByName: await holderName(env, state.lockedByUserId),
    lockExpires: state.lockExpires ? new Date(state.lockExpires).toISOString() : null,
    ttlMs: LOCK_TTL_MS,
    heartbeatMs: LOCK_HEARTBEAT_MS,
  };
}

/** 423 with who holds the lock (spec §8: the client shows the lock modal from this body). */
async function lockedError(env: LockEnv, state: LockState, userId: string) {
  const view = await toView(env, state, userId);
  return locked(LOCKED_MESSAGE, { lockedByUserId: view.lockedByUserId, lockedByName: view.lockedByName, lockExpires: view.lockExpires });
}

const table = (scope: ExerciseScope) => (scope.kind === "personal" ? `"Exercise"` : `"CampaignExercise"`);

// Raw SQL, not drizzle's update: the mirror must not bump updatedAt (the dashboard sorts by it,
// and a heartbeat is not an edit).
async function mirrorHeld(env: LockEnv, scope: ExerciseScope, exerciseId: string, state: LockState) {
  await env.DB.prepare(`UPDATE ${table(scope)} SET lockedByUserId = ?, lockExpires = ? WHERE id = ?`)
    .bind(state.lockedByUserId, state.lockExpires, exerciseId)
    .run();
}

async function mirrorReleased(env: LockEnv, scope: ExerciseScope, exerciseId: string, userId: string) {
  // Only the caller's own mark is cleared: a newer holder's must survive a late release.
  await env.DB.prepare(`UPDATE ${table(scope)} SET lockedByUserId = NULL, lockExpires = NULL WHERE id = ? AND lockedByUserId = ?`)
    .bind(exerciseId, userId)
    .run();
}

/** Takes the lock, or renews it when the caller already holds it (the heartbeat). 423 if someone else does. */
export async function acquireExerciseLock(env: LockEnv, scope: ExerciseScope, exerciseId: string): Promise<LockView> {
  await getExerciseRow(getDb(env.DB), scope, exerciseId);
  const state = await lockStub(env, exerciseId).acquire(scope.userId, LOCK_TTL_MS);
  if (!state.ok) throw await lockedError(env, state, scope.userId);
  await mirrorHeld(env, scope, exerciseId, state);
  return toView(env, state, scope.userId);
}

/** Gives the lock up. Releasing a lock someone else holds changes nothing and answers 423. */
export async function releaseExerciseLock(env: LockEnv, scope: ExerciseScope, exerciseId: string): Promise<LockView> {
  await getExerciseRow(getDb(env.DB), scope, exerciseId);
  const state = await lockStub(env, exerciseId).release(scope.userId);
  if (!state.ok) throw await lockedError(env, state, scope.userId);
  await mirrorReleased(env, scope, exerciseId, scope.userId);
  return toView(env, state, scope.userId);
}

export async function getExerciseLock(env: LockEnv, scope: ExerciseScope, exerciseId: string): Promise<LockView> {
  await getExerciseRow(getDb(env.DB), scope, exerciseId);
  return toView(env, await lockStub(env, exerciseId).get(), scope.userId);
}

/**
 * Throws 423 (with the holder) when another user holds the exercise's edit lock. Writes and
 * conversation calls call this after authorizing the caller; nobody holding it is fine.
 */
export async function assertNotLockedByOther(env: LockEnv, exerciseId: string, userId: string): Promise<void> {
  const state = await lockStub(env, exerciseId).get();
  if (state.lockedByUserId && state.lockedByUserId !== userId) throw await lockedError(env, state, userId);
}
