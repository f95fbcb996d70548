import { describe, expect, it } from "vitest";
import { itemsForPrompt } from "../../worker/intelligence/digest";
import {
  buildIntelPrompt,
  describeRegion,
  documentsOnlyPreface,
  intelSearchQuery,
  offlineIntelAnswer,
  type IntelPromptInput,
} from "../../worker/intelligence-chat/prompt";
import type { IntelItem } from "../../worker/intelligence/sources";
import type { RetrievedPassage } from "../../worker/documents/retrieval";
import { EMPTY_CUSTOM_INSTRUCTIONS } from "../../shared/profile/model";

const ITEMS: IntelItem[] = [
  {
    id: "nws:1",
    source: "nws",
    sourceName: "National Weather Service",
    kind: "hazard-alert",
    title: "Flood Warning issued for the Brackwater River",
    publisher: "NWS Seattle WA",
    url: "https://api.weather.gov/alerts/1",
    publishedAt: "2026-03-02T16:00:00.000Z",
    summary: "The river is expected to crest at 19.2 feet Tuesday. Minor flooding of low-lying roads.",
    severity: "severe",
    area: "King; Pierce",
  },
  {
    id: "gdelt:2",
    source: "gdelt",
    sourceName: "GDELT",
    kind: "news",
    title: "Levee inspections ordered as flood waters rise",
    publisher: "seattletimes.example",
    url: "https://www.seattletimes.example/levee",
    publishedAt: "2026-03-02T07:00:00.000Z",
    summary: "",
  },
];

const PASSAGE: RetrievedPassage = {
  n: 1,
  chunkId: "c1",
  documentId: "d1",
  documentName: "flood-plan",
  snippet: "the river [gauge] passes 18 feet",
  content: "The county emergency manager orders the evacuation when the river gauge passes 18 feet.",
};

const input = (over: Partial<IntelPromptInput> = {}): IntelPromptInput => ({
  question: "What is the latest on the flood?",
  history: [],
  sourcesAnswered: true,
  items: ITEMS,
  passages: [],
  hasIndexedDocuments: false,
  region: { state: "WA", area: "Brackwater" },
  instructions: null,
  language: null,
  notice: null,
  ...over,
});

describe("intelSearchQuery: the words the sources are searched for", () => {
  it.each([
    ["What is the latest on the flood?", "flood"],
    ["Which flood warnings and declarations affect us right now?", "flood warnings declarations"],
    ["Any earthquakes near Seattle this week?", "Seattle earthquakes"],
    ["What flood hazards are active?", "flood"],
    ["Is Levee L-3 at risk from the Brackwater River crest today?", "Levee L-3 Brackwater River"],
  ])("%s → %s", (question, query) => {
    expect(intelSearchQuery(question)).toBe(query);
  });

  it("a follow-up without topic words keeps the previous question's", () => {
    const history = [
      { role: "user" as const, content: "Any wildfire news?" },
      { role: "assistant" as const, content: "Two fires are burning [1]." },
    ];
    expect(intelSearchQuery("And tomorrow?", history)).toBe("wildfire");
    expect(intelSearchQuery("What about earthquakes?", history)).toBe("earthquakes");
    // Nothing to go on at all: the question as typed (bounded).
    expect(intelSearchQuery("And tomorrow?")).toBe("And tomorrow?");
    expect(intelSearchQuery(`${"Why? ".repeat(100)}`).length).toBeLessThanOrEqual(200);
  });
});

