import { campaignParametersSchema, type Campaign } from "../db/schema";
import { campaignIsOpen } from "../../shared/collaborate/model";
import { CAMPAIGN_PURPOSES, type CampaignParametersView, type CampaignPurpose } from "../../shared/collaborate/views";

/**
 * Campaign.parameters holds the brief (purpose, hazard, questions…) beside the two keys spec §3
 * names. Rows written by older code or the admin CLI hold only some of it, so every read goes
 * through here and gets a complete view with defaults.
 */
export function readParameters(raw: unknown): CampaignParametersView & { exerciseId: string | null } {
  const parsed = campaignParametersSchema.safeParse(raw ?? {});
  const p: Record<string, unknown> = parsed.success ? parsed.data : {};
  const text = (v: unknown, fallback = "") => (typeof v === "string" ? v : fallback);
  const list = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
  const purpose: CampaignPurpose = CAMPAIGN_PURPOSES.includes(p.purpose as CampaignPurpose) ? (p.purpose as CampaignPurpose) : "exercise";
  return {
    synthesisThreadId: typeof p.synthesisThreadId === "string" ? p.synthesisThreadId : null,
    contributorStateHash: typeof p.contributorStateHash === "string" ? p.contributorStateHash : null,
    purpose,
    hazard: text(p.hazard),
    scenario: text(p.scenario),
    capabilities: list(p.capabilities),
    questions: list(p.questions),
    deadline: typeof p.deadline === "string" ? p.deadline : null,
    language: text(p.language, "en") || "en",
    exerciseId: typeof p.exerciseId === "string" ? p.exerciseId : null,
  };
}

/** A deadline (YYYY-MM-DD) has passed once its day has ended in UTC. */
function deadlinePassed(deadline: string | null, now: number): boolean {
  if (!deadline) return false;
  const end = Date.parse(`${deadline}T23:59:59.999Z`);
  return Number.isFinite(end) && now > end;
}

/**
 * Whether a campaign still takes contributions now: open (model.ts campaignIsOpen) and its deadline
 * not passed. The one rule for answering, submitting, inviting, joining and reminding: a link or a
 * reminder sent after the deadline would lead to an interview that is already read-only.
 */
export function takesContributions(campaign: Pick<Campaign, "status" | "parameters">, now: number): boolean {
  return campaignIsOpen(campaign.status) && !deadlinePassed(readParameters(campaign.parameters).deadline, now);
}
