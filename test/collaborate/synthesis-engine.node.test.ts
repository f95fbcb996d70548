import { describe, expect, it } from "vitest";
import { offlineProvider } from "../../worker/ai/offline";
import type { AiProvider, ChatChunk, ChatRequest } from "../../worker/ai/types";
import { CORE_CAPABILITIES } from "../../shared/exercises/capabilities";
import { adversarialContributors, countLeaks, scrubScore } from "../../worker/collaborate/synthesis/adversarial";
import { fieldNotesContributors } from "../../worker/collaborate/synthesis/adversarial-notes";
import { analyse, anonymise, draftInjects, extractiveFindings, type ContributorInput, type SynthesisCampaign } from "../../worker/collaborate/synthesis/engine";
import { keepOrder } from "../../worker/lib/shuffle";

/** Respondents labelled in the order given (a run draws one at random): the assertions below name them. */
const inOrder = { shuffle: keepOrder };

const campaign: SynthesisCampaign = {
  id: "c1",
  name: "Alder River flood",
  purpose: "exercise",
  hazard: "Riverine flooding",
  scenario: "The Alder River floods Alder Flats after three days of rain.",
  capabilities: ["Mass Care Services", "Cybersecurity"],
  questions: [],
  language: "en",
};

function person(id: string, name: string, concerns: string, plans = "We follow the county plan.", injects: string[] = []): ContributorInput {
  return {
    id,
    identity: { fullName: name, email: `${id}@example.org`, organization: `${name.split(" ")[1]} Fire District`, role: null },
    answers: [
      { key: "plans", phase: 1, question: "Which plans would you rely on?", answer: plans },
      { key: "concerns", phase: 1, question: "What concerns you most?", answer: concerns },
    ],
    proposals: { injects, questions: [], objectives: [] },
  };
}

const small = () => [
  person(
    "a",
    "Imogen Castellanos",
    "Generator fuel is a shortage for us. Our generators need diesel. Generator maintenance is overdue.",
    "Our shelter plan uses the gym.",
    ["The fuel vendor cannot deliver diesel for 48 hours."],
  ),
  person("b", "Tobias Lindqvist", "We lack generator fuel for the pump stations. Radio interoperability works well.", "We keep portable generators.", [
    "The fuel vendor cannot deliver diesel for 48 hours!",
  ]),
  person("c", "Keisha Marchetti", "Radio interoperability is unreliable; the repeater fails in storms.", "Radios on the county system.", [
    "Parents gather at a flooded school.",
  ]),
];

/** A provider answering a fixed text, as a real one would stream it. */
function fakeProvider(answer: string): AiProvider & { requests: ChatRequest[] } {
  const requests: ChatRequest[] = [];
  return {
    id: "custom",
    label: "fake",
    offline: false,
    model: "fake-model",
    supportsJsonSchema: true,
    requests,
    async open(request: ChatRequest) {
      requests.push(request);
      async function* stream(): AsyncIterable<ChatChunk> {
        yield { type: "text", text: answer };
        yield { type: "usage", inputTokens: 100, outputTokens: 50 };
      }
      return stream();
    },
  };
}