describe("buildIntelPrompt", () => {
  it("numbers the items, states the region, instructions (Intelligence Findings first) and language, and ends with the question", () => {
    const prompt = buildIntelPrompt(
      input({
        instructions: {
          ...EMPTY_CUSTOM_INSTRUCTIONS,
          intelligenceFindings: "Levee L-3 seeps above 17 feet.",
          focus: "Brackwater County",
          askReadyroom: "Only for Ask",
        },
        language: "French",
        history: [
          { role: "user", content: "Any storms?" },
          { role: "assistant", content: "None [1]." },
        ],
      }),
    );
    const system = prompt.messages[0]!.content;
    expect(prompt.messages[0]!.role).toBe("system");
    expect(system).toContain(itemsForPrompt(ITEMS));
    expect(system).toContain("[1] Flood Warning issued for the Brackwater River — NWS Seattle WA, 2026-03-02");
    expect(system).toContain("The planner works in Brackwater, Washington (WA).");
    expect(system.indexOf("Intelligence Findings: Levee L-3")).toBeLessThan(system.indexOf("Organizational & Regional Focus: Brackwater County"));
    expect(system).not.toContain("Only for Ask");
    expect(system).toContain("Answer in French.");
    expect(system).toMatch(/Cite every statement/);
    expect(prompt.messages.slice(1)).toEqual([
      { role: "user", content: "Any storms?" },
      { role: "assistant", content: "None [1]." },
      { role: "user", content: "What is the latest on the flood?" },
    ]);
    expect(prompt.maxOutputTokens).toBeGreaterThan(0);
  });

  it("mentions the sources that did not answer, and says so when they answered with nothing", () => {
    const partial = buildIntelPrompt(input({ notice: "Not included: NWS answered 500 after 3 attempts." })).messages[0]!.content;
    expect(partial).toContain("Not included: NWS answered 500 after 3 attempts.");
    const empty = buildIntelPrompt(input({ items: [], region: {} })).messages[0]!.content;
    expect(empty).toMatch(/reported nothing current/);
    expect(empty).toMatch(/names no state or city/);
  });

  it("with no source answering, answers from the planner's passages only", () => {
    const prompt = buildIntelPrompt(input({ sourcesAnswered: false, items: [], passages: [PASSAGE], hasIndexedDocuments: true }));
    const system = prompt.messages[0]!.content;
    expect(system).toContain("Passages from the planner's documents");
    expect(system).toContain("[1] (flood-plan)");
    expect(system).not.toContain("Items fetched");
    expect(prompt.offlineAnswer()).toContain("gauge passes 18 feet. [1]");
    const nothing = buildIntelPrompt(input({ sourcesAnswered: false, items: [], passages: [], hasIndexedDocuments: false }));
    expect(nothing.messages[0]!.content).toMatch(/no documents ready/);
    expect(nothing.offlineAnswer()).toMatch(/Upload your plans/);
  });
});

describe("the offline answer", () => {
  it("is the labelled extractive digest, deterministic, citing [n] as the citations number them", () => {
    const answer = buildIntelPrompt(input()).offlineAnswer();
    expect(answer).toBe(offlineIntelAnswer("What is the latest on the flood?", ITEMS, "Brackwater, Washington (WA)"));
    expect(answer).toContain('Here is what the intelligence sources report for "What is the latest on the flood?" (2 items, official feeds first)');
    expect(answer).toContain(
      "**Active warnings and advisories**\n- Flood Warning issued for the Brackwater River (King; Pierce), NWS Seattle WA, 2026-03-02: The river is expected to crest at 19.2 feet Tuesday. [1]",
    );
    expect(answer).toContain("**News coverage**\n- Levee inspections ordered as flood waters rise, seattletimes.example, 2026-03-02 [2]");
    expect(answer).toMatch(/No AI provider is configured/);
  });

  it("says when the sources reported nothing", () => {
    expect(offlineIntelAnswer("Tsunami?", [], "Washington (WA)")).toBe(
      'The intelligence sources answered, but reported nothing current for "Tsunami?" in Washington (WA). Try other words, or check again later.',
    );
  });
});

describe("describeRegion and the documents-only note", () => {
  it("words the profile's place", () => {
    expect(describeRegion({ state: "WA", area: "Brackwater" })).toBe("Brackwater, Washington (WA)");
    expect(describeRegion({ state: "PR" })).toBe("Puerto Rico (PR)");
    expect(describeRegion({ area: "Lyon" })).toBe("Lyon");
    expect(describeRegion({})).toBeNull();
  });

  it("starts a documents-only answer with the sources' notice", () => {
    expect(documentsOnlyPreface("No intelligence source answered: NWS answered 500 after 1 attempt.")).toBe(
      "No intelligence source answered: NWS answered 500 after 1 attempt. This answer comes from your own documents only.\n\n",
    );
  });
});
