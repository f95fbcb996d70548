import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { chunkSections } from "../../worker/documents/chunk";
import { parseDocument } from "../../worker/documents/parse";
import { formatNumber, ListNumbering } from "../../worker/documents/parse/docx-numbering";
import { dropRunningLines, pageText, type PdfLine } from "../../worker/documents/parse/pdf-layout";
import { bytesOf } from "./ingest-fixtures";

// Parsed text keeps its structure (issue 11), shown on files made by real tools
// (test/documents/fixtures/README.md says which tool made which file).
const fixture = (name: string) => {
  const buffer = readFileSync(path.join(import.meta.dirname, "fixtures", name));
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
};

describe("docx made by pandoc (structure.docx)", () => {
  it("numbers list items per level, bullets as '- ', tables as rows with their header names", async () => {
    const parsed = await parseDocument(fixture("structure.docx"), "docx");
    const general = parsed.sections.find((s) => s.heading === "A. General")!;
    expect(general.text).toContain(
      "1. Notify the duty officer.\n2. Open the EOC:\n  a. Staff the planning section.\n  b. Staff the logistics section.\n3. Brief the policy group.\n- Keep the sign-in log.\n- Post the incident objectives.",
    );
    const shelters = parsed.sections.find((s) => s.heading === "III. Shelters")!;
    expect(shelters.text).toBe("Shelter | Capacity\nShelter: Lincoln High, Capacity: 450\nShelter: Riverside Church, Capacity: 120");
  });

  it("a heading directly followed by a subheading stays, in the outline and in the path", async () => {
    const parsed = await parseDocument(fixture("structure.docx"), "docx");
    expect(parsed.sections.map((s) => s.heading)).toEqual(["Annex K", "II. Concept of Operations", "A. General", "III. Shelters"]);
    expect(parsed.sections[2]!.path).toEqual(["Annex K", "II. Concept of Operations", "A. General"]);
    expect(parsed.sections[3]!.path).toEqual(["Annex K", "III. Shelters"]);
    // Alone, a section's chunk is labelled with its whole path.
    const [alone] = chunkSections([parsed.sections[2]!]);
    expect(alone!.heading).toBe("Annex K › II. Concept of Operations › A. General");
    expect(alone!.content.startsWith("Annex K › II. Concept of Operations › A. General\nThe county activates the EOC")).toBe(true);
    // Packed with "III. Shelters", the chunk is labelled with what both share; the rest of each
    // path leads its own text, so no passage claims a section it is not in.
    const [first] = chunkSections(parsed.sections);
    expect(first!.heading).toBe("Annex K");
    expect(first!.path).toEqual(["Annex K"]);
    expect(first!.content.startsWith("Annex K\nII. Concept of Operations › A. General\nThe county activates the EOC")).toBe(true);
    expect(first!.content).toContain("\n\nIII. Shelters\n");
  });
});

