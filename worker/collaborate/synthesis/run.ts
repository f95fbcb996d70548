import { AiProviderError, approxTokens, DEFAULT_CHAT_MODEL, getAiProvider, type AiProvider } from "../../ai";
import { estimateCredits } from "../../billing/pricing";
import { chargeAccountForAi, type AiCharge } from "../../billing/service";
import type { AppContext } from "../../context";
import type { Env } from "../../env";
import { HttpError } from "../../lib/errors";
import { nowMs } from "../../lib/clock";
import { keepOrder, type Shuffle } from "../../lib/shuffle";
import { contributorStateHash, MIN_SYNTHESIS_CONTRIBUTORS, tooFewContributorsMessage } from "../../../shared/collaborate/model";
import type { CampaignStatus } from "../../../shared/collaborate/views";
import type { StepResult } from "../../../durable-objects/campaign-synthesis";
import { analyse, anonymise, draftInjects, type Anonymised, type StageUsage } from "./engine";
import { readSynthesisInput, type SynthesisInput } from "./input";
import { redact, type CampaignInsights } from "./insights";
import { isCurrent, nextStep, type SynthesisRun } from "./state";
import { notifySynthesisEnded } from "../../notifications/events";

/**
 * The SYNTHESIS queue consumer's work for one message `{ campaignId, threadId }`: the stages of
 * that run, each resumed where the CampaignSynthesis object says the run stands.
 *
 * - A message for a run that is not the campaign's current one, or already finished, does nothing
 *   (redelivery, or a retry after a later run started).
 * - anonymising → analysing → drafting run through the engine (worker/collaborate/synthesis/
 *   engine.ts) with the configured AI provider (offline when none); each stage's output is stored
 *   in the object as it ends, so a retry after an eviction or a transient error starts at the first
 *   stage without output.
 * - The AI stages are paid from the campaign's TEAM account, reserved before and settled after
 *   under the action id `synthesis:<threadId>:<stage>`: a repeated stage replays its first charge.
 *   Not enough credits → the run fails with SYNTHESIS_NO_CREDITS.
 * - Finalising writes the D1 mirror (Campaign.insights, parameters.synthesisThreadId and
 *   contributorStateHash, status COMPLETED — or CLOSED/ARCHIVED if it was so before the run), then completes the run; a crash in between repeats the
 *   (idempotent) write.
 * Anything else thrown is transient: the caller (worker/jobs/queue.ts) retries it with backoff, and
 * the dead-letter consumer calls failSynthesis.
 */

export type SynthesisMessage = { kind: "synthesis"; campaignId: string; threadId: string };

export function isSynthesisMessage(body: unknown): body is SynthesisMessage {
  if (typeof body !== "object" || body === null) return false;
  const b = body as Record<string, unknown>;
  return b.kind === "synthesis" && typeof b.campaignId === "string" && b.campaignId.length > 0 && typeof b.threadId === "string" && b.threadId.length > 0;
}

export const SYNTHESIS_NO_CREDITS = "Not enough credits on the team's account: add credits, then run the synthesis again.";
export const SYNTHESIS_GAVE_UP = "The synthesis did not finish after several attempts. Run it again.";
const SYNTHESIS_CAMPAIGN_GONE = "The campaign no longer exists.";
const SYNTHESIS_CONTRIBUTORS_CHANGED = "Contributors changed while the synthesis ran. Run it again.";

/** Most a stage's answer may hold, for the credit hold (settled to the real usage after). */
const STAGE_MAX_OUTPUT_TOKENS = { analysing: 8_000, drafting: 6_000 } as const;

type SynthesisRunOutcome = "completed" | "stale" | "failed";
export type SynthesisRunResult = { outcome: SynthesisRunOutcome; charged: number; error?: string };
/** `shuffle` draws the respondents' order of a new run (crypto randomness unless a test injects one). */
export type SynthesisRunDeps = { provider?: AiProvider; signal?: AbortSignal; shuffle?: Shuffle };

export function synthesisStub(env: Env, campaignId: string) {
  return env.CAMPAIGN_SYNTHESIS.get(env.CAMPAIGN_SYNTHESIS.idFromName(campaignId));
}

/** A refusal that retrying cannot fix: the run fails with this message. */
class FinalError extends Error {}

function finalFrom(err: unknown): FinalError | null {
  if (err instanceof FinalError) return err;
  if (err instanceof HttpError && err.status === 402) return new FinalError(SYNTHESIS_NO_CREDITS);
  // A refused request (bad key, unknown model, request too large) is refused again on retry; rate
  // limits and timeouts are not refusals.
  if (err instanceof AiProviderError && err.status !== null && err.status >= 400 && err.status < 500 && err.status !== 408 && err.status !== 429) {
    return new FinalError(`The AI provider refused the synthesis: ${err.message}`);
  }
  return null;
}

