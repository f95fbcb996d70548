import { describe, expect, it } from "vitest";
import { draftJsonSchema, groundDraft, groundElement, matchPassage, parseDraft } from "../../worker/exercises/prompts";
import { sentences } from "../../worker/exercises/prompts/grounding";
import type { Passage } from "../../worker/exercises/prompts/passages";

const passages: Passage[] = [
  {
    documentId: "doc-dam",
    chunkId: "chunk-dam",
    documentName: "Kestrel Dam EAP",
    content: "# Notification\nThe dam operator calls the county\nwarning point when the spillway gauge reaches 42 feet. Sirens sound in Zone 2.",
  },
  {
    documentId: "doc-shelter",
    chunkId: "chunk-shelter",
    documentName: "Mass Care Annex",
    content: "Red Cross opens the Northside High shelter for 400 evacuees.",
  },
];

describe("plan grounding of drafted elements", () => {
  it("splits a passage into sentences, joining lines broken mid-sentence and keeping headings apart", () => {
    expect(sentences(passages[0]!.content)).toEqual([
      "Notification",
      "The dam operator calls the county warning point when the spillway gauge reaches 42 feet.",
      "Sirens sound in Zone 2.",
    ]);
    // Chunks keep a heading as a bare first line.
    expect(sentences("Levee Plan\nWhen the patrol reports\novertopping, sirens sound. Then")).toEqual([
      "Levee Plan",
      "When the patrol reports overtopping, sirens sound.",
      "Then",
    ]);
  });

  it("maps a passage number to the server's passage and quotes its sentence that matches the element", () => {
    expect(groundElement(1, "Spillway gauge at 42 feet: who calls the warning point?", passages)).toEqual({
      source: {
        documentId: "doc-dam",
        chunkId: "chunk-dam",
        documentName: "Kestrel Dam EAP",
        quote: "The dam operator calls the county warning point when the spillway gauge reaches 42 feet.",
      },
    });
  });

  it("an unknown, zero or malformed number is not in the plans (ids never come from the model)", () => {
    for (const n of [0, 3, -1, 1.5, "1", null, undefined]) expect(groundElement(n, "anything", passages)).toEqual({ notInPlans: true });
  });

  it("offline matching picks the best-supported passage, and none below the support floor", () => {
    expect(matchPassage("Open the Northside High shelter for evacuees", passages)).toBe(2);
    expect(matchPassage("The spillway gauge reaches 42 feet", passages)).toBe(1);
    expect(matchPassage("A cyberattack encrypts the payroll servers", passages)).toBe(0);
    expect(matchPassage("anything", [])).toBe(0);
    // A long inject that only brushes a plan sentence with a few shared words is not supported by it.
    const brushing =
      "Residents report a contractor demanding cash; the recovery group calls the attorney general's consumer office, opens a hotline for questions about insurance, mould removal and building permits, and the JIC issues a fraud alert in English and Spanish.";
    expect(matchPassage(brushing, passages)).toBe(0);
  });

  it("a draft's MSEL rows and questions carry source or notInPlans, and the passage numbers are gone", () => {
    const row = {
      event: "1",
      date: "",
      time: "",
      category: "",
      injectMode: "",
      from: "",
      to: "",
      message: "",
      expectedAction: "",
      responsibleOrganization: "",
      pocAuthor: "",
      comment: "",
    };
    const text = JSON.stringify({
      mselTable: [
        { ...row, synopsis: "Spillway gauge reads 42 feet", passage: 1 },
        { ...row, synopsis: "Ransomware hits payroll", passage: 0 },
        { ...row, synopsis: "No number given" },
      ],
    });
    const parsed = parseDraft("msel_table", text);
    if (!parsed.ok) throw new Error(parsed.message);
    const grounded = groundDraft("msel_table", parsed.draft, passages) as { mselTable: Record<string, unknown>[] };
    expect(grounded.mselTable.map((r) => "passage" in r)).toEqual([false, false, false]);
    expect(grounded.mselTable[0]!.source).toMatchObject({ documentId: "doc-dam", chunkId: "chunk-dam" });
    expect(grounded.mselTable.slice(1).map((r) => r.notInPlans)).toEqual([true, true]);

    const questions = parseDraft(
      "module_question",
      JSON.stringify({
        questions: {
          mode: "functional",
          groups: [{ name: "Mass Care", questions: [{ text: "Who opens the shelter?", type: "open-ended", options: [], passage: 2 }] }],
        },
      }),
    );
    if (!questions.ok) throw new Error(questions.message);
    const q = (groundDraft("module_question", questions.draft, passages) as { questions: { groups: { questions: Record<string, unknown>[] }[] } }).questions
      .groups[0]!.questions[0]!;
    expect(q.source).toMatchObject({ documentId: "doc-shelter", quote: "Red Cross opens the Northside High shelter for 400 evacuees." });
  });

  it("drafted module injects become plain texts with their grounding keyed by text", () => {
    const parsed = parseDraft(
      "module_inject",
      JSON.stringify({
        injects: [
          { text: "The spillway gauge reaches 42 feet", passage: 1 },
          { text: "Ransomware hits payroll", passage: 0 },
        ],
      }),
    );
    if (!parsed.ok) throw new Error(parsed.message);
    const grounded = groundDraft("module_inject", parsed.draft, passages) as unknown as {
      injects: string[];
      injectSources: Record<string, Record<string, unknown>>;
    };
    expect(grounded.injects).toEqual(["The spillway gauge reaches 42 feet", "Ransomware hits payroll"]);
    expect(grounded.injectSources["The spillway gauge reaches 42 feet"]!.source).toMatchObject({ documentId: "doc-dam", chunkId: "chunk-dam" });
    expect(grounded.injectSources["Ransomware hits payroll"]).toEqual({ notInPlans: true });

    const modules = parseDraft(
      "modules",
      JSON.stringify({
        modules: [
          {
            title: "M1",
            description: "d",
            functionalGroups: [],
            injects: [{ text: "Open the Northside High shelter for evacuees", passage: 2 }],
            questions: { mode: "functional", groups: [{ name: "g", questions: [{ text: "q", type: "open-ended", options: [], passage: 0 }] }] },
          },
        ],
      }),
    );
    if (!modules.ok) throw new Error(modules.message);
    const m = (
      groundDraft("modules", modules.draft, passages) as unknown as { modules: { injects: string[]; injectSources: Record<string, Record<string, unknown>> }[] }
    ).modules[0]!;
    expect(m.injects).toEqual(["Open the Northside High shelter for evacuees"]);
    expect(m.injectSources["Open the Northside High shelter for evacuees"]!.source).toMatchObject({ documentId: "doc-shelter" });
  });

  it("the JSON Schema asks for the passage number and stays free of keywords strict mode rejects", () => {
    const schema = JSON.stringify(draftJsonSchema("msel_table"));
    expect(schema).toContain('"passage"');
    expect(schema).not.toContain('"default"');
  });
});
