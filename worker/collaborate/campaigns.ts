import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { collaborateTeamIdsOf } from "../accounts/collaborate";
import { membershipOf } from "../accounts/membership";
import { auditStatement } from "../audit/log";
import type { UserContext } from "../context";
import { campaigns, users, type Campaign } from "../db/schema";
import { nowMs } from "../lib/clock";
import { conflict } from "../lib/errors";
import { createdCampaign, managedCampaign, requireManagerTeam } from "./access";
import { contributorsOf } from "./contributors";
import { invitationsOf } from "./invitations";
import { campaignIsOpen, type CreateCampaignBody } from "../../shared/collaborate/model";
import { readParameters } from "./parameters";
import type { CampaignDetailView, CampaignSummaryView } from "../../shared/collaborate/views";

/**
 * Campaigns of a team (spec §3 Campaign): created and managed by the team's ADMINs and
 * CAMPAIGN_MANAGERs (worker/collaborate/access.ts). The brief lives in parameters; status moves
 * DRAFT → ACTIVE (first invitation) → CLOSED (the manager stops contributions) and, through the
 * synthesis, SYNTHESIZING → COMPLETED.
 */

const iso = (d: Date) => d.toISOString();
const nameOf = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(" ") || null;

export async function listCampaigns(ctx: UserContext): Promise<CampaignSummaryView[]> {
  const teamIds = collaborateTeamIdsOf(await membershipOf(ctx));
  if (!teamIds.length) return [];
  const rows = await ctx.db
    .select({
      campaign: campaigns,
      creatorEmail: users.email,
      creatorFirst: users.firstName,
      creatorLast: users.lastName,
      pendingInvitations: sql<number>`(SELECT count(*) FROM "CampaignToken" t WHERE t."campaignId" = ${campaigns.id} AND t."usedAt" IS NULL AND t."revokedAt" IS NULL AND t."expiresAt" > ${nowMs()})`,
      joined: sql<number>`(SELECT count(*) FROM "ContributorExercise" ce WHERE ce."campaignId" = ${campaigns.id} AND ce."status" = 'INVITED')`,
      inProgress: sql<number>`(SELECT count(*) FROM "ContributorExercise" ce WHERE ce."campaignId" = ${campaigns.id} AND ce."status" = 'IN_PROGRESS')`,
      completed: sql<number>`(SELECT count(*) FROM "ContributorExercise" ce WHERE ce."campaignId" = ${campaigns.id} AND ce."status" = 'COMPLETED')`,
    })
    .from(campaigns)
    .leftJoin(users, eq(users.id, campaigns.createdById))
    .where(and(inArray(campaigns.teamId, teamIds), ne(campaigns.status, "ARCHIVED")))
    .orderBy(desc(campaigns.createdAt))
    .limit(200);
  return rows.map((r) => {
    const p = readParameters(r.campaign.parameters);
    const inProgress = Number(r.inProgress);
    const completed = Number(r.completed);
    return {
      campaignId: r.campaign.id,
      campaignName: r.campaign.name,
      status: r.campaign.status,
      purpose: p.purpose,
      hazard: p.hazard,
      deadline: p.deadline,
      maxContributors: r.campaign.maxContributors,
      // Everyone asked: waiting invitations and everyone who joined.
      invited: Number(r.pendingInvitations) + Number(r.joined) + inProgress + completed,
      inProgress,
      completed,
      createdBy: { email: r.creatorEmail, name: nameOf(r.creatorFirst, r.creatorLast) },
      createdAt: iso(r.campaign.createdAt),
      updatedAt: iso(r.campaign.updatedAt),
    };
  });
}

export async function createCampaign(ctx: UserContext, input: CreateCampaignBody): Promise<CampaignDetailView> {
  const team = await requireManagerTeam(ctx);
  const id = crypto.randomUUID();
  const now = new Date(nowMs());
  const parameters = {
    synthesisThreadId: null,
    contributorStateHash: null,
    purpose: input.purpose,
    hazard: input.hazard,
    scenario: input.scenario,
    capabilities: input.capabilities,
    questions: input.questions,
    deadline: input.deadline ?? null,
    language: input.language,
  };
  await ctx.db.batch([
    ctx.db.insert(campaigns).values({
      id,
      teamId: team.teamId,
      name: input.name,
      parameters,
      createdById: ctx.user.id,
      status: "DRAFT",
      maxContributors: input.maxContributors,
      createdAt: now,
      updatedAt: now,
    }),
    auditStatement(ctx.db, {
      accountId: team.accountId,
      actorId: ctx.user.id,
      campaignId: id,
      action: "campaign.created",
      metadata: { name: input.name, purpose: input.purpose },
    }),
  ]);
  return campaignDetail(ctx, id);
}

async function detailOf(ctx: UserContext, campaign: Campaign): Promise<CampaignDetailView> {
  const [creator] = campaign.createdById
    ? await ctx.db
        .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, campaign.createdById))
        .limit(1)
    : [];
  const [contributors, invitations] = await Promise.all([contributorsOf(ctx, campaign.id, campaign.parameters), invitationsOf(ctx, campaign.id)]);
  const { exerciseId, ...parameters } = readParameters(campaign.parameters);
  return {
    id: campaign.id,
    campaignId: campaign.id,
    campaignName: campaign.name,
    teamId: campaign.teamId,
    status: campaign.status,
    maxContributors: campaign.maxContributors,
    createdBy: { id: campaign.createdById, email: creator?.email ?? null, name: creator ? nameOf(creator.firstName, creator.lastName) : null },
    contributors,
    invitations,
    parameters,
    hasFindings: campaign.insights !== null && campaign.insights !== undefined,
    exerciseId,
    isCreator: campaign.createdById === ctx.user.id,
    createdAt: iso(campaign.createdAt),
    updatedAt: iso(campaign.updatedAt),
  };
}

/** The campaign page's read: any manager of the team. */
export async function campaignDetail(ctx: UserContext, campaignId: string): Promise<CampaignDetailView> {
  return detailOf(ctx, await managedCampaign(ctx, campaignId));
}

/** Spec §7 GET /api/collaborate/campaigns/{id}: only the creator gets an ok answer (the ownership check reads it). */
export async function campaignForCreator(ctx: UserContext, campaignId: string): Promise<CampaignDetailView> {
  return detailOf(ctx, await createdCampaign(ctx, campaignId));
}

/** Stops contributions: open links stop working and interviews become read-only. Idempotent. */
export async function closeCampaign(ctx: UserContext, campaignId: string): Promise<CampaignDetailView> {
  const campaign = await managedCampaign(ctx, campaignId);
  if (campaign.status === "SYNTHESIZING") throw conflict("The synthesis is running. Close the campaign once it has finished.", "synthesis_running");
  if (campaignIsOpen(campaign.status)) {
    await ctx.db.batch([
      ctx.db
        .update(campaigns)
        .set({ status: "CLOSED", updatedAt: new Date(nowMs()) })
        .where(eq(campaigns.id, campaignId)),
      auditStatement(ctx.db, { accountId: campaign.accountId, actorId: ctx.user.id, campaignId, action: "campaign.closed" }),
    ]);
  }
  return campaignDetail(ctx, campaignId);
}