export async function runSynthesis(ctx: AppContext, message: SynthesisMessage, deps: SynthesisRunDeps = {}): Promise<SynthesisRunResult> {
  const { campaignId, threadId } = message;
  const stub = synthesisStub(ctx.env, campaignId);
  let run: SynthesisRun = await stub.get();
  if (!isCurrent(run, threadId)) return { outcome: "stale", charged: 0 };

  const input = await readSynthesisInput(ctx, campaignId);
  if (!input) return failRun(ctx, message, SYNTHESIS_CAMPAIGN_GONE, run);
  const provider = deps.provider ?? getAiProvider(ctx.config, { selectionEnabled: false, fallback: DEFAULT_CHAT_MODEL });
  let anon: Anonymised | null = null;
  let charged = 0;

  // The anonymised input of this run: computed once per delivery; a resumed run recomputes it from
  // the same contributors in the order its first delivery drew (contributorIds are stored in label
  // order), so every stage names the same person by the same label, and never from a wider set.
  const anonymised = (): Anonymised => {
    if (anon) return anon;
    const ids = run.contributorIds ?? [];
    const byId = new Map(input.contributors.map((c) => [c.id, c]));
    const contributors = ids.map((id) => byId.get(id)).filter((c) => c !== undefined);
    if (contributors.length !== ids.length) throw new FinalError(SYNTHESIS_CONTRIBUTORS_CHANGED);
    anon = anonymise(input.campaign, contributors, { shuffle: keepOrder });
    return anon;
  };
  const step = async (call: () => Promise<StepResult>): Promise<boolean> => {
    const result = await call();
    if (result.ok) run = result.run;
    return result.ok;
  };

  try {
    for (;;) {
      const next = nextStep(run);
      if (next === "none") return { outcome: run.status === "completed" ? "completed" : "stale", charged };
      if (!(await step(() => stub.beginStep(threadId, next)))) return { outcome: "stale", charged };
      switch (next) {
        case "anonymising": {
          // The trigger checked this too; a contributor may have gone since.
          if (input.contributors.length < MIN_SYNTHESIS_CONTRIBUTORS) throw new FinalError(tooFewContributorsMessage(input.contributors.length));
          anon = anonymise(input.campaign, input.contributors, { shuffle: deps.shuffle });
          const output = {
            stage: "anonymising" as const,
            anonymized: anon.anonymized,
            identifying: anon.identifying,
            contributorIds: anon.order,
            contributorStateHash: await contributorStateHash(input.completed),
          };
          if (!(await step(() => stub.finishStage(threadId, output)))) return { outcome: "stale", charged };
          break;
        }
        case "analysing": {
          const a = anonymised();
          const { value: findings, credits } = await paid(ctx, input, run, "analysing", provider, a, async () => {
            const out = await analyse(input.campaign, a, { provider, signal: deps.signal });
            return { value: out.findings, usage: out.usage };
          });
          charged += credits;
          if (!(await step(() => stub.finishStage(threadId, { stage: "analysing", findings })))) return { outcome: "stale", charged };
          break;
        }
        case "drafting": {
          const a = anonymised();
          const findings = run.findings!;
          const { value: injects, credits } = await paid(ctx, input, run, "drafting", provider, a, async () => {
            const out = await draftInjects(input.campaign, a, findings, { provider, signal: deps.signal });
            return { value: out.injects, usage: out.usage };
          });
          charged += credits;
          if (!(await step(() => stub.finishStage(threadId, { stage: "drafting", draftInjects: injects })))) return { outcome: "stale", charged };
          break;
        }
        case "finalising": {
          await writeMirror(ctx, run);
          if (!(await step(() => stub.complete(threadId)))) return { outcome: "stale", charged };
          await notifySynthesisEnded(ctx, { campaignId, threadId, outcome: "completed" });
          break;
        }
      }
    }
  } catch (err) {
    const final = finalFrom(err);
    if (!final) throw err;
    return { ...(await failRun(ctx, message, final.message, run)), charged };
  }
}

/**
 * One AI stage, paid from the team's account. The hold is not given back when the call throws: the
 * retry replays the same reservation (same action id) and settles it; failSynthesis releases it if
 * the run gives up.
 */
async function paid<T>(
  ctx: AppContext,
  input: SynthesisInput,
  run: SynthesisRun,
  stage: keyof typeof STAGE_MAX_OUTPUT_TOKENS,
  provider: AiProvider,
  anon: Anonymised,
  work: () => Promise<{ value: T; usage: StageUsage }>,
): Promise<{ value: T; credits: number }> {
  const charge = await reserve(ctx, input, run, stage, approxTokens(JSON.stringify(anon.anonymized)), { provider: provider.id, model: provider.model });
  const out = await work();
  const settled = await charge.settle({ inputTokens: out.usage.inputTokens, outputTokens: out.usage.outputTokens }, { calls: out.usage.calls, stage });
  return { value: out.value, credits: settled.charged };
}

