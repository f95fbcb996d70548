import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_CONTRIBUTORS, DEMO_FINDINGS_CAMPAIGN, demoCampaignTimes } from "../../scripts/lib/demo-campaign.ts";
import DEMO_CAMPAIGN_SYNTHESIS from "../../scripts/lib/demo-campaign-synthesis.json" with { type: "json" };
import { offlineProvider } from "../../worker/ai/offline";
import { interviewScript } from "../../worker/collaborate/interview-script";
import { contributorStateHash, dayOf } from "../../shared/collaborate/model";
import { keepOrder } from "../../worker/lib/shuffle";
import { analyse, anonymise, draftInjects, type ContributorInput, type SynthesisCampaign } from "../../worker/collaborate/synthesis/engine";
import { countLeaks } from "../../worker/collaborate/synthesis/adversarial";

/**
 * The demo's finished campaign stores what the synthesis engine makes of its five contributions
 * (scripts/lib/demo-campaign-synthesis.json, generated). This test runs the engine on the same
 * answers and compares, so the seed never shows findings the product would not produce.
 * After changing the engine or the demo answers: UPDATE_DEMO_SYNTHESIS=1 npx vitest run --project node test/collaborate/demo-campaign.node.test.ts
 */

const c = DEMO_FINDINGS_CAMPAIGN;

async function synthesise() {
  const campaign: SynthesisCampaign = {
    id: c.campaignId,
    name: c.name,
    ...c.parameters,
    capabilities: [...c.parameters.capabilities],
    questions: [...c.parameters.questions],
  };
  const script = interviewScript({ ...c.parameters, questions: [...c.parameters.questions] });
  const questions = Object.fromEntries(script.map((q) => [q.key, q.text]));
  const contributors: ContributorInput[] = DEMO_CONTRIBUTORS.map((p) => ({
    id: p.id,
    identity: { fullName: `${p.firstName} ${p.lastName}`, email: p.email, organization: p.organization, role: p.role },
    answers: p.answers.map((a) => ({ key: a.key, phase: a.phase, question: questions[a.key] ?? a.key, answer: a.answer })),
    proposals: {
      injects: (p.answers.find((a) => a.key === "injects")?.answer ?? "").split("\n").filter(Boolean),
      questions: (p.answers.find((a) => a.key === "questions")?.answer ?? "").split("\n").filter(Boolean),
      objectives: (p.answers.find((a) => a.key === "objectives")?.answer ?? "").split("\n").filter(Boolean),
    },
  }));
  // A fixed order (a real run draws one at random): the stored findings must be reproducible.
  const anon = anonymise(campaign, contributors, { shuffle: keepOrder });
  const provider = offlineProvider();
  const { findings } = await analyse(campaign, anon, { provider });
  const { injects } = await draftInjects(campaign, anon, findings, { provider });
  // The instants (completedAt, the state hash of the submission days) come from the seed's clock:
  // scripts/lib/demo-campaign.ts demoCampaignTimes, checked below.
  return {
    questions,
    insights: {
      findings,
      draftInjects: injects,
      summary: findings.summary,
      contributorCount: contributors.length,
      threadId: c.threadId,
    },
  };
}

describe("the demo campaign's stored synthesis", () => {
  it("is what the engine makes of the demo answers, with no contributor's identity in it", async () => {
    const fresh = await synthesise();
    if (process.env.UPDATE_DEMO_SYNTHESIS) {
      writeFileSync(path.join(import.meta.dirname, "../../scripts/lib/demo-campaign-synthesis.json"), `${JSON.stringify(fresh, null, 2)}\n`);
    }
    expect(DEMO_CAMPAIGN_SYNTHESIS).toEqual(fresh);
    const secrets = DEMO_CONTRIBUTORS.flatMap((p) => [p.firstName, p.lastName, p.email, p.organization, "555-201-4478"]);
    expect(countLeaks(DEMO_CAMPAIGN_SYNTHESIS.insights, secrets)).toMatchObject({ count: 0 });
    expect(DEMO_CAMPAIGN_SYNTHESIS.insights.findings.themes.length).toBeGreaterThan(0);
  });

  it("is dated before the seed's clock, with the state hash the synthesis records for those days", async () => {
    const now = Date.UTC(2026, 10, 28, 21, 30);
    const t = demoCampaignTimes(now);
    expect(t.completedAt).toBeLessThan(now);
    expect(Math.max(...t.submittedAt)).toBeLessThan(t.completedAt);
    expect(t.deadline < dayOf(now)!).toBe(true);
    const expected = await contributorStateHash(
      DEMO_CONTRIBUTORS.map((p, i) => ({ id: p.id, status: "COMPLETED" as const, submittedAt: dayOf(t.submittedAt[i]!) })),
    );
    expect(t.contributorStateHash).toBe(expected);
  });
});
