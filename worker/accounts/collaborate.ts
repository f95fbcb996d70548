import { and, eq, inArray } from "drizzle-orm";
import { campaigns, type CollaborateRole, type TeamRole } from "../db/schema";
import { notFound } from "../lib/errors";
import { membershipHasFlag } from "./flags";
import { membershipOf, type Membership } from "./membership";
import type { UserContext } from "../context";

/**
 * Who may work on a team's campaigns, the one rule the campaign exercise API (and with it the
 * locks and the campaign assistant), the collaborate editor pages and the dashboard's "Campaign
 * exercises" list all use. Spec §6: "Collaborate access requires the collaborate flag and being a
 * team admin or a campaign manager." Until campaigns have contributors of their own, a plain
 * member (MEMBER / STANDARD_USER) of the team does not get in, and neither does anyone without
 * the collaborateEnabled flag (see userHasFlag). Outside it a campaign is "not found" (404), the
 * same as one that does not exist.
 */
function mayCollaborate(input: { collaborateEnabled: boolean; role: TeamRole; collaborateRole: CollaborateRole }): boolean {
  return input.collaborateEnabled && (input.role === "ADMIN" || input.collaborateRole === "CAMPAIGN_MANAGER");
}

/** The teams whose campaigns the user may open (none without the flag). */
export function collaborateTeamIdsOf(membership: Membership): string[] {
  const collaborateEnabled = membershipHasFlag(membership, "collaborateEnabled");
  return membership.teams.filter((m) => mayCollaborate({ collaborateEnabled, role: m.role, collaborateRole: m.collaborateRole })).map((m) => m.teamId);
}

export const CAMPAIGN_NOT_FOUND = "Campaign not found.";

/** Whether the user may read and change the campaign and its exercises (and spend credits on them). */
export async function canAccessCampaign(ctx: UserContext, campaignId: string): Promise<boolean> {
  const teamIds = collaborateTeamIdsOf(await membershipOf(ctx));
  if (!teamIds.length) return false;
  const [row] = await ctx.db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.id, campaignId), inArray(campaigns.teamId, teamIds)))
    .limit(1);
  return Boolean(row);
}

/** 404 unless canAccessCampaign. */
export async function assertCampaignAccess(ctx: UserContext, campaignId: string): Promise<void> {
  if (!(await canAccessCampaign(ctx, campaignId))) throw notFound(CAMPAIGN_NOT_FOUND);
}