describe("pdf made by LibreOffice (evacuation.pdf: running header, 'Page n of N' footer, wrapped paragraphs)", () => {
  it("joins wrapped lines, keeps paragraph and list breaks, drops the header and footer; pages stay", async () => {
    const parsed = await parseDocument(fixture("evacuation.pdf"), "pdf");
    const pages = parsed.sections.map((s) => s.page!);
    expect(new Set(pages)).toEqual(new Set([1, 2, 3, 4]));
    expect(pages).toEqual([...pages].sort((a, b) => a - b));
    expect(parsed.text).not.toMatch(/Brackwater County EOP|Page \d+ of \d+/);
    const section1 = parsed.sections.find((s) => s.heading === "Section 1. Operations")!.text;
    expect(section1.startsWith("Paragraph 1: The county emergency operations center is activated when an incident")).toBe(true);
    expect(section1).toContain("Shelter 1 opens within two hours of the order.\n\n1. Notify the duty officer for zone 1.\n\n2. Open the shelter for zone 1.");
    // Every paragraph is one line: no line break inside a sentence (a paragraph running onto the
    // next page continues in that page's section).
    for (const section of parsed.sections) expect(section.text).not.toMatch(/[a-z,]\n[a-z]/);
  });

  it("reads the larger lines as headings, ranked by size, into section paths that run across pages", async () => {
    const parsed = await parseDocument(fixture("evacuation.pdf"), "pdf");
    // "Annex K: Evacuation" is set at 18 pt, "Section n. Operations" at 14 pt, the text at 11 pt.
    expect(parsed.sections[0]).toMatchObject({ heading: "Annex K: Evacuation", path: ["Annex K: Evacuation"], page: 1 });
    expect(parsed.sections[1]).toMatchObject({ heading: "Section 1. Operations", path: ["Annex K: Evacuation", "Section 1. Operations"], page: 1 });
    // Section 3 starts on page 1 and continues on page 2 under the same path, with page 2's number.
    const section3 = parsed.sections.filter((s) => s.heading === "Section 3. Operations");
    expect(section3.map((s) => s.page)).toEqual([1, 2]);
    expect(section3[1]!.path).toEqual(["Annex K: Evacuation", "Section 3. Operations"]);
    const chunk = chunkSections(parsed.sections).find((c) => c.content.includes("Paragraph 1:"))!;
    expect(chunk.content.startsWith("Annex K: Evacuation")).toBe(true);
    expect(chunk.page).toBe(1);
  });
});

describe("pdf layout", () => {
  const line = (text: string, y: number, xEnd = 500, size = 10): PdfLine => ({ text, x: 50, xEnd, y, size });

  it("joins a hyphen break and a wrapped line, not a short line or a list item", () => {
    const text = pageText([
      line("The county plans the evacu-", 700),
      line("ation of zone A before the", 688, 495),
      line("storm arrives.", 676, 150),
      line("Next paragraph.", 664, 160),
      line("1. First step that is long enough to wrap onto the", 640),
      line("next line of the page.", 628, 200),
      line("2. Second step.", 616, 120),
    ]);
    expect(text).toBe(
      "The county plans the evacuation of zone A before the storm arrives.\nNext paragraph.\n\n1. First step that is long enough to wrap onto the next line of the page.\n2. Second step.",
    );
  });

  it("drops lines repeating at the top or bottom of half the pages (page number aside) and page numbers", () => {
    const words = ["Shelters", "Routes", "Staffing", "Supplies"];
    const pages = words.map((word, i) => [
      line("Brackwater County EOP", 800, 200),
      ...(i === 1 ? [line("- 2 -", 780, 80)] : []),
      line(`${word} first.`, 700, 200),
      line(`${word} second.`, 690, 200),
      line(`${word} third.`, 680, 200),
      line(i % 2 ? String(i + 1) : `Page ${i + 1} of 4`, 40, 100),
    ]);
    expect(dropRunningLines(pages).map((p) => p.map((l) => l.text))).toEqual(words.map((word) => [`${word} first.`, `${word} second.`, `${word} third.`]));
    // A line that repeats on one page of four is text.
    const once = [[line("Annex K", 800), line("a", 700)], [line("b", 800)], [line("c", 800)], [line("d", 800)]];
    expect(dropRunningLines(once)[0]!.map((l) => l.text)).toEqual(["Annex K", "a"]);
  });
});

