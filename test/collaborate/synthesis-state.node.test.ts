import { describe, expect, it } from "vitest";
import {
  beginStep,
  complete,
  fail,
  finishStage,
  idleRun,
  nextStep,
  StaleRunError,
  toStateView,
  trigger,
  type SynthesisRun,
} from "../../worker/collaborate/synthesis/state";
import type { Findings } from "../../shared/collaborate/views";

const T = Date.UTC(2031, 2, 3, 9, 0, 0);
const findings: Findings = { summary: "Shelters fill fast.", themes: [], gaps: [], disagreements: [], capabilityCoverage: [], recommendedObjectives: [] };
const anonymized = {
  contributions: [{ respondent: "Respondent 1", agency: "Agency A", answers: [], proposals: { injects: [], questions: [], objectives: [] } }],
};
const identifying = [{ pseudonym: "Respondent 1", kind: "person" as const, value: "Ada Lovelace" }];

function started(threadId = "c.t1"): SynthesisRun {
  return trigger(idleRun("c"), { threadId, userId: "u1", mode: "generate-findings", priorCampaignStatus: "ACTIVE", now: T }).run;
}

function through(run: SynthesisRun, stages: number): SynthesisRun {
  const id = run.threadId!;
  let r = run;
  if (stages >= 1)
    r = finishStage(
      beginStep(r, id, "anonymising", T + 1),
      id,
      { stage: "anonymising", anonymized, identifying, contributorIds: ["x"], contributorStateHash: "h" },
      T + 2,
    );
  if (stages >= 2) r = finishStage(beginStep(r, id, "analysing", T + 3), id, { stage: "analysing", findings }, T + 10);
  if (stages >= 3) r = finishStage(beginStep(r, id, "drafting", T + 11), id, { stage: "drafting", draftInjects: [] }, T + 20);
  return r;
}

describe("synthesis state machine", () => {
  it("a trigger on an idle campaign queues a run with its thread; a second trigger joins it", () => {
    const first = trigger(idleRun("c"), { threadId: "c.t1", userId: "u1", mode: "exercise", priorCampaignStatus: "ACTIVE", now: T });
    expect(first.started).toBe(true);
    expect(first.run).toMatchObject({ status: "queued", threadId: "c.t1", mode: "exercise", startedAt: T, triggeredBy: "u1" });
    const second = trigger(first.run, { threadId: "c.t2", userId: "u2", mode: "exercise", priorCampaignStatus: "SYNTHESIZING", now: T + 5 });
    expect(second.started).toBe(false);
    expect(second.run.threadId).toBe("c.t1");
    // Joining while running, too.
    const running = beginStep(first.run, "c.t1", "anonymising", T + 1);
    expect(trigger(running, { threadId: "c.t3", userId: "u2", mode: "exercise", priorCampaignStatus: "ACTIVE", now: T + 6 }).started).toBe(false);
  });

  it("resumes at the first stage without output, and progress only rises", () => {
    const run = started();
    expect(nextStep(run)).toBe("anonymising");
    const afterTwo = through(run, 2);
    expect(nextStep(afterTwo)).toBe("drafting");
    expect(afterTwo.progress).toBe(60);
    expect(afterTwo.timings).toEqual({ anonymising: 1, analysing: 7 });
    // An eviction mid-drafting: the stored run still says drafting, with the analysis kept.
    const evicted = beginStep(afterTwo, "c.t1", "drafting", T + 11);
    expect(nextStep(evicted)).toBe("drafting");
    expect(evicted.findings).toEqual(findings);
    const drafted = through(run, 3);
    expect(nextStep(drafted)).toBe("finalising");
    const done = complete(beginStep(drafted, "c.t1", "finalising", T + 21), "c.t1", T + 30);
    expect(done).toMatchObject({ status: "completed", progress: 100, completedAt: T + 30 });
    expect(nextStep(done)).toBe("none");
  });

  it("refuses steps of another thread or of a finished run, and cannot complete early", () => {
    const run = started();
    expect(() => beginStep(run, "c.other", "anonymising", T)).toThrow(StaleRunError);
    expect(() => complete(through(run, 2), "c.t1", T)).toThrow(/cannot complete/);
    const failed = fail(run, "c.t1", "Not enough credits", T + 1);
    expect(failed).toMatchObject({ status: "failed", error: "Not enough credits" });
    expect(() => beginStep(failed, "c.t1", "anonymising", T + 2)).toThrow(StaleRunError);
    expect(nextStep(failed)).toBe("none");
  });

  it("a trigger after completion or failure starts a new run with a new thread and no output", () => {
    const failed = fail(through(started(), 2), "c.t1", "boom", T + 1);
    const again = trigger(failed, { threadId: "c.t2", userId: "u1", mode: "generate-findings", priorCampaignStatus: "ACTIVE", now: T + 2 });
    expect(again.started).toBe(true);
    expect(again.run).toMatchObject({ threadId: "c.t2", status: "queued", findings: null, anonymized: null, error: null });
  });

  it("shows results only once completed, per content", () => {
    const drafted = through(started(), 3);
    expect(toStateView(drafted, "all", true)).not.toHaveProperty("anonymized_object");
    expect(toStateView(drafted, null, false)).not.toHaveProperty("draft_injects");
    const done = complete(drafted, "c.t1", T + 30);
    const bare = toStateView(done, null, false);
    expect(bare).toMatchObject({ status: "completed", synthesisStatus: "completed", draft_injects: [] });
    expect(bare).not.toHaveProperty("anonymized_object");
    expect(Object.keys(toStateView(done, "anonymized", false))).toContain("anonymized_object");
    expect(toStateView(done, "summary", false)).toMatchObject({ summary: "Shelters fill fast.", findings });
    const all = toStateView(done, "all", false);
    expect(all).toMatchObject({ anonymized_object: anonymized, summary: "Shelters fill fast.", draft_injects: [] });
    expect(all).not.toHaveProperty("identifying");
    expect(toStateView(done, "all", true).identifying).toEqual(identifying);
  });
});
