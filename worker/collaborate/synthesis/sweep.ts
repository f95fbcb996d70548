import { and, asc, eq, lt, or, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { campaigns } from "../../db/schema";
import { nowMs } from "../../lib/clock";
import { failSynthesis, synthesisStub, type SynthesisMessage } from "./run";
import { isCurrent } from "./state";

/**
 * The cron's safety net for synthesis runs (issue 11 asks it for documents "and, later, synthesis
 * jobs"): a run whose SYNTHESIS message was lost — a local restart, a queue outage — stays queued
 * forever, and its campaign SYNTHESIZING. Every 15 minutes, runs without progress for the lease
 * are sent again (the consumer resumes at the first stage without output and does nothing for a
 * finished run, so a spare message is harmless), at most MAX_SYNTHESIS_SWEEPS times per run
 * (counted in Campaign.parameters.synthesisSweeps with the run's thread id), then failed with a
 * message that says what to do.
 */

/** A stage of a real run takes seconds; ten minutes without any change means the message is gone. */
export const SYNTHESIS_LEASE_MS = 10 * 60_000;
export const MAX_SYNTHESIS_SWEEPS = 3;
export const SYNTHESIS_SWEEP_GAVE_UP = `The synthesis did not finish after ${MAX_SYNTHESIS_SWEEPS + 1} tries. Run it again from the campaign page.`;
const SWEEP_BATCH = 50;

export async function sweepStuckSyntheses(ctx: AppContext, now = nowMs()): Promise<{ requeued: number; failed: number }> {
  const rows = await ctx.db
    .select({
      id: campaigns.id,
      sweptThread: sql<string | null>`json_extract(${campaigns.parameters}, '$.synthesisSweeps.threadId')`,
      sweeps: sql<number | null>`json_extract(${campaigns.parameters}, '$.synthesisSweeps.count')`,
    })
    .from(campaigns)
    .where(
      and(
        // SYNTHESIZING, or a closed campaign whose run is marked (it keeps its status while it runs).
        or(eq(campaigns.status, "SYNTHESIZING"), sql`json_extract(${campaigns.parameters}, '$.synthesisRunning') IS NOT NULL`),
        lt(campaigns.updatedAt, new Date(now - SYNTHESIS_LEASE_MS)),
      ),
    )
    .orderBy(asc(campaigns.updatedAt))
    .limit(SWEEP_BATCH);
  let requeued = 0;
  let failed = 0;
  for (const row of rows) {
    const run = await synthesisStub(ctx.env, row.id).get();
    const threadId = run.threadId;
    if (!threadId || !isCurrent(run, threadId) || (run.updatedAt ?? 0) > now - SYNTHESIS_LEASE_MS) continue;
    const message: SynthesisMessage = { kind: "synthesis", campaignId: row.id, threadId };
    // Counted per run: a new run (a new thread) starts from none.
    const sweeps = row.sweptThread === threadId ? Number(row.sweeps ?? 0) : 0;
    if (sweeps >= MAX_SYNTHESIS_SWEEPS) {
      await failSynthesis(ctx, message, SYNTHESIS_SWEEP_GAVE_UP, run);
      failed++;
      continue;
    }
    // Counted (and the lease restarted) before sending: a crash in between costs a try, never loops.
    await ctx.env.DB.prepare(
      `UPDATE "Campaign" SET "parameters" = json_set(coalesce("parameters", '{}'), '$.synthesisSweeps', json_object('threadId', ?2, 'count', ?3)), "updatedAt" = ?4 WHERE "id" = ?1`,
    )
      .bind(row.id, threadId, sweeps + 1, now)
      .run();
    await ctx.env.SYNTHESIS.send(message);
    requeued++;
  }
  return { requeued, failed };
}
