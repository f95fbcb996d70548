import { DurableObject } from "cloudflare:workers";
import type { Env } from "../worker/env";
import { nowMs } from "../worker/lib/clock";

export type LockState = {
  /** True when the caller holds the lock after this call. */
  ok: boolean;
  lockedByUserId: string | null;
  /** Epoch milliseconds; null when nobody holds the lock. */
  lockExpires: number | null;
};

const MAX_TTL_MS = 60 * 60 * 1000;
const DEFAULT_TTL_MS = 5 * 60 * 1000;

/**
 * One object per exercise: who may edit it, until when. A single writer makes acquire race-free
 * (two editors opening the same exercise at once cannot both win), and expiry frees a lock whose
 * holder closed the tab without releasing it. Every method is synchronous over SQLite storage, so
 * no other request interleaves between reading and writing the holder.
 */
export class ExerciseLock extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS lock (id INTEGER PRIMARY KEY CHECK (id = 1), userId TEXT NOT NULL, expires INTEGER NOT NULL)");
  }

  async ping(): Promise<string> {
    return "pong";
  }

  async get(): Promise<LockState> {
    const held = this.current(nowMs());
    return held ? { ok: true, lockedByUserId: held.userId, lockExpires: held.expires } : { ok: true, lockedByUserId: null, lockExpires: null };
  }

  /** Takes the lock if it is free, expired, or already the caller's (which extends it). */
  async acquire(userId: string, ttlMs: number): Promise<LockState> {
    const now = nowMs();
    const held = this.current(now);
    if (held && held.userId !== userId) return { ok: false, lockedByUserId: held.userId, lockExpires: held.expires };
    const expires = now + clampTtl(ttlMs);
    this.ctx.storage.sql.exec(
      "INSERT INTO lock (id, userId, expires) VALUES (1, ?, ?) ON CONFLICT(id) DO UPDATE SET userId = excluded.userId, expires = excluded.expires",
      userId,
      expires,
    );
    return { ok: true, lockedByUserId: userId, lockExpires: expires };
  }

  /** Extends the caller's lock; fails (without taking it) if the caller does not hold it. */
  async renew(userId: string, ttlMs: number): Promise<LockState> {
    const now = nowMs();
    const held = this.current(now);
    if (!held || held.userId !== userId) {
      return { ok: false, lockedByUserId: held?.userId ?? null, lockExpires: held?.expires ?? null };
    }
    const expires = now + clampTtl(ttlMs);
    this.ctx.storage.sql.exec("UPDATE lock SET expires = ? WHERE id = 1", expires);
    return { ok: true, lockedByUserId: userId, lockExpires: expires };
  }

  /** Releases the caller's lock. Releasing a lock someone else holds changes nothing. */
  async release(userId: string): Promise<LockState> {
    const held = this.current(nowMs());
    if (held && held.userId !== userId) return { ok: false, lockedByUserId: held.userId, lockExpires: held.expires };
    this.ctx.storage.sql.exec("DELETE FROM lock");
    return { ok: true, lockedByUserId: null, lockExpires: null };
  }

  private current(now: number): { userId: string; expires: number } | null {
    const row = this.ctx.storage.sql.exec<{ userId: string; expires: number }>("SELECT userId, expires FROM lock WHERE id = 1").toArray()[0];
    if (!row) return null;
    if (row.expires <= now) {
      this.ctx.storage.sql.exec("DELETE FROM lock");
      return null;
    }
    return row;
  }
}

/** A nonsense ttl gets the default rather than an error: RPC callers cannot leave a lock unusable. */
function clampTtl(ttlMs: number): number {
  if (!Number.isFinite(ttlMs) || ttlMs <= 0) return DEFAULT_TTL_MS;
  return Math.min(Math.floor(ttlMs), MAX_TTL_MS);
}
