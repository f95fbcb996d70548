import type { AnonymizedObject, CampaignPurpose, ContributionProposals, IdentifyingMap, InterviewAnswer } from "../../../shared/collaborate/views";

/** What the synthesis needs of a campaign (Campaign.parameters plus its name and id). */
export type SynthesisCampaign = {
  id: string;
  name: string;
  purpose: CampaignPurpose;
  hazard: string;
  scenario: string;
  capabilities: string[];
  questions: string[];
  language: string;
};

/** One completed contributor: who they are (never shown to a prompt) and what they said. */
export type ContributorInput = {
  id: string;
  identity: {
    fullName: string | null;
    email: string;
    organization: string | null;
    role: string | null;
    /**
     * The other names the same person goes by where the app knows them: the invitation's name and
     * organisation and the person's own profile can differ ("Dana W." typed by the manager, "Dana
     * Whitfield" on the account). Each is scrubbed to the same respondent / agency.
     */
    otherNames?: string[];
    otherOrganizations?: string[];
  };
  answers: InterviewAnswer[];
  proposals: ContributionProposals;
};

export type Anonymised = {
  anonymized: AnonymizedObject;
  identifying: IdentifyingMap;
  /** The contributors' ids in label order (Respondent 1 first): a resumed run labels them the same. */
  order: string[];
  /** Replaces every known identifier in any text (safety net on AI output). */
  scrub(text: string): string;
};

export type StageUsage = { inputTokens: number; outputTokens: number; calls: number };
