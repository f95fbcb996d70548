import { describe, expect, it } from "vitest";
import type { AskPassage } from "../../shared/ask/model";
import { NOTHING_INDEXED, NOTHING_MATCHED, offlineAskAnswer } from "../../worker/ask/offline-answer";
import { buildAskPrompt } from "../../worker/ask/prompt";
import { titleFromQuestion } from "../../worker/ask/service";
import { EMPTY_CUSTOM_INSTRUCTIONS } from "../../shared/profile/model";

const passage = (n: number, content: string, extra: Partial<AskPassage> = {}): AskPassage => ({
  n,
  chunkId: `chunk-${n}`,
  documentId: `doc-${n}`,
  documentName: `Doc ${n}`,
  snippet: content.slice(0, 40),
  content,
  ...extra,
});

const passages = [
  passage(1, "# Shelters\nThe Red Cross opens shelters at the high school. Pets are accepted at the fairgrounds only. Parking is limited."),
  passage(2, "Minutes: the shelter at the fairgrounds filled by noon.", { page: 3 }),
];

describe("offlineAskAnswer", () => {
  it("answers a how-many question with the sentence that carries a number, not the title that names the topic", () => {
    const memo = passage(1, "PUBLIC WORKS MEMO — SANDBAG STOCKPILE\n\n12,000 filled sandbags held at the Harlow Park depot");
    const other = passage(2, "The sandbag distribution sites open on a flood watch.");
    const answer = offlineAskAnswer("How many sandbags do we have stockpiled?", [memo, other], { hasIndexedDocuments: true });
    expect(answer).toContain("12,000 filled sandbags held at the Harlow Park depot");
    // Without a quantity in the question the title carries the most terms and is what is quoted.
    expect(offlineAskAnswer("Is there a sandbag stockpile?", [memo, other], { hasIndexedDocuments: true })).toContain(
      "- PUBLIC WORKS MEMO — SANDBAG STOCKPILE",
    );
  });

  it("quotes the most relevant sentences of each passage with its [n], the same every time", () => {
    const answer = offlineAskAnswer("Are pets accepted at the shelters?", passages, { hasIndexedDocuments: true });
    expect(answer).toBe(offlineAskAnswer("Are pets accepted at the shelters?", passages, { hasIndexedDocuments: true }));
    expect(answer).toContain('Here is what your documents say about "Are pets accepted at the shelters?"');
    expect(answer).toContain("- Pets are accepted at the fairgrounds only. [1]");
    expect(answer).not.toContain("Parking is limited");
    expect(answer).toContain("- Minutes: the shelter at the fairgrounds filled by noon. [2]");
    expect(answer).toContain("quoted from Doc 1, Doc 2");
  });

  it("quotes the sentence carrying the question's specific terms, not the one sharing its common words", () => {
    const annex = passage(
      1,
      "The county emergency shelter plan tells people in the county where each emergency shelter is. " +
        "Greywell High School holds 850 with a pet-friendly wing.",
    );
    const answer = offlineAskAnswer("How many people fit in the Greywell High School shelter in a county emergency?", [annex], {
      hasIndexedDocuments: true,
    });
    expect(answer).toContain("- Greywell High School holds 850 with a pet-friendly wing. [1]");
    expect(answer).not.toContain("tells people");
  });

  it("quotes list items without their marker and table rows as their cells", () => {
    const annex = passage(1, "# Shelters\n- ESF 6 places the Greywell shelter on standby.\n| Greywell High School | 850 | Pet-friendly wing |\n|---|---|---|");
    const answer = offlineAskAnswer("Greywell shelter standby and capacity 850?", [annex], { hasIndexedDocuments: true });
    expect(answer).toContain("- ESF 6 places the Greywell shelter on standby.");
    expect(answer).not.toContain("- - ");
    expect(answer).not.toContain("|");
  });

  it("explains an empty result: nothing ready vs nothing matching", () => {
    expect(offlineAskAnswer("Anything?", [], { hasIndexedDocuments: false })).toBe(NOTHING_INDEXED);
    expect(offlineAskAnswer("Anything?", [], { hasIndexedDocuments: true })).toBe(NOTHING_MATCHED);
    expect(NOTHING_INDEXED).toMatch(/Ready/);
  });

  it("clips a long passage without sentences", () => {
    const answer = offlineAskAnswer("alpha", [passage(1, `alpha ${"word ".repeat(200)}`)], { hasIndexedDocuments: true });
    expect(answer).toMatch(/… \[1\]/);
  });
});

describe("buildAskPrompt", () => {
  it("numbers the passages with their document (and page), states the citing rule, adds instructions and language", () => {
    const prompt = buildAskPrompt({
      messages: [
        { role: "user", content: "Earlier question" },
        { role: "assistant", content: "Earlier answer [1]" },
        { role: "user", content: "Are pets accepted?" },
      ],
      passages,
      hasIndexedDocuments: true,
      instructions: { ...EMPTY_CUSTOM_INSTRUCTIONS, focus: "Brackwater County", askReadyroom: "Answer in bullet points." },
      language: "Spanish",
    });
    const system = prompt.messages[0]!;
    expect(system.role).toBe("system");
    expect(system.content).toContain("[1] (Doc 1)\n# Shelters");
    expect(system.content).toContain("[2] (Doc 2, page 3)");
    expect(system.content).toMatch(/Cite every statement .* \[1\]/);
    expect(system.content).toMatch(/do not answer the question .* say so/);
    expect(system.content).toContain("Instructions for Ask Readyroom: Answer in bullet points.");
    expect(system.content).toContain("Organizational & Regional Focus: Brackwater County");
    expect(system.content).toContain("Answer in Spanish.");
    expect(prompt.messages.slice(1).map((m) => m.role)).toEqual(["user", "assistant", "user"]);
    expect(prompt.offlineAnswer()).toContain("[1]");
  });

  it("tells the model what to say when nothing was retrieved", () => {
    const base = { messages: [{ role: "user" as const, content: "Hi" }], passages: [], instructions: null, language: null };
    expect(buildAskPrompt({ ...base, hasIndexedDocuments: false }).messages[0]!.content).toMatch(/upload documents in the Library/);
    expect(buildAskPrompt({ ...base, hasIndexedDocuments: true }).messages[0]!.content).toMatch(/do not seem to cover it/);
  });
});

describe("titleFromQuestion", () => {
  it("keeps short questions and cuts long ones at a word, about 60 characters", () => {
    expect(titleFromQuestion("  Where are\nthe shelters? ")).toBe("Where are the shelters?");
    const title = titleFromQuestion("Where do the Red Cross shelters open, and are pets accepted at any of them?");
    expect(title).toBe("Where do the Red Cross shelters open, and are pets accepted…");
    expect(title.length).toBeLessThanOrEqual(61);
  });
});
