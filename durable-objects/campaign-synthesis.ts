import { DurableObject } from "cloudflare:workers";
import type { Env } from "../worker/env";
import { nowMs } from "../worker/lib/clock";

export const SYNTHESIS_STATUSES = ["idle", "queued", "running", "completed", "failed"] as const;
export type SynthesisStatus = (typeof SYNTHESIS_STATUSES)[number];

export type SynthesisState = {
  status: SynthesisStatus;
  /** 0–100. */
  progress: number;
  error: string | null;
  /** Epoch milliseconds of the last change; null before the first. */
  updatedAt: number | null;
};

/**
 * One object per campaign: the synthesis job's status and progress, with a single writer so the
 * queue consumer and the polling UI agree. The collaborate issue adds the job itself; today the
 * object stores and returns state and refuses values outside the allowed set.
 */
export class CampaignSynthesis extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(
      "CREATE TABLE IF NOT EXISTS state (id INTEGER PRIMARY KEY CHECK (id = 1), status TEXT NOT NULL, progress INTEGER NOT NULL, error TEXT, updatedAt INTEGER NOT NULL)",
    );
  }

  async ping(): Promise<string> {
    return "pong";
  }

  async get(): Promise<SynthesisState> {
    const row = this.ctx.storage.sql
      .exec<{ status: SynthesisStatus; progress: number; error: string | null; updatedAt: number }>(
        "SELECT status, progress, error, updatedAt FROM state WHERE id = 1",
      )
      .toArray()[0];
    return row ?? { status: "idle", progress: 0, error: null, updatedAt: null };
  }

  async set(
    update: { status: SynthesisStatus; progress?: number; error?: string | null },
  ): Promise<{ ok: true; state: SynthesisState } | { ok: false; message: string }> {
    if (!SYNTHESIS_STATUSES.includes(update.status)) return { ok: false, message: `Unknown synthesis status: ${String(update.status)}` };
    const previous = await this.get();
    const progress = update.status === "completed" ? 100 : clampProgress(update.progress ?? previous.progress);
    const error = update.status === "failed" ? (update.error ?? "Synthesis failed") : null;
    const updatedAt = nowMs();
    this.ctx.storage.sql.exec(
      "INSERT INTO state (id, status, progress, error, updatedAt) VALUES (1, ?, ?, ?, ?) ON CONFLICT(id) DO UPDATE SET status = excluded.status, progress = excluded.progress, error = excluded.error, updatedAt = excluded.updatedAt",
      update.status,
      progress,
      error,
      updatedAt,
    );
    return { ok: true, state: { status: update.status, progress, error, updatedAt } };
  }

  async reset(): Promise<SynthesisState> {
    this.ctx.storage.sql.exec("DELETE FROM state");
    return this.get();
  }
}

function clampProgress(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.max(0, Math.min(100, Math.round(value)));
}
