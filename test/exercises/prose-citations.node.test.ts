import { describe, expect, it } from "vitest";
import { citeProse, offlineAnswer } from "../../worker/exercises/prompts";
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
    page: 4,
    content: "Red Cross opens the Northside High shelter for 400 evacuees.",
  },
];

describe("prose citations of the design assistant", () => {
  it("maps each [n] to the server's passage, quoting the sentence the statement rests on, one citation per passage in order of mention", () => {
    const text =
      "Players should test the Northside High shelter opening for 400 evacuees [2]. Sirens sound in Zone 2 when the gauge trips [1][2]. Again [2, 1].";
    const { content, citations } = citeProse(text, passages);
    expect(content).toBe(text);
    expect(citations).toEqual([
      {
        n: 2,
        documentId: "doc-shelter",
        chunkId: "chunk-shelter",
        documentName: "Mass Care Annex",
        page: 4,
        quote: "Red Cross opens the Northside High shelter for 400 evacuees.",
      },
      { n: 1, documentId: "doc-dam", chunkId: "chunk-dam", documentName: "Kestrel Dam EAP", quote: "Sirens sound in Zone 2." },
    ]);
  });

  it("drops a marker no passage carries (and the space before it), keeps the known numbers of a group, and leaves long bracketed numbers as text", () => {
    const { content, citations } = citeProse("The gauge reaches 42 feet [9]. Sirens sound [1, 7]. The [2024] revision [0] stands.", passages);
    expect(content).toBe("The gauge reaches 42 feet. Sirens sound [1]. The [2024] revision stands.");
    expect(citations.map((c) => c.n)).toEqual([1]);
    expect(citeProse("No passages here [1].", []).content).toBe("No passages here.");
  });

  it("offline prose quotes the passages that speak to the question, with markers the same mapping resolves", () => {
    const answer = offlineAnswer({
      exercise: { name: "Kestrel Dam TTX", threatType: "Dam failure" },
      sectionType: "description",
      purpose: "conversation",
      moduleIndex: 0,
      lastUserMessage: "When do the sirens sound at the spillway gauge?",
      passages,
    });
    expect(answer).toContain("What your plans say on it:");
    expect(answer).toMatch(/“The dam operator calls the county warning point when the spillway gauge reaches 42 feet\.” \[1\]/);
    // The shelter passage shares no word with the question: not quoted.
    expect(answer).not.toContain("[2]");
    const { citations } = citeProse(answer, passages);
    expect(citations).toEqual([
      expect.objectContaining({
        n: 1,
        chunkId: "chunk-dam",
        quote: "The dam operator calls the county warning point when the spillway gauge reaches 42 feet.",
      }),
    ]);
  });
});
