import { and, eq, inArray } from "drizzle-orm";
import { CAMPAIGN_NOT_FOUND, collaborateTeamIdsOf } from "../accounts/collaborate";
import { membershipOf } from "../accounts/membership";
import type { UserContext } from "../context";
import { campaigns, teams, type Campaign } from "../db/schema";
import { forbidden, notFound } from "../lib/errors";

/**
 * Who manages campaigns (spec §6: the collaborate flag, and team ADMIN or CAMPAIGN_MANAGER — the
 * rule lives in worker/accounts/collaborate.ts). Everything here answers 404 to anyone else, the
 * same as for a campaign that does not exist, so an outsider learns nothing.
 */

const COLLABORATE_UNAVAILABLE =
  "Collaborate is not available to you. It needs the collaborate feature on your team's account and the team admin or campaign manager role.";

export type ManagerTeam = { teamId: string; accountId: string };

/** The team whose campaigns the caller manages (their first collaborate team), or 404. */
export async function requireManagerTeam(ctx: UserContext): Promise<ManagerTeam> {
  const membership = await membershipOf(ctx);
  const teamIds = collaborateTeamIdsOf(membership);
  const team = membership.teams.find((t) => teamIds.includes(t.teamId));
  if (!team) throw notFound(COLLABORATE_UNAVAILABLE);
  return { teamId: team.teamId, accountId: team.accountId };
}

export type ManagedCampaign = Campaign & { accountId: string };

/** A campaign of one of the caller's collaborate teams, with its team's account, or 404. */
export async function managedCampaign(ctx: UserContext, campaignId: string): Promise<ManagedCampaign> {
  const teamIds = collaborateTeamIdsOf(await membershipOf(ctx));
  if (!teamIds.length) throw notFound(CAMPAIGN_NOT_FOUND);
  const [row] = await ctx.db
    .select({ campaign: campaigns, accountId: teams.accountId })
    .from(campaigns)
    .innerJoin(teams, eq(teams.id, campaigns.teamId))
    .where(and(eq(campaigns.id, campaignId), inArray(campaigns.teamId, teamIds)))
    .limit(1);
  if (!row) throw notFound(CAMPAIGN_NOT_FOUND);
  return { ...row.campaign, accountId: row.accountId };
}

const CREATOR_ONLY = "Only the campaign's creator can do this.";

/** Spec §6: only the creator acts on the synthesis (and reads the campaign through the spec's GET). 403 for the team's other managers. */
export async function createdCampaign(ctx: UserContext, campaignId: string): Promise<ManagedCampaign> {
  const campaign = await managedCampaign(ctx, campaignId);
  if (campaign.createdById !== ctx.user.id) throw forbidden(CREATOR_ONLY);
  return campaign;
}
