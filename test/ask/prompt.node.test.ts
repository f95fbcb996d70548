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
    // The title names the topic; even without a quantity in the question, the statement under it is what is quoted.
    const yesNo = offlineAskAnswer("Is there a sandbag stockpile?", [memo, other], { hasIndexedDocuments: true });
    expect(yesNo).toContain("- 12,000 filled sandbags held at the Harlow Park depot [1]");
    expect(yesNo).not.toContain("- PUBLIC WORKS MEMO");
  });

  it("keeps two quoted table rows apart: a row has no full stop of its own", () => {
    const table = passage(
      1,
      // A table as ingestion writes it: one row a line, each cell with its column's name.
      "Annex F › F-5. Sheltering\nShelter: Greywell High School, Capacity: 850, Notes: Pet-friendly wing; generator\nShelter: Merrin Hills Community College gym, Capacity: 600, Notes: Medical needs shelter with ESF 8 staffing",
    );
    const answer = offlineAskAnswer("What is the capacity of the Greywell High School shelter?", [table], { hasIndexedDocuments: true });
    expect(answer).toContain("850");
    expect(answer).not.toMatch(/generator Shelter/);
  });

  const annexH = passage(
    1,
    "Annex H: Hazardous Materials Response › III. Concept of Operations › B. Regional hazardous materials team\n" +
      "Regional Hazardous Materials Team 4, based in Marlow City, responds to requests from any fire chief or incident commander in the county through Tamsin County 911. " +
      "The team is staffed by career firefighters trained to the technician level and carries entry, monitoring and leak-control equipment. " +
      "The expected arrival time of the team anywhere in the county is 55 minutes from dispatch; until it arrives, the local fire department holds a defensive posture.",
    { documentName: "Annex H" },
  );
  const elsewhere = passage(2, "Hazmat Team 7 (Brackwater Fire Rescue) handles hazardous materials spills at the port and on SR 9.", {
    documentName: "Brackwater EOP",
  });

  it.each(["How long does the regional hazmat team take to arrive?", "What is the expected arrival time of Regional Hazardous Materials Team 4?"])(
    "answers with the sentence of the answer's shape, read with the sentence naming its topic: %s",
    (question) => {
      const answer = offlineAskAnswer(question, [annexH, elsewhere], { hasIndexedDocuments: true });
      const first = answer.split("\n").find((line) => line.startsWith("- "))!;
      expect(first).toContain("55 minutes from dispatch");
      expect(first).toContain("Regional Hazardous Materials Team 4, based in Marlow City");
      expect(first).toMatch(/\[1\]$/);
      // The other county's hazmat team shares only the topic's common words: not quoted.
      expect(answer).not.toContain("Hazmat Team 7");
      expect(answer).not.toContain("Annex H: Hazardous Materials Response ›");
    },
  );

  it("answers how many people with the sentence counting people, not any sentence with a number", () => {
    const annex = passage(
      1,
      "C-3. ALTERNATE FACILITIES\nIf the administration building cannot be used, departments move to the library annex on Elm Road, which has desks for 80 staff. " +
        "The 911 center fails over to the backup answering point at the fire station within 15 minutes. " +
        "Departments must be able to work from the alternate facility for at least 30 days.",
    );
    const cooling = passage(
      2,
      "3. Cooling Centers\nEach library cooling center seats up to 60 people; the Senior Center seats 140. " +
        "Residents who cannot be reached receive a visit from the Sheriff's Office.",
    );
    const answer = offlineAskAnswer("How many people can work at the backup office?", [annex, cooling], { hasIndexedDocuments: true });
    expect(answer).toContain("desks for 80 staff");
    expect(answer).not.toContain("The 911 center");
  });

  it("answers who with the role, where with the place", () => {
    const sop = passage(
      1,
      "4. Authority to activate\nThe EOC opens on the order of the county. Only the Emergency Management Director may order Condition II. " +
        "The EOC is a room with radios and maps. The alternate EOC is at the Public Safety Training Building of Tamsin Community College.",
    );
    expect(offlineAskAnswer("Who can order the EOC to open?", [sop], { hasIndexedDocuments: true })).toContain("Only the Emergency Management Director");
    expect(offlineAskAnswer("Where is the alternate EOC?", [sop], { hasIndexedDocuments: true })).toContain("Tamsin Community College");
    // A corps is an organisation ("Medical Reserve Corps", "Army Corps of Engineers"), as a team is.
    const pods = passage(
      1,
      "Annex W › W-5. Mass Prophylaxis\nPublic Health opens up to six Points of Dispensing (PODs) at high schools. Each POD is designed to serve 1,000 people an hour " +
        "with 62 staff per shift. Closed PODs at the four largest employers serve their own staff, residents and families.\n" +
        "- Medical Reserve Corps volunteers fill clinical roles; county employees fill non-clinical roles.",
    );
    expect(offlineAskAnswer("Who staffs the clinical jobs at the PODs?", [pods], { hasIndexedDocuments: true })).toContain("Medical Reserve Corps volunteers");
  });

  it("quotes the most relevant sentences of each passage with its [n], the same every time", () => {
    const answer = offlineAskAnswer("Are pets accepted at the shelters?", passages, { hasIndexedDocuments: true });
    expect(answer).toBe(offlineAskAnswer("Are pets accepted at the shelters?", passages, { hasIndexedDocuments: true }));
    expect(answer).toContain('Here is what your documents say about "Are pets accepted at the shelters?"');
    expect(answer).toContain("- Pets are accepted at the fairgrounds only. [1]");
    expect(answer).not.toContain("Parking is limited");
    // Passage 2 only mentions shelters: its quote carries under half the weight of the answer, so it is not quoted.
    expect(answer).not.toContain("Minutes: the shelter");
    expect(answer).toContain("quoted from Doc 1.");
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
