/**
 * The collaborate feature's wire types: what the API answers and the browser reads (imported by
 * web/ with `import type` only). One place, so the two sides cannot drift.
 */

/** Spec §3 "mode": generate-findings, or an exercise mode (an exercise drafted from the synthesis). */
export const CAMPAIGN_PURPOSES = ["generate-findings", "exercise"] as const;
export type CampaignPurpose = (typeof CAMPAIGN_PURPOSES)[number];

export type CampaignStatus = "DRAFT" | "ACTIVE" | "CLOSED" | "SYNTHESIZING" | "COMPLETED" | "ARCHIVED";
export type ContributorStatus = "INVITED" | "IN_PROGRESS" | "COMPLETED";

/** Campaign.parameters as the API shows it (spec §3: synthesisThreadId and contributorStateHash, plus the brief). */
export type CampaignParametersView = {
  synthesisThreadId: string | null;
  contributorStateHash: string | null;
  purpose: CampaignPurpose;
  hazard: string;
  scenario: string;
  /** Core capability names (shared/exercises/capabilities.ts) the campaign explores. */
  capabilities: string[];
  /** The manager's own questions, asked in phase 1 after the scripted ones. */
  questions: string[];
  /** ISO date (YYYY-MM-DD) or null. */
  deadline: string | null;
  /** BCP 47 tag the interview speaks ("en", "es", …). */
  language: string;
};

/** One contributor as the manager sees them: identity and progress, never their answers. */
export type ContributorView = {
  /** ContributorExercise id. */
  id: string;
  /** The Readyroom user's id (CampaignParticipant), or null for a campaign-only person. */
  regularUserId: string | null;
  campaignUserId: string | null;
  email: string;
  fullName: string | null;
  organization: string | null;
  role: string | null;
  status: ContributorStatus;
  completionPercentage: number;
  /** 1 (about them and their agency) or 2 (proposals). */
  phase: 1 | 2;
  /** The day (YYYY-MM-DD, UTC) only: an exact time could match a contributor to their answers. */
  lastMessageAt: string | null;
  /** The day (YYYY-MM-DD, UTC) only, likewise. */
  submittedAt: string | null;
  lastReminderAt: string | null;
};

export type CampaignInvitationStatus = "PENDING" | "USED" | "EXPIRED" | "REVOKED";

/** A CampaignToken (the secret is never shown, only e-mailed). */
export type CampaignInvitationView = {
  id: string;
  email: string;
  fullName: string | null;
  organization: string | null;
  role: string | null;
  status: CampaignInvitationStatus;
  expiresAt: string;
  usedAt: string | null;
  revokedAt: string | null;
};

/** GET /api/collaborate/campaigns/{id} (spec §7). */
export type CampaignDetailView = {
  id: string;
  campaignId: string;
  campaignName: string;
  teamId: string;
  status: CampaignStatus;
  maxContributors: number | null;
  createdBy: { id: string | null; email: string | null; name: string | null };
  contributors: ContributorView[];
  invitations: CampaignInvitationView[];
  parameters: CampaignParametersView;
  /** The synthesis's findings once completed (the Campaign.insights mirror), else null. */
  hasFindings: boolean;
  /** The campaign exercise started from the synthesis, if any. */
  exerciseId: string | null;
  /** Whether the caller created the campaign (only the creator acts on the synthesis). */
  isCreator: boolean;
  createdAt: string;
  updatedAt: string;
};

/** A row of GET /api/collaborate/campaigns. */
export type CampaignSummaryView = {
  campaignId: string;
  campaignName: string;
  status: CampaignStatus;
  purpose: CampaignPurpose;
  hazard: string;
  deadline: string | null;
  maxContributors: number | null;
  invited: number;
  inProgress: number;
  completed: number;
  createdBy: { email: string | null; name: string | null };
  createdAt: string;
  updatedAt: string;
};

// ------------------------------------------------------------------------------------------------
// Interviews (the contributor's side)

export type InterviewMessage = { role: "assistant" | "user"; content: string; at: string };

