import { eq } from "drizzle-orm";
import { assertCampaignAccess } from "../../accounts/collaborate";
import type { UserContext } from "../../context";
import { campaigns } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { parseInsights, type CampaignInsights } from "../synthesis/insights";
import { synthesisParametersSchema } from "../synthesis/input";
import type { SynthesisCampaign } from "../synthesis/engine";
import type { FindingsView } from "../../../shared/collaborate/views";

const NO_FINDINGS = "No findings yet: the campaign's synthesis has not completed.";

export type CampaignWithInsights = {
  campaign: SynthesisCampaign;
  createdById: string | null;
  parameters: Record<string, unknown>;
  insights: CampaignInsights | null;
};

/** The campaign (for those who may collaborate on it, else 404) and its synthesis mirror, if any. */
export async function readCampaignInsights(ctx: UserContext, campaignId: string): Promise<CampaignWithInsights> {
  await assertCampaignAccess(ctx, campaignId);
  const [row] = await ctx.db
    .select({ name: campaigns.name, parameters: campaigns.parameters, insights: campaigns.insights, createdById: campaigns.createdById })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId))
    .limit(1);
  if (!row) throw notFound(NO_FINDINGS);
  const parameters = row.parameters as Record<string, unknown>;
  return {
    campaign: { id: campaignId, name: row.name, ...synthesisParametersSchema.parse(parameters) },
    createdById: row.createdById,
    parameters,
    insights: parseInsights(row.insights),
  };
}

function toFindingsView(campaign: SynthesisCampaign, insights: CampaignInsights): FindingsView {
  return {
    campaignId: campaign.id,
    campaignName: campaign.name,
    purpose: campaign.purpose,
    contributorCount: insights.contributorCount,
    completedAt: insights.completedAt,
    findings: insights.findings,
    draftInjects: insights.draftInjects,
  };
}

/** GET /api/collaborate/campaigns/{id}/findings: 404 until a synthesis has completed. */
export async function getFindings(ctx: UserContext, campaignId: string): Promise<FindingsView> {
  const { campaign, insights } = await readCampaignInsights(ctx, campaignId);
  if (!insights) throw notFound(NO_FINDINGS);
  return toFindingsView(campaign, insights);
}
