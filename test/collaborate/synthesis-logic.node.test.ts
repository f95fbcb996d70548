import { describe, expect, it, vi } from "vitest";
import { contributorStateHash, tooFewContributorsMessage } from "../../shared/collaborate/model";
import type { CampaignDetailView, ContributorView, SynthesisStateView } from "../../shared/collaborate/views";
import {
  applyPoll,
  campaignCheckOutcome,
  checkOwnership,
  isNotFoundError,
  isRunActive,
  needsCompletion,
  isSynthesisComplete,
  nextSimulatedProgress,
  primaryActionLabel,
  shouldShowCompleteModal,
  SIMULATED_PROGRESS_MAX,
  startedRun,
  SynthesisApiError,
  SYNTHESIS_POLL_MS,
  synthesisBlockedReason,
} from "../../web/lib/synthesis-logic";
import { campaignSynthesisCheck } from "../../web/lib/synthesis-check";
import { expectConsoleError } from "../helpers/console";

function contributor(id: string, status: ContributorView["status"], submittedAt: string | null = null): ContributorView {
  return {
    id,
    regularUserId: null,
    campaignUserId: `cu-${id}`,
    email: `${id}@example.org`,
    fullName: null,
    organization: null,
    role: null,
    status,
    completionPercentage: status === "COMPLETED" ? 100 : 40,
    phase: 2,
    lastMessageAt: null,
    submittedAt,
    lastReminderAt: null,
  };
}

function state(patch: Partial<SynthesisStateView> = {}): SynthesisStateView {
  return {
    campaignId: "c1",
    threadId: "t1",
    status: "analysing",
    synthesisStatus: "analysing",
    mode: "exercise",
    progress: 0,
    stage: null,
    error: null,
    contributorCount: 2,
    startedAt: null,
    completedAt: null,
    updatedAt: null,
    ...patch,
  };
}

describe("synthesis polling (spec §4, §9)", () => {
  it("polls every 5 seconds", () => {
    expect(SYNTHESIS_POLL_MS).toBe(5_000);
  });

  it("simulated progress rises on every poll toward 98 and never reaches it, whatever the server says", () => {
    let p = 0;
    const seen: number[] = [];
    for (let i = 0; i < 500; i++) {
      p = nextSimulatedProgress(p);
      seen.push(p);
    }
    for (let i = 1; i < seen.length; i++) expect(seen[i]!).toBeGreaterThanOrEqual(seen[i - 1]!);
    expect(seen[0]!).toBeGreaterThan(0);
    expect(Math.max(...seen)).toBeLessThanOrEqual(SIMULATED_PROGRESS_MAX);
    expect(SIMULATED_PROGRESS_MAX).toBe(98);
    // The server's own figure lifts the bar, but only completion shows 100.
    expect(nextSimulatedProgress(10, 70)).toBe(70);
    expect(nextSimulatedProgress(10, 100)).toBe(98);
    expect(nextSimulatedProgress(Number.NaN, Number.NaN)).toBeGreaterThan(0);
  });

  it("completes on status completed, or when the anonymised object or draft injects are present", () => {
    expect(isSynthesisComplete(state())).toBe(false);
    expect(isSynthesisComplete(state({ status: "completed" }))).toBe(true);
    expect(isSynthesisComplete(state({ anonymized_object: { contributions: [] } }))).toBe(true);
    expect(isSynthesisComplete(state({ draft_injects: [] }))).toBe(false);
    expect(
      isSynthesisComplete(
        state({ draft_injects: [{ number: 1, time: "00:15", title: "Levee", description: "d", capability: null, expectedAction: "a", respondents: [] }] }),
      ),
    ).toBe(true);
  });

  it("a completed poll sets progress to 100 and synthesisStatus completed; a running one steps the simulated bar", () => {
    const run = startedRun({ campaignId: "c1", campaignName: "Floods", mode: "exercise" });
    expect(isRunActive(run)).toBe(true);
    const running = applyPoll(run, state({ stage: "Analysing" }));
    expect(running.progress).toBeGreaterThan(0);
    expect(running.progress).toBeLessThan(98);
    expect(running.stage).toBe("Analysing");
    const done = applyPoll(running, state({ status: "completed", synthesisStatus: "completed" }));
    expect(done).toMatchObject({ progress: 100, synthesisStatus: "completed", shouldShowModal: false });
    expect(isRunActive(done)).toBe(false);
    const failed = applyPoll(running, state({ status: "failed", synthesisStatus: "failed", error: "Model unavailable" }));
    expect(failed).toMatchObject({ status: "failed", error: "Model unavailable" });
    expect(isRunActive(failed)).toBe(false);
  });

  it("a completed run's outcome is worked out once, also after a reload, and never again once handled", () => {
    const run = startedRun({ campaignId: "c1", campaignName: "Floods", mode: "generate-findings" });
    expect(needsCompletion(run)).toBe(false);
    const done = applyPoll(run, state({ status: "completed", synthesisStatus: "completed" }));
    expect(needsCompletion(done)).toBe(true);
    // Exit clears the flag but the run stays handled: a reload does not show the modal again.
    expect(needsCompletion({ ...done, handled: true, shouldShowModal: false })).toBe(false);
    expect(needsCompletion(null)).toBe(false);
  });

  it("treats only a 404 as not found", () => {
    expect(isNotFoundError(new SynthesisApiError(404, "Not Found"))).toBe(true);
    expect(isNotFoundError(new SynthesisApiError(500, "boom"))).toBe(false);
    expect(isNotFoundError(new Error("404"))).toBe(false);
    expect(new SynthesisApiError(500, "boom").message).toBe("Synthesis API error: boom");
  });
});