describe("docx list numbering", () => {
  it("formats decimal, letters, roman and bullets; counters restart by level unless lvlRestart says not", () => {
    expect(["decimal", "lowerLetter", "upperLetter", "lowerRoman", "upperRoman", "none"].map((f) => formatNumber(29, f))).toEqual([
      "29",
      "cc",
      "CC",
      "xxix",
      "XXIX",
      "",
    ]);
    expect(formatNumber(10 ** 9, "lowerLetter")).toBe("1000000000"); // never a billion letters
    const lvl = (i: number, fmt: string, text: string, extra = "") =>
      `<w:lvl w:ilvl="${i}"><w:start w:val="1"/><w:numFmt w:val="${fmt}"/><w:lvlText w:val="${text}"/>${extra}</w:lvl>`;
    const numbering = new ListNumbering(
      `<w:numbering><w:abstractNum w:abstractNumId="1">${lvl(0, "upperRoman", "%1.")}${lvl(1, "upperLetter", "%2.")}${lvl(2, "decimal", "%1.%2.%3", '<w:lvlRestart w:val="0"/>')}</w:abstractNum>` +
        `<w:abstractNum w:abstractNumId="2">${lvl(0, "bullet", "•")}</w:abstractNum>` +
        `<w:num w:numId="5"><w:abstractNumId w:val="1"/></w:num><w:num w:numId="6"><w:abstractNumId w:val="2"/></w:num></w:numbering>`,
    );
    const labels = [[0], [1], [1], [2], [0], [1], [2]].map(([i]) => numbering.label("5", i!));
    expect(labels).toEqual(["I. ", "A. ", "B. ", "I.B.1 ", "II. ", "A. ", "II.A.2 "]);
    expect(numbering.label("6", 0)).toBe("- ");
    expect(numbering.label("7", 0)).toBeNull();
  });
});

describe("section paths of the other readers", () => {
  it("html: a table with <br> and paragraphs in cells keeps one line per row, cells in order", async () => {
    const html = `<h1>Annex K</h1><h2>Shelters</h2><table><tr><th>Shelter</th><th>Address</th></tr>
      <tr><td>Lincoln High</td><td>12 Main St<br>Brackwater</td></tr><tr><td><p>Riverside</p><p>Church</p></td><td>4 River Rd\nBrackwater</td></tr></table>`;
    const parsed = await parseDocument(bytesOf(html), "html");
    expect(parsed.sections[1]).toEqual({
      heading: "Shelters",
      path: ["Annex K", "Shelters"],
      text: "Shelter | Address\nLincoln High | 12 Main St Brackwater\nRiverside Church | 4 River Rd Brackwater",
    });
  });

  it("md, rst and org: the path follows heading levels", async () => {
    const md = await parseDocument(bytesOf("# Annex K\n## II. Concept\n### A. General\nText.\n## III. Shelters\nMore."), "md");
    expect(md.sections.map((s) => s.path)).toEqual([
      ["Annex K"],
      ["Annex K", "II. Concept"],
      ["Annex K", "II. Concept", "A. General"],
      ["Annex K", "III. Shelters"],
    ]);
    const rst = await parseDocument(
      bytesOf("Annex K\n=======\n\nII. Concept\n-----------\n\nA. General\n~~~~~~~~~~\n\nText.\n\nIII. Shelters\n-------------\n\nMore."),
      "rst",
    );
    expect(rst.sections.at(-2)!.path).toEqual(["Annex K", "II. Concept", "A. General"]);
    expect(rst.sections.at(-1)!.path).toEqual(["Annex K", "III. Shelters"]);
    const org = await parseDocument(bytesOf("#+TITLE: Annex K\n* II. Concept\n** A. General\nText.\n* III. Shelters\nMore."), "org");
    expect(org.sections.map((s) => s.path)).toEqual([
      ["Annex K"],
      ["Annex K", "II. Concept"],
      ["Annex K", "II. Concept", "A. General"],
      ["Annex K", "III. Shelters"],
    ]);
  });

  it("the fixtures made by pandoc carry paths (odt, epub, html); pptx slides are one level", async () => {
    for (const name of ["annex-k.odt", "annex-k.epub", "annex-k.html", "annex-k.docx", "annex-k.rst", "annex-k.org"]) {
      const type = name.split(".").pop()!;
      const parsed = await parseDocument(fixture(name), type);
      const withPath = parsed.sections.filter((s) => s.heading);
      expect(withPath.length, name).toBeGreaterThan(0);
      for (const s of withPath) expect(s.path?.at(-1), name).toBe(s.heading);
    }
    const pptx = await parseDocument(fixture("annex-k.pptx"), "pptx");
    expect(pptx.sections.every((s) => s.path?.length === 1 && s.path[0] === s.heading)).toBe(true);
  });
});
