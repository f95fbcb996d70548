import type {
  AnonymizedObject,
  CampaignPurpose,
  CampaignStatus,
  DraftInject,
  Findings,
  IdentifyingMap,
  SynthesisStateView,
  SynthesisStatus,
} from "../../../shared/collaborate/views";

/**
 * The synthesis run of one campaign as pure state transitions: the CampaignSynthesis Durable
 * Object (durable-objects/campaign-synthesis.ts) only loads a SynthesisRun, applies one of these
 * and stores the result, so every rule here is tested in Node without a runtime.
 *
 * Life cycle: idle → queued → anonymising → analysing → drafting → completed | failed. Each stage's
 * output is kept when the stage ends, so a rerun (a queue retry after an eviction or a transient
 * error) starts at the first stage without output: an AI stage that finished is never paid twice.
 */

export type Stage = "anonymising" | "analysing" | "drafting";
/** What the consumer does next: a stage, "finalising" (the D1 mirror, then complete) or nothing. */
export type NextStep = Stage | "finalising" | "none";

/** Progress at the start of each stage, and the label the progress modal shows. */
const STAGE_START: Record<Stage | "queued" | "finalising", number> = { queued: 2, anonymising: 5, analysing: 20, drafting: 60, finalising: 95 };
const STAGE_LABELS: Record<Stage | "queued" | "finalising" | "completed", string> = {
  queued: "Waiting to start",
  anonymising: "Removing names and organisations",
  analysing: "Finding themes, gaps and disagreements",
  drafting: "Drafting injects",
  finalising: "Saving the findings",
  completed: "Done",
};

/** The stored state of a campaign's current (or last) run. Times in epoch ms. */
export type SynthesisRun = {
  campaignId: string;
  threadId: string | null;
  status: SynthesisStatus;
  mode: CampaignPurpose;
  progress: number;
  stage: string | null;
  error: string | null;
  /** Who started the run: the ledger records them on the team account's charges. */
  triggeredBy: string | null;
  /** The campaign's status before the run set SYNTHESIZING, restored if the run fails. */
  priorCampaignStatus: CampaignStatus | null;
  startedAt: number | null;
  completedAt: number | null;
  updatedAt: number | null;
  /** The COMPLETED contributors the run synthesises, fixed when anonymising ends (a resume reads the same set). */
  contributorIds: string[] | null;
  contributorStateHash: string | null;
  contributorCount: number;
  anonymized: AnonymizedObject | null;
  identifying: IdentifyingMap | null;
  findings: Findings | null;
  draftInjects: DraftInject[] | null;
  /** When the step in progress began, and how long each finished step took (ms): where a run's time goes. */
  stepStartedAt: number | null;
  timings: Partial<Record<Stage | "finalising", number>>;
};

const ACTIVE_STATUSES: readonly SynthesisStatus[] = ["queued", "anonymising", "analysing", "drafting"];
const isActive = (status: SynthesisStatus) => ACTIVE_STATUSES.includes(status);

export function idleRun(campaignId: string): SynthesisRun {
  return {
    campaignId,
    threadId: null,
    status: "idle",
    mode: "generate-findings",
    progress: 0,
    stage: null,
    error: null,
    triggeredBy: null,
    priorCampaignStatus: null,
    startedAt: null,
    completedAt: null,
    updatedAt: null,
    contributorIds: null,
    contributorStateHash: null,
    contributorCount: 0,
    anonymized: null,
    identifying: null,
    findings: null,
    draftInjects: null,
    stepStartedAt: null,
    timings: {},
  };
}

export type TriggerInput = { threadId: string; userId: string; mode: CampaignPurpose; priorCampaignStatus: CampaignStatus; now: number };
/** `started`: a new run (the caller enqueues its message); otherwise the caller joins the running one. */
export type TriggerResult = { run: SynthesisRun; started: boolean };

/**
 * A trigger while a run is queued or running joins it (same thread, no second message); otherwise
 * (idle, completed, failed) a new run starts with a fresh thread id and no output.
 */
export function trigger(run: SynthesisRun, input: TriggerInput): TriggerResult {
  if (isActive(run.status)) return { run, started: false };
  return {
    started: true,
    run: {
      ...idleRun(run.campaignId),
      threadId: input.threadId,
      status: "queued",
      mode: input.mode,
      progress: STAGE_START.queued,
      stage: STAGE_LABELS.queued,
      triggeredBy: input.userId,
      priorCampaignStatus: input.priorCampaignStatus,
      startedAt: input.now,
      updatedAt: input.now,
    },
  };
}

/** The message's run is the current one and still to do; anything else is a redelivery to ignore. */
export function isCurrent(run: SynthesisRun, threadId: string): boolean {
  return run.threadId === threadId && isActive(run.status);
}

/** The first step whose output is missing: where a (re)run starts. */
export function nextStep(run: SynthesisRun): NextStep {
  if (!isActive(run.status)) return "none";
  if (!run.anonymized || !run.identifying || !run.contributorIds) return "anonymising";
  if (!run.findings) return "analysing";
  if (!run.draftInjects) return "drafting";
  return "finalising";
}

