import { and, count, eq, sql } from "drizzle-orm";
import { assertCampaignAccess, CAMPAIGN_NOT_FOUND, canAccessCampaign } from "../../accounts/collaborate";
import type { UserContext } from "../../context";
import { campaigns, contributorExercises } from "../../db/schema";
import { conflict, forbidden, notFound } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { nowDate } from "../../lib/clock";
import { managedCampaign } from "../access";
import { MIN_SYNTHESIS_CONTRIBUTORS, tooFewContributorsMessage } from "../../../shared/collaborate/model";
import type { CampaignStatus, SynthesisStateView } from "../../../shared/collaborate/views";
import { synthesisParametersSchema } from "./input";
import { failSynthesis, synthesisStub, type SynthesisMessage } from "./run";
import type { SynthesisContent } from "./state";

/**
 * The synthesis API's logic (routes.ts is its HTTP shape): start or join a campaign's run, read its
 * state in the spec §7 variants. Only the campaign's creator starts a run and sees who said what
 * (include_identifying); the team's other managers (worker/accounts/collaborate.ts) follow it and
 * read its anonymised results (403 on the rest); anyone else gets 404. A run needs
 * MIN_SYNTHESIS_CONTRIBUTORS completed interviews, so no answer can be traced to one person.
 */

export const SYNTHESIS_CREATOR_ONLY =
  "Only the campaign's creator can run the synthesis. Ask them to run it; you can follow its progress and read the findings.";
const NO_SYNTHESIS = "No synthesis has run for this campaign yet.";
const THREAD_NOT_FOUND = "Synthesis thread not found.";
const IDENTIFYING_CREATOR_ONLY = "Only the campaign's creator can see who said what.";

export type StateQuery = { content: SynthesisContent | null; includeIdentifying: boolean };

/**
 * A run's thread id names its campaign (`<campaignId>.<random id>`), so a state read by thread id
 * finds the one object that holds it without an index; access is checked on the campaign as usual.
 */
const threadIdFor = (campaignId: string) => `${campaignId}.${newId()}`;
function campaignOfThread(threadId: string): string | null {
  const dot = threadId.lastIndexOf(".");
  return dot > 0 ? threadId.slice(0, dot) : null;
}

async function campaignRow(ctx: UserContext, campaignId: string) {
  const [row] = await ctx.db
    .select({ status: campaigns.status, parameters: campaigns.parameters, createdById: campaigns.createdById })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId))
    .limit(1);
  if (!row) throw notFound(CAMPAIGN_NOT_FOUND);
  return row;
}

/**
 * POST /api/synthesis/trigger/{id}: a new run (queued, one SYNTHESIS message) unless one is queued
 * or running, which the caller then joins. The campaign shows SYNTHESIZING from here on.
 */
export async function triggerSynthesis(ctx: UserContext, campaignId: string): Promise<SynthesisStateView> {
  const campaign = await managedCampaign(ctx, campaignId);
  if (campaign.createdById !== ctx.user.id) throw forbidden(SYNTHESIS_CREATOR_ONLY);
  const [completed] = await ctx.db
    .select({ n: count() })
    .from(contributorExercises)
    .where(and(eq(contributorExercises.campaignId, campaignId), eq(contributorExercises.status, "COMPLETED")));
  const n = completed?.n ?? 0;
  if (n < MIN_SYNTHESIS_CONTRIBUTORS) throw conflict(tooFewContributorsMessage(n), "too_few_contributors");
  const stub = synthesisStub(ctx.env, campaignId);
  const { purpose } = synthesisParametersSchema.parse(campaign.parameters);
  // A campaign left SYNTHESIZING by a run that ended badly goes back to ACTIVE if this one fails.
  const prior: CampaignStatus = campaign.status === "SYNTHESIZING" ? "ACTIVE" : campaign.status;
  const { started, view } = await stub.trigger({
    campaignId,
    threadId: threadIdFor(campaignId),
    userId: ctx.user.id,
    mode: purpose,
    priorCampaignStatus: prior,
  });
  if (!started) return view;
  const message: SynthesisMessage = { kind: "synthesis", campaignId, threadId: view.threadId! };
  // SYNTHESIZING before the message: a consumer finishing first must not be overwritten by it. Not
  // over CLOSED or ARCHIVED: SYNTHESIZING counts as open (model.ts campaignIsOpen), and a run must
  // not reopen a closed campaign to joins and answers; its progress is the run's state meanwhile.
  // parameters.synthesisRunning marks the run for the cron's sweep (sweep.ts) whatever the status;
  // the mirror write or a failure removes it.
  await ctx.db
    .update(campaigns)
    .set({
      status: sql`CASE WHEN ${campaigns.status} IN ('CLOSED', 'ARCHIVED') THEN ${campaigns.status} ELSE 'SYNTHESIZING' END`,
      parameters: sql`json_set(coalesce(${campaigns.parameters}, '{}'), '$.synthesisRunning', ${message.threadId})`,
      updatedAt: nowDate(),
    })
    .where(eq(campaigns.id, campaignId));
  try {
    await ctx.env.SYNTHESIS.send(message);
  } catch (err) {
    await failSynthesis(ctx, message, "The synthesis could not be queued. Try again in a moment.");
    throw err;
  }
  return view;
}

async function isCreator(ctx: UserContext, campaignId: string): Promise<boolean> {
  const row = await campaignRow(ctx, campaignId);
  return row.createdById === ctx.user.id;
}

/** GET /api/synthesis/state/{id}: 404 before the first run; identifying data for the creator only (403). */
export async function synthesisState(ctx: UserContext, campaignId: string, query: StateQuery): Promise<SynthesisStateView> {
  await assertCampaignAccess(ctx, campaignId);
  if (query.includeIdentifying && !(await isCreator(ctx, campaignId))) throw forbidden(IDENTIFYING_CREATOR_ONLY);
  const view = await synthesisStub(ctx.env, campaignId).view(query.content, query.includeIdentifying);
  if (!view) throw notFound(NO_SYNTHESIS);
  return view;
}

/** GET /api/synthesis/threads/{threadId}/state: the same, for the campaign's current thread only. */
export async function synthesisStateByThread(ctx: UserContext, threadId: string, query: StateQuery): Promise<SynthesisStateView> {
  const campaignId = campaignOfThread(threadId);
  if (!campaignId || !(await canAccessCampaign(ctx, campaignId))) throw notFound(THREAD_NOT_FOUND);
  if (query.includeIdentifying && !(await isCreator(ctx, campaignId))) throw forbidden(IDENTIFYING_CREATOR_ONLY);
  const view = await synthesisStub(ctx.env, campaignId).view(query.content, query.includeIdentifying);
  if (!view || view.threadId !== threadId) throw notFound(THREAD_NOT_FOUND);
  return view;
}