/** GET /api/collaborate/interviews/{id}: the contributor's own interview. */
export type InterviewView = {
  id: string;
  campaignId: string;
  campaignName: string;
  purpose: CampaignPurpose;
  hazard: string;
  scenario: string;
  language: string;
  status: ContributorStatus;
  phase: 1 | 2;
  completionPercentage: number;
  messages: InterviewMessage[];
  /** The question awaiting an answer; null once every question is answered (then submit). */
  currentQuestion: string | null;
  canSubmit: boolean;
  submittedAt: string | null;
  /** Campaign closed (or deadline passed): read-only. */
  closed: boolean;
};

/** A row of GET /api/collaborate/interviews: the campaigns the caller contributes to. */
export type InterviewSummaryView = {
  id: string;
  campaignId: string;
  campaignName: string;
  status: ContributorStatus;
  completionPercentage: number;
  deadline: string | null;
  closed: boolean;
};

/**
 * What an interview collects (ContributorExercise.collectedData and .contributions), the
 * synthesis's input. Free text as the contributor wrote it: identifying details included, which is
 * why nothing reads it except the contributor, the anonymiser and (identifying view) the creator.
 */
export type InterviewAnswer = {
  /** Stable key of the question: role, plans, incidents, concerns, q1…qn (manager's), injects, questions, objectives. */
  key: string;
  phase: 1 | 2;
  question: string;
  answer: string;
};
export type CollectedData = { answers: InterviewAnswer[] };
export type ContributionProposals = { injects: string[]; questions: string[]; objectives: string[] };

// ------------------------------------------------------------------------------------------------
// Synthesis

export type SynthesisStatus = "idle" | "queued" | "anonymising" | "analysing" | "drafting" | "completed" | "failed";

export type AnonymizedContribution = {
  respondent: string;
  agency: string;
  answers: { key: string; phase: 1 | 2; question: string; answer: string }[];
  proposals: ContributionProposals;
};
export type AnonymizedObject = { contributions: AnonymizedContribution[] };

export type DraftInject = {
  number: number;
  /** Offset from start, e.g. "00:15". */
  time: string;
  title: string;
  description: string;
  capability: string | null;
  expectedAction: string;
  /** The anonymised contributions it came from ("Respondent 2"). */
  respondents: string[];
};

export type Findings = {
  summary: string;
  themes: { title: string; detail: string; contributorCount: number; respondents: string[]; quotes: { text: string; respondent: string }[] }[];
  gaps: { title: string; detail: string; respondents: string[] }[];
  disagreements: { topic: string; positions: { position: string; respondents: string[] }[] }[];
  /** Every one of the 32 core capabilities, with how many contributors touched it. */
  capabilityCoverage: { capability: string; mission: string; contributorCount: number; respondents: string[] }[];
  recommendedObjectives: { text: string; capability: string | null; respondents: string[] }[];
  /**
   * True when the findings were produced without an AI model (no provider configured, or its answer
   * was unusable): Readyroom's extractive synthesis. Every view and export says so
   * (model.ts FINDINGS_OFFLINE_LABEL, findingsOfflineNote). Absent on findings from a model.
   */
  offline?: boolean;
};

/** Pseudonym → real identity, only with include_identifying=true for the creator. */
export type IdentifyingMap = { pseudonym: string; kind: "respondent" | "agency" | "person" | "organization" | "email" | "phone" | "role"; value: string }[];

/** GET /api/synthesis/state/{id}: always the state; the content fields per `content` (spec §7 variants). */
export type SynthesisStateView = {
  campaignId: string;
  threadId: string | null;
  status: SynthesisStatus;
  /** Spec §3 client field: "completed" once done. */
  synthesisStatus: SynthesisStatus;
  mode: CampaignPurpose;
  progress: number;
  stage: string | null;
  error: string | null;
  contributorCount: number;
  startedAt: string | null;
  completedAt: string | null;
  updatedAt: string | null;
  /** No `content`: the draft injects (spec §7 first variant). */
  draft_injects?: DraftInject[];
  /** content=anonymized or all. */
  anonymized_object?: AnonymizedObject;
  /** content=summary or all. */
  summary?: string;
  findings?: Findings;
  /** include_identifying=true (creator only). */
  identifying?: IdentifyingMap;
};

/** GET /api/collaborate/campaigns/{id}/findings: the findings page. */
export type FindingsView = {
  campaignId: string;
  campaignName: string;
  purpose: CampaignPurpose;
  contributorCount: number;
  completedAt: string;
  findings: Findings;
  draftInjects: DraftInject[];
};
