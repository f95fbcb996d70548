/**
 * The synthesis rules of spec §4, as pure functions the shell's store and the pages share (and the
 * node tests pin): polling cadence, the simulated progress, when a run counts as complete, the
 * campaign synthesis check and when the Processing Complete modal may show.
 */
import { MIN_SYNTHESIS_CONTRIBUTORS, tooFewContributorsMessage } from "../../shared/collaborate/synthesis-threshold";
import type { CampaignDetailView, CampaignPurpose, ContributorView, SynthesisStateView, SynthesisStatus } from "../../shared/collaborate/views";

/** Spec §4/§9: the state is checked every 5 seconds. */
export const SYNTHESIS_POLL_MS = 5_000;
/** Spec §4/§9: the simulated progress rises toward, never past, 98 % until the run completes. */
export const SIMULATED_PROGRESS_MAX = 98;
/** Each poll closes this share of the gap to the cap: fast at first, slower near the end, never there. */
const SIMULATED_STEP = 0.12;

/**
 * The next simulated progress: a step toward SIMULATED_PROGRESS_MAX, never below what the server
 * reports (also capped, so only completion shows 100) and never backwards.
 */
export function nextSimulatedProgress(current: number, serverProgress = 0): number {
  const cap = SIMULATED_PROGRESS_MAX;
  const safe = Number.isFinite(current) ? Math.max(0, Math.min(cap, current)) : 0;
  const stepped = safe + Math.max(0.5, (cap - safe) * SIMULATED_STEP);
  const server = Number.isFinite(serverProgress) ? Math.min(cap, serverProgress) : 0;
  return Math.round(Math.min(cap, Math.max(stepped, server)) * 10) / 10;
}

/** Spec §4: complete when status is completed, or the anonymised object or draft injects are present. */
export function isSynthesisComplete(
  state: Pick<SynthesisStateView, "status" | "anonymized_object" | "draft_injects"> & { synthesisStatus?: SynthesisStatus },
): boolean {
  if (state.status === "completed" || state.synthesisStatus === "completed") return true;
  if (state.anonymized_object != null) return true;
  return Array.isArray(state.draft_injects) && state.draft_injects.length > 0;
}

/** Spec §8: "Synthesis API error: …", with the status so callers can ignore not-found (§4). */
export class SynthesisApiError extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(`Synthesis API error: ${detail}`);
    this.name = "SynthesisApiError";
  }
}

/** Spec §4: not-found answers while polling are ignored (the run may not be registered yet). */
export function isNotFoundError(error: unknown): boolean {
  return error instanceof SynthesisApiError && error.status === 404;
}

/** What the shell remembers about the run it follows (persisted for the tab: a reload keeps polling). */
export type SynthesisRun = {
  campaignId: string;
  campaignName: string;
  mode: CampaignPurpose;
  status: SynthesisStatus;
  /** Spec §3 client field: "completed" once done. */
  synthesisStatus: SynthesisStatus;
  progress: number;
  stage: string | null;
  error: string | null;
  /** Spec §3 shouldShowModal: the Processing Complete modal may show. */
  shouldShowModal: boolean;
  /** The progress modal is open (closing it keeps the run polled in the background). */
  progressOpen: boolean;
  /** The completed run was dealt with (modal flagged, or the exercise created): a reload must not do it again. */
  handled: boolean;
};

export function startedRun(campaign: { campaignId: string; campaignName: string; mode: CampaignPurpose }): SynthesisRun {
  return {
    ...campaign,
    status: "queued",
    synthesisStatus: "queued",
    progress: 0,
    stage: null,
    error: null,
    shouldShowModal: false,
    progressOpen: true,
    handled: false,
  };
}

/** A completed run whose outcome (campaign check, modal flag) has not been worked out yet. */
export function needsCompletion(run: SynthesisRun | null): run is SynthesisRun {
  return Boolean(run && run.synthesisStatus === "completed" && !run.handled);
}

/** Whether the store should keep polling this run. */
export function isRunActive(run: SynthesisRun | null): run is SynthesisRun {
  return Boolean(run && run.synthesisStatus !== "completed" && run.status !== "failed");
}

/** One poll's answer folded into the run: completion sets 100 %, otherwise the simulated step. */
export function applyPoll(run: SynthesisRun, state: SynthesisStateView): SynthesisRun {
  if (isSynthesisComplete(state)) {
    return { ...run, status: "completed", synthesisStatus: "completed", progress: 100, stage: state.stage, error: null, mode: state.mode ?? run.mode };
  }
  if (state.status === "failed") {
    return { ...run, status: "failed", synthesisStatus: "failed", stage: state.stage, error: state.error ?? "The synthesis stopped before it finished." };
  }
  return {
    ...run,
    status: state.status,
    synthesisStatus: state.synthesisStatus ?? state.status,
    stage: state.stage,
    error: null,
    progress: nextSimulatedProgress(run.progress, state.progress),
  };
}

