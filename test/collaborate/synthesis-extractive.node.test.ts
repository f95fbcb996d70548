import { describe, expect, it } from "vitest";
import { anonymise, extractiveFindings, extractiveInjects, type ContributorInput, type SynthesisCampaign } from "../../worker/collaborate/synthesis/engine";
import { titleOf } from "../../worker/collaborate/synthesis/draft";
import { properNouns, shortfallSubjects, shortTitle, type WordFilter } from "../../worker/collaborate/synthesis/phrases";
import { keepOrder } from "../../worker/lib/shuffle";

/** Respondents labelled in the order given (a run draws one at random): the assertions below name them. */
const inOrder = { shuffle: keepOrder };

/** The offline synthesis reads like an analyst wrote it: topics, not names or counts; gaps named by what falls short. */

const campaign: SynthesisCampaign = {
  id: "c-quality",
  name: "Coastal storm sheltering",
  purpose: "generate-findings",
  hazard: "Coastal storm",
  scenario: "A coastal storm makes landfall in 48 hours.",
  capabilities: ["Mass Care Services", "Cybersecurity"],
  questions: [],
  language: "en",
};

function person(id: string, org: string, answers: Record<string, string>, objectives: string[] = [], injects: string[] = []): ContributorInput {
  return {
    id,
    identity: { fullName: null, email: `${id}@example.org`, organization: org, role: null },
    answers: Object.entries(answers).map(([key, answer]) => ({ key, phase: 1 as const, question: `Question ${key}?`, answer })),
    proposals: { injects, questions: [], objectives },
  };
}

// Every contributor names the storm ("Hurricane Zephyrine") and a road ("Route 9"), and counts in words: none of them is a topic.
const contributors = () => [
  person(
    "a",
    "Harbor Fire District",
    {
      incidents: "During Hurricane Zephyrine two generators failed at the shelter. Traffic on Route 9 was heavy for two days.",
      concerns: "Backup power at the shelter is not adequate. The district has two shelters.",
    },
    ["Validate backup power at every open shelter"],
    ["The shelter generator fails at hour 6"],
  ),
  person(
    "b",
    "Bayside County Department",
    {
      incidents: "After Hurricane Zephyrine the county opened two shelters and Route 9 flooded.",
      concerns: "We lack bus drivers for a two-day evacuation. The shelter generator is not enough for two wings.",
    },
    ["Validate backup power at every open shelter."],
    ["A fight breaks out in the long registration line at the shelter while the evacuation buses keep arriving from the coast"],
  ),
  person("c", "Gulf Relief Agency", {
    incidents: "Zephyrine showed that two shelters filled within hours. Route 9 was closed by the sheriff.",
    concerns: "Not enough bus drivers report in a storm. Pet sheltering is not planned.",
  }),
];

const findingsOf = () => {
  const anon = anonymise(campaign, contributors(), inOrder);
  return { anon, findings: extractiveFindings(campaign, anon) };
};

describe("extractive findings: what keys a theme or a gap", () => {
  it("never a proper noun (a storm's name, a road) or a number word, though every contributor uses them", () => {
    const { findings } = findingsOf();
    expect(findings.themes.length).toBeGreaterThan(0);
    const keys = [...findings.themes.map((t) => t.title), ...findings.gaps.map((g) => g.title)].join(" | ");
    expect(keys).not.toMatch(/zephyrine|route|\btwo\b|district|county|agency|department/i);
    // A theme is a phrase several contributors used, never a lone word ("Shelter" was one).
    expect(findings.themes.map((t) => t.title)).toEqual(["Bus drivers"]);
  });

  it("finds proper nouns: capitalised at every occurrence, at least once mid-sentence; acronyms and sentence-initial words are not names", () => {
    const proper = properNouns([
      "Odalys hit hard. During Odalys the EOC opened.",
      "Shelters opened late. The shelters on Route 9 filled.",
      "EOC staff were few.",
    ]);
    expect([...proper].sort()).toEqual(["odalys", "route"]);
  });
});