export class StaleRunError extends Error {
  constructor(threadId: string) {
    super(`synthesis thread ${threadId} is not the campaign's running synthesis`);
    this.name = "StaleRunError";
  }
}

function assertCurrent(run: SynthesisRun, threadId: string): void {
  if (!isCurrent(run, threadId)) throw new StaleRunError(threadId);
}

export function beginStep(run: SynthesisRun, threadId: string, step: Stage | "finalising", now: number): SynthesisRun {
  assertCurrent(run, threadId);
  // "finalising" is not a status of its own: the modal keeps showing drafting until completed.
  const status: SynthesisStatus = step === "finalising" ? "drafting" : step;
  return { ...run, status, progress: Math.max(run.progress, STAGE_START[step]), stage: STAGE_LABELS[step], error: null, stepStartedAt: now, updatedAt: now };
}

export type StageOutput =
  | { stage: "anonymising"; anonymized: AnonymizedObject; identifying: IdentifyingMap; contributorIds: string[]; contributorStateHash: string }
  | { stage: "analysing"; findings: Findings }
  | { stage: "drafting"; draftInjects: DraftInject[] };

const STAGE_END: Record<Stage, number> = { anonymising: STAGE_START.analysing, analysing: STAGE_START.drafting, drafting: STAGE_START.finalising };

function timed(run: SynthesisRun, step: Stage | "finalising", now: number): SynthesisRun["timings"] {
  return run.stepStartedAt === null ? run.timings : { ...run.timings, [step]: now - run.stepStartedAt };
}

/** Keeps a finished stage's output: a rerun starts after it. */
export function finishStage(run: SynthesisRun, threadId: string, output: StageOutput, now: number): SynthesisRun {
  assertCurrent(run, threadId);
  const base = { ...run, progress: Math.max(run.progress, STAGE_END[output.stage]), timings: timed(run, output.stage, now), updatedAt: now };
  switch (output.stage) {
    case "anonymising":
      return {
        ...base,
        anonymized: output.anonymized,
        identifying: output.identifying,
        contributorIds: output.contributorIds,
        contributorStateHash: output.contributorStateHash,
        contributorCount: output.contributorIds.length,
      };
    case "analysing":
      return { ...base, findings: output.findings };
    case "drafting":
      return { ...base, draftInjects: output.draftInjects };
  }
}

/** The D1 mirror is written and every output is there: the run is done. */
export function complete(run: SynthesisRun, threadId: string, now: number): SynthesisRun {
  assertCurrent(run, threadId);
  if (nextStep(run) !== "finalising") throw new Error(`synthesis thread ${threadId} cannot complete before drafting ends`);
  return {
    ...run,
    status: "completed",
    progress: 100,
    stage: STAGE_LABELS.completed,
    error: null,
    timings: timed(run, "finalising", now),
    completedAt: now,
    updatedAt: now,
  };
}

/** Ends the run with a message the manager reads; outputs of finished stages stay for inspection. */
export function fail(run: SynthesisRun, threadId: string, error: string, now: number): SynthesisRun {
  assertCurrent(run, threadId);
  return { ...run, status: "failed", error: error.trim() || "The synthesis failed.", completedAt: now, updatedAt: now };
}

// ------------------------------------------------------------------------------------------------
// Views (spec §7 "Synthesis variants")

export const SYNTHESIS_CONTENTS = ["anonymized", "summary", "all"] as const;
export type SynthesisContent = (typeof SYNTHESIS_CONTENTS)[number];

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * The state and, per `content`, the results. Results appear only once the run has completed: the
 * client treats the presence of anonymized_object or draft_injects as "done" (spec §4), so a run
 * still drafting must not show the anonymised object it already has.
 */
export function toStateView(run: SynthesisRun, content: SynthesisContent | null, includeIdentifying: boolean): SynthesisStateView {
  const view: SynthesisStateView = {
    campaignId: run.campaignId,
    threadId: run.threadId,
    status: run.status,
    synthesisStatus: run.status,
    mode: run.mode,
    progress: run.progress,
    stage: run.stage,
    error: run.error,
    contributorCount: run.contributorCount,
    startedAt: iso(run.startedAt),
    completedAt: run.status === "completed" ? iso(run.completedAt) : null,
    updatedAt: iso(run.updatedAt),
  };
  if (run.status !== "completed") return view;
  if (content === null) view.draft_injects = run.draftInjects ?? [];
  if (content === "anonymized" || content === "all") view.anonymized_object = run.anonymized ?? { contributions: [] };
  if (content === "summary" || content === "all") {
    if (run.findings) {
      view.summary = run.findings.summary;
      view.findings = run.findings;
    }
  }
  if (content === "all") view.draft_injects = run.draftInjects ?? [];
  // The caller (the route) allows this for the campaign's creator only.
  if (includeIdentifying) view.identifying = run.identifying ?? [];
  return view;
}
