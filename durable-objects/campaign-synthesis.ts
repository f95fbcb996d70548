import { DurableObject } from "cloudflare:workers";
import type { Env } from "../worker/env";
import { nowMs } from "../worker/lib/clock";
import {
  beginStep,
  complete,
  fail,
  finishStage,
  idleRun,
  StaleRunError,
  toStateView,
  trigger,
  type Stage,
  type StageOutput,
  type SynthesisContent,
  type SynthesisRun,
  type TriggerInput,
} from "../worker/collaborate/synthesis/state";
import type { SynthesisStateView } from "../shared/collaborate/views";

/** The outputs, stored apart from the small state: they can be large (every contributor's anonymised answers). */
const OUTPUTS = ["anonymized", "identifying", "findings", "draftInjects"] as const;
type OutputName = (typeof OUTPUTS)[number];
/** SQLite values in a Durable Object are limited to 2 MB: long outputs are stored in pieces. */
const PIECE_CHARS = 500_000;

export type StepResult = { ok: true; run: SynthesisRun } | { ok: false; reason: "stale" };

/**
 * One object per campaign (idFromName(campaignId)): the single writer of its synthesis run, so
 * triggers, the queue consumer and the polling UI agree. A thin shell over the pure transitions of
 * worker/collaborate/synthesis/state.ts; everything lives in the object's SQLite, so an evicted
 * object comes back with the run where it was and a rerun resumes after the last finished stage.
 */
export class CampaignSynthesis extends DurableObject<Env> {
  private cached: SynthesisRun | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.storage.sql.exec(
      `DROP TABLE IF EXISTS state;
       CREATE TABLE IF NOT EXISTS run (id INTEGER PRIMARY KEY CHECK (id = 1), json TEXT NOT NULL);
       CREATE TABLE IF NOT EXISTS output (name TEXT NOT NULL, seq INTEGER NOT NULL, data TEXT NOT NULL, PRIMARY KEY (name, seq));`,
    );
  }

  /** The whole run (the queue consumer's read); idle with the campaign id unknown ("") before any trigger. */
  async get(): Promise<SynthesisRun> {
    return this.load();
  }

  /** Starts a run, or joins the queued or running one (see state.ts trigger). */
  async trigger(input: Omit<TriggerInput, "now"> & { campaignId: string }): Promise<{ started: boolean; view: SynthesisStateView }> {
    const current = this.load(input.campaignId);
    const result = trigger(current, { ...input, now: nowMs() });
    if (result.started) this.save(result.run);
    return { started: result.started, view: toStateView(result.run, null, false) };
  }

  /** The state view, or null before the first run (the API answers 404). */
  async view(content: SynthesisContent | null, includeIdentifying: boolean): Promise<SynthesisStateView | null> {
    const run = this.load();
    return run.status === "idle" ? null : toStateView(run, content, includeIdentifying);
  }

  async beginStep(threadId: string, step: Stage | "finalising"): Promise<StepResult> {
    return this.apply((run) => beginStep(run, threadId, step, nowMs()));
  }

  async finishStage(threadId: string, output: StageOutput): Promise<StepResult> {
    return this.apply((run) => finishStage(run, threadId, output, nowMs()));
  }

  async complete(threadId: string): Promise<StepResult> {
    return this.apply((run) => complete(run, threadId, nowMs()));
  }

  async fail(threadId: string, error: string): Promise<StepResult> {
    return this.apply((run) => fail(run, threadId, error, nowMs()));
  }

  private apply(change: (run: SynthesisRun) => SynthesisRun): StepResult {
    try {
      const next = change(this.load());
      this.save(next);
      return { ok: true, run: next };
    } catch (err) {
      if (err instanceof StaleRunError) return { ok: false, reason: "stale" };
      throw err;
    }
  }

  private load(campaignId = ""): SynthesisRun {
    if (this.cached) return this.cached;
    const row = this.ctx.storage.sql.exec<{ json: string }>("SELECT json FROM run WHERE id = 1").toArray()[0];
    if (!row) return idleRun(campaignId);
    const run = JSON.parse(row.json) as SynthesisRun;
    for (const name of OUTPUTS) (run as Record<OutputName, unknown>)[name] = this.readOutput(name);
    this.cached = run;
    return run;
  }

  private save(run: SynthesisRun): void {
    const previous = this.cached;
    this.ctx.storage.transactionSync(() => {
      const small: Record<string, unknown> = { ...run };
      for (const name of OUTPUTS) {
        delete small[name];
        // Outputs are immutable once written: rewrite only the ones that changed (a new run clears them).
        if (previous?.[name] !== run[name]) this.writeOutput(name, run[name]);
      }
      this.ctx.storage.sql.exec("INSERT INTO run (id, json) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET json = excluded.json", JSON.stringify(small));
    });
    this.cached = run;
  }

  private readOutput(name: OutputName): unknown {
    const pieces = this.ctx.storage.sql.exec<{ data: string }>("SELECT data FROM output WHERE name = ? ORDER BY seq", name).toArray();
    return pieces.length ? JSON.parse(pieces.map((p) => p.data).join("")) : null;
  }

  private writeOutput(name: OutputName, value: unknown): void {
    this.ctx.storage.sql.exec("DELETE FROM output WHERE name = ?", name);
    if (value === null || value === undefined) return;
    const text = JSON.stringify(value);
    for (let seq = 0, start = 0; start < text.length; seq++) {
      let end = Math.min(text.length, start + PIECE_CHARS);
      // Never cut between the two halves of a surrogate pair (an emoji in an answer).
      if (end < text.length && /[\uD800-\uDBFF]/.test(text[end - 1]!)) end -= 1;
      this.ctx.storage.sql.exec("INSERT INTO output (name, seq, data) VALUES (?, ?, ?)", name, seq, text.slice(start, end));
      start = end;
    }
  }
}