describe("campaign synthesis check (spec §4)", () => {
  const contributors = [contributor("a", "COMPLETED", "2026-03-01T10:00:00.000Z"), contributor("b", "COMPLETED", "2026-03-02T10:00:00.000Z")];

  it("creates the exercise directly only when everything is in place and the hash matches", async () => {
    const hash = await contributorStateHash(contributors);
    const parameters = { synthesisThreadId: "thread-1", contributorStateHash: hash };
    expect(await campaignSynthesisCheck({ contributors, parameters }, "completed")).toBe("create-exercise");
    // Each missing condition shows the modal instead.
    expect(await campaignSynthesisCheck({ contributors: [...contributors, contributor("c", "IN_PROGRESS")], parameters }, "completed")).toBe("show-modal");
    expect(await campaignSynthesisCheck({ contributors, parameters: { ...parameters, synthesisThreadId: null } }, "completed")).toBe("show-modal");
    expect(await campaignSynthesisCheck({ contributors, parameters: { ...parameters, contributorStateHash: null } }, "completed")).toBe("show-modal");
    expect(await campaignSynthesisCheck({ contributors, parameters }, "analysing")).toBe("show-modal");
    expect(await campaignSynthesisCheck({ contributors: [], parameters }, "completed")).toBe("show-modal");
    // A contributor resubmitted after the run: the hash no longer matches.
    const changed = [contributors[0]!, { ...contributors[1]!, submittedAt: "2026-03-05T10:00:00.000Z" }];
    expect(await campaignSynthesisCheck({ contributors: changed, parameters }, "completed")).toBe("show-modal");
  });

  it("compares the given hash with the stored one", () => {
    const parameters = { synthesisThreadId: "t", contributorStateHash: "abc" };
    expect(campaignCheckOutcome({ contributors, parameters }, "completed", "abc")).toBe("create-exercise");
    expect(campaignCheckOutcome({ contributors, parameters }, "completed", "abd")).toBe("show-modal");
  });
});

describe("Processing Complete modal rules (spec §2, §4, §5, §6)", () => {
  it("shows only with the flag, a completed run, a finished ownership check and the creator", () => {
    const ok = { shouldShowModal: true, synthesisStatus: "completed" as const, ownershipChecked: true, isCreator: true };
    expect(shouldShowCompleteModal(ok)).toBe(true);
    expect(shouldShowCompleteModal({ ...ok, shouldShowModal: false })).toBe(false);
    expect(shouldShowCompleteModal({ ...ok, synthesisStatus: "drafting" })).toBe(false);
    expect(shouldShowCompleteModal({ ...ok, ownershipChecked: false })).toBe(false);
    expect(shouldShowCompleteModal({ ...ok, isCreator: false })).toBe(false);
  });

  it("labels the primary button by mode", () => {
    expect(primaryActionLabel("generate-findings")).toBe("View Findings");
    expect(primaryActionLabel("exercise")).toBe("Start Exercise");
  });

  it("the ownership check matches the creator by e-mail, skips without ids, and a failure means not creator", async () => {
    const campaign = { createdBy: { id: "u1", email: "Dana@Example.org", name: "Dana" } } satisfies Pick<CampaignDetailView, "createdBy">;
    const read = vi.fn(async () => campaign);
    expect(await checkOwnership("c1", "dana@example.org", read)).toBe(true);
    expect(await checkOwnership("c1", "sam@example.org", read)).toBe(false);
    read.mockClear();
    expect(await checkOwnership(null, "dana@example.org", read)).toBe(false);
    expect(await checkOwnership("c1", "", read)).toBe(false);
    expect(read).not.toHaveBeenCalled();
    expect(await checkOwnership("c1", "dana@example.org", async () => ({ createdBy: { id: null, email: null, name: null } }))).toBe(false);
    expectConsoleError(/Failed to check permissions/);
    expect(
      await checkOwnership("c1", "dana@example.org", async () => {
        throw new Error("403");
      }),
    ).toBe(false);
  });
});

describe("Run synthesis availability", () => {
  const creator = { id: "u1", email: "dana@example.org", name: "Dana Whitfield" };
  const campaign = (status: CampaignDetailView["status"], statuses: ContributorView["status"][], isCreator = true) => ({
    status,
    isCreator,
    createdBy: creator,
    contributors: statuses.map((s, i) => contributor(`c${i}`, s)),
  });

  it("says before the click that 3 completed interviews are needed, and how many there are", () => {
    expect(synthesisBlockedReason(campaign("ACTIVE", ["COMPLETED", "COMPLETED", "IN_PROGRESS"]))).toBe(tooFewContributorsMessage(2));
    expect(synthesisBlockedReason(campaign("ACTIVE", ["INVITED"]))).toMatch(/at least 3 completed interviews.*none has yet/);
    expect(synthesisBlockedReason(campaign("ACTIVE", ["COMPLETED", "COMPLETED", "COMPLETED", "IN_PROGRESS"]))).toBeNull();
    expect(synthesisBlockedReason(campaign("ARCHIVED", ["COMPLETED", "COMPLETED", "COMPLETED"]))).toMatch(/archived/);
  });

  it("tells the team's other managers that only the creator runs it, naming them", () => {
    expect(synthesisBlockedReason(campaign("ACTIVE", ["COMPLETED", "COMPLETED", "COMPLETED"], false))).toBe(
      "Only the campaign's creator (Dana Whitfield) can run the synthesis.",
    );
  });
});
