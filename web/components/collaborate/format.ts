/** Shared wording and formatting of the collaborate screens. */
import type { CampaignInvitationStatus, CampaignPurpose, CampaignStatus, ContributorStatus } from "../../../shared/collaborate/views";
import { SUPPORTED_LANGUAGES } from "../../../shared/profile/languages";

export const PURPOSE_LABELS: Record<CampaignPurpose, string> = { "generate-findings": "Findings", exercise: "An exercise" };

export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = {
  DRAFT: "Draft",
  ACTIVE: "Active",
  CLOSED: "Closed",
  SYNTHESIZING: "Synthesising",
  // The synthesis ran, and the campaign still takes contributors (model.ts campaignIsOpen): not "Completed".
  COMPLETED: "Synthesised · open",
  ARCHIVED: "Archived",
};

export const CONTRIBUTOR_STATUS_LABELS: Record<ContributorStatus, string> = { INVITED: "Invited", IN_PROGRESS: "In progress", COMPLETED: "Completed" };

export const INVITATION_STATUS_LABELS: Record<CampaignInvitationStatus, string> = {
  PENDING: "Pending",
  USED: "Accepted",
  EXPIRED: "Expired",
  REVOKED: "Revoked",
};

const languageNames = new Map<string, string>(SUPPORTED_LANGUAGES.map((l) => [l.code, l.name]));
export function languageName(code: string): string {
  return languageNames.get(code) ?? code;
}

/** Completed of everyone invited, and the share for the bar. */
export function contributorProgress(completed: number, invited: number): { completed: number; total: number; percent: number } {
  const total = Math.max(invited, completed);
  return { completed, total, percent: total > 0 ? Math.round((completed / total) * 100) : 0 };
}
