import { and, eq, sql } from "drizzle-orm";
import type { UserContext } from "../../context";
import { campaignExercises, campaigns } from "../../db/schema";
import { FINDINGS_OFFLINE_LABEL, FINDINGS_OFFLINE_NOTE } from "../../../shared/collaborate/model";
import type { CapabilityObjective, Module, MselRow } from "../../../shared/db/exercise-shapes";
import { createExerciseBodySchema } from "../../exercises/schemas";
import { inCampaign } from "../../exercises/scope";
import { createExercise } from "../../exercises/service";
import { conflict, forbidden } from "../../lib/errors";
import { nowDate } from "../../lib/clock";
import type { SynthesisCampaign } from "../synthesis/engine";
import type { CampaignInsights } from "../synthesis/insights";
import { readCampaignInsights } from "./service";

/**
 * POST /api/collaborate/campaigns/{id}/start-exercise (spec §4: the synthesis-complete modal's
 * primary action, and the campaign synthesis check's direct path): a campaign exercise drafted from
 * the synthesis — scenario and summary, hazard, recommended objectives, a module of the draft
 * injects and discussion questions from the gaps and disagreements, and one MSEL row per draft
 * inject citing the anonymised respondents it came from. The creator only.
 */

const START_EXERCISE_CREATOR_ONLY = "Only the campaign's creator can start its exercise.";
const START_EXERCISE_NOT_READY = "The synthesis has not completed yet: start the exercise once it has.";

const sources = (respondents: string[]) => (respondents.length ? `Sources: ${respondents.join(", ")}` : null);

function exerciseFromInsights(campaign: SynthesisCampaign, insights: CampaignInsights) {
  const { findings, draftInjects } = insights;
  // Drafted from findings made without a model: the exercise says so where the planner reads it first.
  const offlineNote = findings.offline ? `${FINDINGS_OFFLINE_LABEL} — ${FINDINGS_OFFLINE_NOTE}` : "";
  const scenario = [
    campaign.scenario.trim(),
    findings.summary.trim() ? `Synthesis of ${insights.contributorCount} contributor(s): ${findings.summary.trim()}` : "",
    offlineNote,
  ]
    .filter(Boolean)
    .join("\n\n");
  const capabilitiesAndObjectives: CapabilityObjective[] = findings.recommendedObjectives.map((o) => ({ capability: o.capability, objective: o.text }));
  const questions = [
    ...findings.gaps.map((g) => `${g.title}: how would we close this gap?`),
    ...findings.disagreements.map((d) => `${d.topic}: which approach should we take, and why?`),
  ];
  const modules: Module[] = [
    {
      title: `${campaign.hazard || campaign.name} — response`,
      description: [findings.summary, offlineNote].filter(Boolean).join("\n\n") || null,
      injects: draftInjects.map((i) => `${i.title}: ${i.description}`),
      questions,
    },
  ];
  const mselTable: MselRow[] = draftInjects.map((i) => ({
    event: String(i.number),
    time: i.time,
    category: i.capability,
    synopsis: i.title,
    message: i.description,
    expectedAction: i.expectedAction,
    comment: sources(i.respondents),
  }));
  return {
    name: `${campaign.name} — exercise`,
    framework: "HSEEP",
    scenario,
    threatType: campaign.hazard || null,
    capabilitiesAndObjectives,
    modules,
    mselTable,
    metadata: { sourceCampaignId: campaign.id, synthesisThreadId: insights.threadId, ...(findings.offline ? { offline: true } : {}) },
  };
}

export async function startCampaignExercise(ctx: UserContext, campaignId: string): Promise<{ id: string; created: boolean }> {
  const { campaign, createdById, parameters, insights } = await readCampaignInsights(ctx, campaignId);
  if (createdById !== ctx.user.id) throw forbidden(START_EXERCISE_CREATOR_ONLY);
  if (!insights) throw conflict(START_EXERCISE_NOT_READY, "synthesis_not_completed");

  // A repeated click (or the client's check running twice) opens the exercise already drafted from
  // this synthesis instead of a second copy; a newer synthesis drafts a new one.
  const previous = typeof parameters.exerciseId === "string" ? parameters.exerciseId : null;
  if (previous) {
    const [row] = await ctx.db
      .select({ id: campaignExercises.id, metadata: campaignExercises.metadata })
      .from(campaignExercises)
      .where(and(eq(campaignExercises.id, previous), eq(campaignExercises.campaignId, campaignId)))
      .limit(1);
    if (row && row.metadata?.synthesisThreadId === insights.threadId) return { id: row.id, created: false };
  }

  const body = createExerciseBodySchema.parse({ exercise: exerciseFromInsights(campaign, insights) });
  const { id } = await createExercise(ctx, inCampaign(campaignId), body);
  // Recorded only if nobody recorded another meanwhile (two clicks at once both get here): the
  // loser removes its copy and opens the winner's, so a campaign never gets two drafts of one run.
  const exerciseIdNow = sql`json_extract(${campaigns.parameters}, '$.exerciseId')`;
  const claimed = await ctx.db
    .update(campaigns)
    .set({ parameters: sql`json_set(coalesce(${campaigns.parameters}, '{}'), '$.exerciseId', ${id})`, updatedAt: nowDate() })
    .where(and(eq(campaigns.id, campaignId), previous === null ? sql`${exerciseIdNow} IS NULL` : sql`${exerciseIdNow} = ${previous}`))
    .returning({ parameters: campaigns.parameters });
  if (claimed.length) return { id, created: true };
  await ctx.db.delete(campaignExercises).where(and(eq(campaignExercises.id, id), eq(campaignExercises.campaignId, campaignId)));
  const [row] = await ctx.db.select({ parameters: campaigns.parameters }).from(campaigns).where(eq(campaigns.id, campaignId)).limit(1);
  const winner = row?.parameters.exerciseId;
  if (typeof winner !== "string") throw conflict("The campaign changed meanwhile. Try again.", "campaign_changed");
  return { id: winner, created: false };
}