function reserve(
  ctx: AppContext,
  input: SynthesisInput,
  run: SynthesisRun,
  stage: keyof typeof STAGE_MAX_OUTPUT_TOKENS,
  promptTokens: number,
  model: { provider: string; model: string },
): Promise<AiCharge> {
  return chargeAccountForAi(
    ctx,
    { accountId: input.facts.accountId, userId: run.triggeredBy },
    {
      actionId: `synthesis:${run.threadId}:${stage}`,
      category: "campaign-synthesis",
      entityType: "Campaign",
      entityId: input.campaign.id,
      estimate: estimateCredits({ promptTokens, maxOutputTokens: STAGE_MAX_OUTPUT_TOKENS[stage] }),
      metadata: { ...model, stage, contributors: run.contributorCount },
    },
  );
}

/**
 * The status a campaign ends a completed run with: COMPLETED, except that a campaign its manager
 * closed (or archived) before the run stays so — COMPLETED counts as open (model.ts
 * campaignIsOpen), and a synthesis must not reopen a closed campaign to joins and answers.
 */
function completedCampaignStatus(prior: CampaignStatus | null): CampaignStatus {
  return prior === "CLOSED" || prior === "ARCHIVED" ? prior : "COMPLETED";
}

/** The D1 mirror of a finished run: anonymised results only, redacted once more against the identifying map. */
async function writeMirror(ctx: AppContext, run: SynthesisRun): Promise<void> {
  const findings = run.findings!;
  const insights: CampaignInsights = redact(
    {
      findings,
      draftInjects: run.draftInjects ?? [],
      summary: findings.summary,
      contributorCount: run.contributorCount,
      completedAt: new Date(nowMs()).toISOString(),
      threadId: run.threadId!,
    },
    run.identifying ?? [],
  );
  await ctx.env.DB.prepare(
    `UPDATE "Campaign" SET "insights" = ?2,
       "parameters" = json_remove(json_set(coalesce("parameters", '{}'), '$.synthesisThreadId', ?3, '$.contributorStateHash', ?4), '$.synthesisRunning'),
       "status" = ?6, "updatedAt" = ?5
     WHERE "id" = ?1`,
  )
    .bind(run.campaignId, JSON.stringify(insights), run.threadId, run.contributorStateHash, nowMs(), completedCampaignStatus(run.priorCampaignStatus))
    .run();
}

async function failRun(ctx: AppContext, message: SynthesisMessage, error: string, run: SynthesisRun): Promise<SynthesisRunResult> {
  await failSynthesis(ctx, message, error, run);
  return { outcome: "failed", charged: 0, error };
}

/**
 * Ends a run as failed (a final refusal, or the dead-letter queue after every retry): the object
 * shows the message, the campaign leaves SYNTHESIZING for the status it had, and a credit hold of
 * the stage that was running goes back to the team. Safe to repeat.
 */
export async function failSynthesis(ctx: AppContext, message: SynthesisMessage, error: string, known?: SynthesisRun): Promise<void> {
  const stub = synthesisStub(ctx.env, message.campaignId);
  const run = known ?? (await stub.get());
  if (!isCurrent(run, message.threadId)) return;
  const failed = await stub.fail(message.threadId, error);
  if (!failed.ok) return;
  await notifySynthesisEnded(ctx, { campaignId: message.campaignId, threadId: message.threadId, outcome: "failed", error });
  // Back to the status it had (a closed campaign was never set SYNTHESIZING), and the sweep's marker gone.
  await ctx.env.DB.prepare(
    `UPDATE "Campaign" SET "status" = CASE WHEN "status" = 'SYNTHESIZING' THEN ?2 ELSE "status" END,
       "parameters" = json_remove(coalesce("parameters", '{}'), '$.synthesisRunning'), "updatedAt" = ?3
     WHERE "id" = ?1`,
  )
    .bind(message.campaignId, run.priorCampaignStatus ?? "ACTIVE", nowMs())
    .run();
  const pending = run.status === "analysing" && !run.findings ? "analysing" : run.status === "drafting" && !run.draftInjects ? "drafting" : null;
  if (!pending) return;
  try {
    const input = await readSynthesisInput(ctx, message.campaignId);
    if (!input) return;
    // Replays the stage's reservation (same action id) if it was made, then gives it back.
    const charge = await reserve(ctx, input, run, pending, 1, { provider: "none", model: "" });
    await charge.release();
  } catch (err) {
    // No hold to give back (it was refused for want of credits), or the ledger did not answer: the
    // hold then stays pending, and the log says which.
    if (!(err instanceof HttpError && err.status === 402)) console.warn(`[synthesis] could not release the hold of ${message.threadId}:${pending}`, err);
  }
}