describe("synthesis engine", () => {
  it("on 100 contributions of each adversarial generator, no planted identifier survives anonymisation and no planted ordinary phrase is lost", () => {
    for (const set of [adversarialContributors(100, 7), fieldNotesContributors(100, 7)]) {
      const score = scrubScore(set, anonymise(set.campaign, set.contributors).anonymized);
      // The check can fail: both sets are full of secrets and of the ordinary phrases around them.
      expect(score.planted).toBeGreaterThan(2000);
      expect(score.ordinary).toBeGreaterThan(500);
      expect(score.leakExamples, set.campaign.name).toEqual([]);
      expect(score.overScrubExamples, set.campaign.name).toEqual([]);
    }
  });

  it("on 100 adversarial contributions, leaks nothing into the anonymised object, findings, summary or injects (offline provider)", async () => {
    const set = adversarialContributors(100, 7);
    const anon = anonymise(set.campaign, set.contributors);
    const provider = offlineProvider();
    const { findings, fallback } = await analyse(set.campaign, anon, { provider });
    const { injects } = await draftInjects(set.campaign, anon, findings, { provider });
    expect(fallback).toBe(false);
    expect(set.secrets.length).toBeGreaterThan(300);
    // The check can fail: the raw contributions are full of secrets.
    expect(countLeaks(set.contributors, set.secrets).count).toBeGreaterThan(1000);
    for (const [label, output] of Object.entries({ anonymized: anon.anonymized, summary: findings.summary, findings, injects })) {
      expect(countLeaks(output, set.secrets).examples, label).toEqual([]);
    }
    expect(findings.themes.length).toBeGreaterThan(2);
    expect(findings.gaps.length).toBeGreaterThan(2);
    expect(findings.disagreements.length).toBeGreaterThan(0);
    expect(injects.length).toBeGreaterThanOrEqual(5);
  });

  it("counts distinct contributors per theme and quotes them; finds gaps and opposing views", () => {
    const anon = anonymise(campaign, small(), inOrder);
    const findings = extractiveFindings(campaign, anon);
    const generator = findings.themes.find((t) => /generator/i.test(t.title));
    // Imogen mentions generators three times, Tobias twice: two contributors.
    expect(generator?.contributorCount).toBe(2);
    expect(generator?.respondents).toHaveLength(2);
    expect(generator?.quotes.length).toBeGreaterThanOrEqual(1);
    expect(new Set(generator?.quotes.map((q) => q.respondent)).size).toBe(generator?.quotes.length);
    expect(findings.gaps.map((g) => g.title)).toContain("Generator fuel");
    const radio = findings.disagreements.find((d) => /radio/i.test(d.topic));
    expect(radio?.positions.map((p) => p.respondents.length)).toEqual([1, 1]);
    expect(findings.summary).toMatch(/^Three partner agencies contributed\. /);
    // Cybersecurity is explored by the campaign and nobody spoke of it.
    expect(findings.recommendedObjectives.some((o) => o.capability === "Cybersecurity" && o.text.startsWith("Demonstrate"))).toBe(true);
    expect(findings.recommendedObjectives.every((o) => /^(Assess|Validate|Demonstrate)/.test(o.text))).toBe(true);
  });

  it("covers all 32 core capabilities with their mission area and who touched them", () => {
    const findings = extractiveFindings(campaign, anonymise(campaign, small(), inOrder));
    expect(findings.capabilityCoverage.map((c) => c.capability)).toEqual(CORE_CAPABILITIES.map((c) => c.name));
    const row = (name: string) => findings.capabilityCoverage.find((c) => c.capability === name)!;
    expect(row("Mass Care Services")).toMatchObject({ mission: "Response", contributorCount: 1 });
    expect(row("Operational Communications").contributorCount).toBe(2);
    // The three cross-cutting capabilities belong to every mission area, not to the first listed.
    expect(row("Planning").mission).toBe("All mission areas");
    expect(row("Operational Coordination").mission).toBe("All mission areas");
    expect(row("Cybersecurity").contributorCount).toBe(0);
  });

  it("sends only anonymised text to the model and scrubs what it answers (leaked names, unknown respondents, invented capabilities)", async () => {
    const anon = anonymise(campaign, small(), inOrder);
    const answer = JSON.stringify({
      summary: "Imogen Castellanos (imogen's agency, Castellanos Fire District) worries about fuel; call 555-201-3344.",
      themes: [
        {
          title: "Fuel for Lindqvist",
          detail: "d",
          respondents: ["Respondent 1", "Respondent 99", "Tobias"],
          quotes: [
            { text: "castellanos said so", respondent: "Respondent 1" },
            { text: "x", respondent: "Nobody" },
          ],
        },
      ],
      gaps: [],
      disagreements: [],
      recommendedObjectives: [{ text: "Assess Marchetti's radios", capability: "Radios and Stuff", respondents: [] }],
    });
    const provider = fakeProvider(`Here you go:\n\`\`\`json\n${answer}\n\`\`\``);
    const { findings, usage, fallback } = await analyse(campaign, anon, { provider });
    expect(fallback).toBe(false);
    expect(usage).toEqual({ inputTokens: 100, outputTokens: 50, calls: 1 });
    const prompt = provider.requests[0]!.messages.map((m) => m.content).join("\n");
    expect(prompt).toContain("Respondent 1");
    expect(countLeaks(prompt, ["Imogen", "Castellanos", "Tobias", "Lindqvist", "Keisha", "Marchetti"]).examples).toEqual([]);
    expect(provider.requests[0]!.jsonSchema?.name).toBe("campaign_findings");
    expect(countLeaks(findings, ["Imogen", "Castellanos", "Tobias", "Lindqvist", "Marchetti", "201-3344"]).examples).toEqual([]);
    expect(findings.themes[0]).toMatchObject({ respondents: ["Respondent 1"], contributorCount: 1 });
    expect(findings.themes[0]!.quotes).toHaveLength(1);
    // An invented capability is replaced by the one the objective's words touch (radios), never left blank.
    expect(findings.recommendedObjectives[0]!.capability).toBe("Operational Communications");
    expect(findings.capabilityCoverage).toHaveLength(32);
  });

  it("falls back to the extractive findings and injects when the model's answer is not valid JSON of the schema", async () => {
    const anon = anonymise(campaign, small(), inOrder);
    const prose = fakeProvider("I think the main theme is generators.");
    const analysed = await analyse(campaign, anon, { provider: prose });
    expect(analysed.fallback).toBe(true);
    expect(analysed.findings).toEqual({ ...extractiveFindings(campaign, anon), offline: true });
    expect(analysed.usage.calls).toBe(1);
    const wrongShape = fakeProvider(JSON.stringify({ injects: [{ title: "only one" }] }));
    const drafted = await draftInjects(campaign, anon, analysed.findings, { provider: wrongShape });
    expect(drafted.fallback).toBe(true);
    expect(drafted.injects.length).toBeGreaterThanOrEqual(5);
  });

  it("drafts 5–12 MSEL injects, 15 minutes apart, contributors' proposals first (merged) with their respondents", async () => {
    const anon = anonymise(campaign, small(), inOrder);
    const { findings } = await analyse(campaign, anon, { provider: offlineProvider() });
    const { injects, fallback } = await draftInjects(campaign, anon, findings, { provider: offlineProvider() });
    expect(fallback).toBe(false);
    expect(injects.length).toBeGreaterThanOrEqual(5);
    expect(injects.length).toBeLessThanOrEqual(12);
    expect(injects.map((i) => i.time).slice(0, 3)).toEqual(["00:00", "00:15", "00:30"]);
    expect(injects.map((i) => i.number)).toEqual(injects.map((_, i) => i + 1));
    const fuel = injects.find((i) => /diesel/.test(i.description))!;
    expect(fuel.respondents).toHaveLength(2);
    expect(fuel.capability).toBe("Logistics and Supply Chain Management");
    expect(fuel.expectedAction.length).toBeGreaterThan(10);
    expect(injects.indexOf(fuel)).toBe(1);
    for (const i of injects) expect(i.capability === null || CORE_CAPABILITIES.some((c) => c.name === i.capability)).toBe(true);
  });

  it("scrubs the model's injects and renumbers them", async () => {
    const anon = anonymise(campaign, small(), inOrder);
    const findings = extractiveFindings(campaign, anon);
    const inject = (n: number) => ({
      title: `Inject ${n} for Keisha`,
      description: "Marchetti calls",
      capability: n === 1 ? "Mass Care Services" : "Nonsense",
      expectedAction: "Act",
      respondents: ["Respondent 2", "Keisha"],
    });
    const provider = fakeProvider(JSON.stringify({ injects: [1, 2, 3, 4, 5].map(inject) }));
    const { injects, fallback } = await draftInjects(campaign, anon, findings, { provider });
    expect(fallback).toBe(false);
    expect(injects.map((i) => i.time)).toEqual(["00:00", "00:15", "00:30", "00:45", "01:00"]);
    expect(injects[0]).toMatchObject({ number: 1, capability: "Mass Care Services", respondents: ["Respondent 2"] });
    expect(injects[1]!.capability).toBeNull();
    expect(countLeaks(injects, ["Keisha", "Marchetti"]).examples).toEqual([]);
  });
});
