import { describe, expect, it } from "vitest";
import { sentencesOf } from "../../worker/documents/sentences";

const read = (content: string) => sentencesOf(content).map((s) => `${s.label ? "label" : "sentence"}: ${s.text}`);

describe("sentencesOf", () => {
  it("keeps a numbered list item whole: its marker's full stop starts no sentence of its own", () => {
    expect(
      read("Known Gaps\n1. Seepage boils were recorded. Piezometers are not read daily.\n2) No flood messages in Vietnamese.\n- 3. Call the EOC."),
    ).toEqual([
      "label: Known Gaps",
      "sentence: Seepage boils were recorded.",
      "sentence: Piezometers are not read daily.",
      "sentence: No flood messages in Vietnamese.",
      "sentence: Call the EOC.",
    ]);
  });

  it("reads a table's header as a label and its rows as sentences (parse/table.ts writes them so)", () => {
    expect(read("4.1 EOC Activation Levels\nLevel | Name | Trigger examples\nLevel: 1, Name: Full, Trigger examples: levee distress")).toEqual([
      "label: 4.1 EOC Activation Levels",
      "label: Level | Name | Trigger examples",
      "sentence: Level: 1, Name: Full, Trigger examples: levee distress",
    ]);
  });

  it("reads rows every parser writes 'a | b | c' (HTML, .doc, RTF) as sentences: only a row the next names is a header", () => {
    expect(read("Shelters\nGreywell High School | 850 | Pet-friendly wing\nAlder Flats Center | 300 | No pets")).toEqual([
      "label: Shelters",
      "sentence: Greywell High School | 850 | Pet-friendly wing",
      "sentence: Alder Flats Center | 300 | No pets",
    ]);
  });

  it("reads a heading that ends in a bracket as a label, a bracketed sentence or a key and its value as a sentence", () => {
    expect(read("ESF 13\nPrimary: Sheriff (ESF 13)")).toEqual(["label: ESF 13", "sentence: Primary: Sheriff (ESF 13)"]);
    expect(read("Base Plan (Excerpt)\nKnown Gaps (2024 plan review)\nGauges fail (see F-2.)")).toEqual([
      "label: Base Plan (Excerpt)",
      "label: Known Gaps (2024 plan review)",
      "sentence: Gauges fail (see F-2.)",
    ]);
  });
  it("ends no sentence at an abbreviation's full stop ('St. Agnes Hospital', 'Dr. Okafor', 'e.g.'), and still at a sentence's", () => {
    expect(read("Hospitals\nMinor injuries go to St. Agnes Hospital. Dr. Okafor leads triage, e.g. at the fairgrounds. It ends here.")).toEqual([
      "label: Hospitals",
      "sentence: Minor injuries go to St. Agnes Hospital.",
      "sentence: Dr. Okafor leads triage, e.g. at the fairgrounds.",
      "sentence: It ends here.",
    ]);
  });
});