/** A human label for the stage the run is in (the server's own stage text wins when it has one). */
export function stageLabel(status: SynthesisStatus, stage: string | null): string {
  if (stage) return stage;
  switch (status) {
    case "idle":
    case "queued":
      return "Waiting to start…";
    case "anonymising":
      return "Anonymising contributions…";
    case "analysing":
      return "Analysing themes, gaps and disagreements…";
    case "drafting":
      return "Drafting findings and injects…";
    case "completed":
      return "Completed!";
    case "failed":
      return "The synthesis failed.";
  }
}

/** The Processing Complete modal's primary button (spec §2). */
export function primaryActionLabel(mode: CampaignPurpose): "View Findings" | "Start Exercise" {
  return mode === "generate-findings" ? "View Findings" : "Start Exercise";
}

/** Spec §4: shown only when the flag is set, the run completed, the ownership check finished and the user created the campaign. */
export function shouldShowCompleteModal(input: {
  shouldShowModal: boolean;
  synthesisStatus: SynthesisStatus | null;
  ownershipChecked: boolean;
  isCreator: boolean;
}): boolean {
  return input.shouldShowModal && input.synthesisStatus === "completed" && input.ownershipChecked && input.isCreator;
}

/** Spec §5/§6 ownership check: the creator is matched by e-mail. */
function isCampaignCreator(campaign: Pick<CampaignDetailView, "createdBy">, userEmail: string): boolean {
  const creator = campaign.createdBy.email?.trim().toLowerCase();
  return Boolean(creator) && creator === userEmail.trim().toLowerCase();
}

/**
 * Spec §4/§5/§8 ownership check: skipped (not creator) without a campaign id or user e-mail; the
 * creator-only campaign read failing means not creator, logged as 'Failed to check permissions'.
 */
export async function checkOwnership(
  campaignId: string | null | undefined,
  userEmail: string | null | undefined,
  readCampaign: (campaignId: string) => Promise<Pick<CampaignDetailView, "createdBy">>,
): Promise<boolean> {
  if (!campaignId || !userEmail) return false;
  try {
    return isCampaignCreator(await readCampaign(campaignId), userEmail);
  } catch (error) {
    console.error("Failed to check permissions", error);
    return false;
  }
}

export type CheckCampaign = {
  contributors: Pick<ContributorView, "id" | "status" | "submittedAt">[];
  parameters: { synthesisThreadId: string | null; contributorStateHash: string | null };
};

/**
 * Spec §4 campaign synthesis check, given the hash of the completed contributors: all
 * contributors COMPLETED, a thread, a stored hash, a completed run and matching hashes → create
 * the exercise directly ("create-exercise"); anything else → show the modal.
 */
export function campaignCheckOutcome(campaign: CheckCampaign, synthesisStatus: SynthesisStatus | null, currentHash: string): "create-exercise" | "show-modal" {
  const { contributors, parameters } = campaign;
  const allCompleted = contributors.length > 0 && contributors.every((c) => c.status === "COMPLETED");
  const ready = allCompleted && Boolean(parameters.synthesisThreadId) && Boolean(parameters.contributorStateHash) && synthesisStatus === "completed";
  return ready && parameters.contributorStateHash === currentHash ? "create-exercise" : "show-modal";
}

/**
 * Why the campaign page's "Run synthesis" is disabled, said before anyone clicks (the API refuses
 * the same cases): only the creator runs it, and only once MIN_SYNTHESIS_CONTRIBUTORS have submitted.
 */
export function synthesisBlockedReason(campaign: Pick<CampaignDetailView, "contributors" | "status" | "isCreator" | "createdBy">): string | null {
  if (campaign.status === "ARCHIVED") return "The campaign is archived.";
  if (!campaign.isCreator) {
    const creator = campaign.createdBy.name || campaign.createdBy.email;
    return `Only the campaign's creator${creator ? ` (${creator})` : ""} can run the synthesis.`;
  }
  const completed = campaign.contributors.filter((c) => c.status === "COMPLETED").length;
  if (completed < MIN_SYNTHESIS_CONTRIBUTORS) return tooFewContributorsMessage(completed);
  return null;
}