describe("extractive findings: gaps", () => {
  const filter: WordFilter = { excludedStems: new Set(), proper: new Set(["odalys"]) };
  const subjects = (s: string) => shortfallSubjects(s, filter).map((p) => p.text);

  it("names a gap by the noun phrase the shortfall is about", () => {
    expect(subjects("Bus driver staffing is insufficient for a two-day evacuation.")).toEqual(["bus driver staffing"]);
    expect(subjects("Medical-needs shelter generators are not adequate; we lack backup power and a list of residents.")).toEqual([
      "medical-needs shelter generators",
      "backup power",
    ]);
    expect(subjects("During Odalys the shelter had no backup power for oxygen concentrators for six hours.")).toEqual([
      "backup power for oxygen concentrators",
    ]);
    expect(subjects("Transportation for wheelchair users is a gap.")).toEqual(["transportation for wheelchair users"]);
    expect(subjects("In 2022 we had buses but not enough drivers.")).toEqual(["drivers"]);
    expect(subjects("Shelter capacity is adequate on paper, but volunteer staffing is insufficient after 48 hours.")).toEqual(["volunteer staffing"]);
    expect(subjects("After Odalys, fuel deliveries to shelters were delayed.")).toEqual(["fuel deliveries to shelters"]);
    expect(subjects("Pet sheltering is not planned.")).toEqual(["pet sheltering"]);
    expect(subjects("Dialysis patients were moved quickly.")).toEqual([]);
  });

  it("titles gaps by their subject and merges subjects naming the same thing", () => {
    const { findings } = findingsOf();
    const titles = findings.gaps.map((g) => g.title);
    expect(titles).not.toContainEqual(expect.stringMatching(/shortfall/i));
    // "We lack bus drivers…" and "Not enough bus drivers…": one gap, two contributors.
    const drivers = findings.gaps.filter((g) => /driver/i.test(g.title));
    expect(drivers).toHaveLength(1);
    expect(drivers[0]!.title).toBe("Bus drivers");
    expect(drivers[0]!.respondents).toHaveLength(2);
    expect(titles).toContain("Pet sheltering");
    expect(titles.some((t) => /^(Backup power|Shelter generator)/.test(t))).toBe(true);
  });
});

describe("extractive findings: summary and objectives", () => {
  it("the summary reads as prose: counts in words, 'n of total' per theme, no bare '(n)' fragments", () => {
    const { findings } = findingsOf();
    expect(findings.summary).toMatch(/^Three partner agencies contributed\. They most often raised bus drivers \(2 of 3\)/);
    expect(findings.summary).toMatch(/The main gaps: [^.]*bus drivers/);
    expect(findings.summary).toMatch(/of the 32 core capabilities were not raised\.$/);
    expect(findings.summary).not.toMatch(/\(\d+\)/);
  });

  it("objectives: contributors' proposals first (deduplicated), then gaps, never a number word, at most 8", () => {
    const { findings } = findingsOf();
    const texts = findings.recommendedObjectives.map((o) => o.text);
    expect(texts[0]).toBe("Validate backup power at every open shelter");
    expect(findings.recommendedObjectives[0]!.respondents).toHaveLength(2);
    expect(texts.filter((t) => /backup power at every open shelter/i.test(t))).toHaveLength(1);
    expect(texts.some((t) => /^Assess how partners would close the gap in bus drivers$/.test(t))).toBe(true);
    expect(texts.at(-1)).toMatch(/^Demonstrate Cybersecurity/);
    expect(texts.length).toBeLessThanOrEqual(8);
    for (const t of texts) {
      expect(t).toMatch(/^(Assess|Validate|Demonstrate) .*[^.]$/);
      expect(t).not.toMatch(/\b(two|zephyrine)\b/i);
    }
  });

  it("is deterministic", () => {
    expect(findingsOf().findings).toEqual(findingsOf().findings);
  });
});

describe("draft injects: titles", () => {
  it("keeps a first sentence whole up to 90 characters, else cuts at a word boundary within 80, never on a small word", () => {
    expect(titleOf("Chief Respondent 2 calls: A fight breaks out in the registration line at the high school shelter")).toBe(
      "A fight breaks out in the registration line at the high school shelter",
    );
    const long = "A fight breaks out in the long registration line at the shelter while the evacuation buses keep arriving from the coast";
    const title = titleOf(long);
    expect(title.length).toBeLessThanOrEqual(81);
    expect(title.endsWith("…")).toBe(true);
    expect(long.startsWith(title.slice(0, -1))).toBe(true);
    // The cut falls between words, not inside one, and not after "the"/"at".
    expect(long.charAt(title.length - 1)).toBe(" ");
    expect(title).not.toMatch(/\b(the|at|while|from)…$/);
    expect(shortTitle("x".repeat(50))).toBe("x".repeat(50));
  });

  it("proposals come first; a gap no proposal stages becomes a pressure point named by its subject", () => {
    const { anon, findings } = findingsOf();
    const injects = extractiveInjects(campaign, anon, findings);
    expect(injects[1]!.title).toBe("The shelter generator fails at hour 6");
    for (const i of injects) expect(i.title.length).toBeLessThanOrEqual(90);
    const pressure = injects.filter((i) => i.title.startsWith("Pressure point: "));
    expect(pressure.map((i) => i.title)).toContain("Pressure point: bus drivers");
    expect(pressure.map((i) => i.title).join()).not.toMatch(/shortfall/);
    expect(injects.findIndex((i) => i.title.startsWith("Pressure point"))).toBeGreaterThan(2);
  });
});
