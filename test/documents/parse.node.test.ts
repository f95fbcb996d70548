import { describe, expect, it } from "vitest";
import { parseDocument, ParseError } from "../../worker/documents/parse";
import { parseCsvRows } from "../../worker/documents/parse/text";
import { detectType } from "../../shared/documents/file-types";
import { readIngestStatus, hasIngestStatus } from "../../shared/documents/status";
import { bytesOf, docxFromBody, makeDocx, makePdf } from "./ingest-fixtures";

async function parseFailure(bytes: ArrayBuffer, type: string): Promise<ParseError> {
  try {
    await parseDocument(bytes, type);
  } catch (error) {
    expect(error).toBeInstanceOf(ParseError);
    return error as ParseError;
  }
  throw new Error(`expected ${type} to fail to parse`);
}

describe("parseDocument", () => {
  it("txt: decodes UTF-8 (BOM dropped) and UTF-16, tidies whitespace", async () => {
    const parsed = await parseDocument(bytesOf("\ufeffFirst line  \r\nsecond\r\n\r\n\r\n\r\nthird"), "txt");
    expect(parsed.text).toBe("First line\nsecond\n\nthird");
    expect(parsed.sections).toEqual([{ heading: null, text: "First line\nsecond\n\nthird" }]);

    const utf16 = new Uint8Array([0xff, 0xfe, ...[..."héllo"].flatMap((c) => [c.charCodeAt(0), 0])]);
    expect((await parseDocument(utf16.buffer, "txt")).text).toBe("héllo");
  });

  it("md: headings start sections; # inside fenced code stays text; the text is the Markdown's without its syntax, tables as spreadsheets read", async () => {
    const md = "Intro line\n\n# Scope\nWe test **drills**.\n\n## Roles ##\nIncident lead\n```sh\n# not a heading\n```\n";
    const parsed = await parseDocument(bytesOf(md), "md");
    // CommonMark: the fence interrupts the paragraph, and emphasis markers are syntax, not text.
    expect(parsed.sections).toEqual([
      { heading: null, text: "Intro line" },
      { heading: "Scope", path: ["Scope"], text: "We test drills." },
      { heading: "Roles", path: ["Scope", "Roles"], text: "Incident lead\n\n# not a heading" },
    ]);
    expect(parsed.text).toContain("Scope\nWe test");

    const rich = [
      "Evacuation Annex",
      "================",
      "See the [county plan](https://county.example/plan) and `ESF-6`.",
      "",
      "- Shelter A: *Brackwater High*",
      "  - 1,200 beds",
      "- Shelter B",
      "",
      "| Zone | Trigger |",
      "| --- | --- |",
      "| A | Tropical storm **warning** |",
      "",
      "> Call 311.",
      "### Contacts",
      "EOC <b>duty</b> officer &amp; PIO",
    ].join("\n");
    expect((await parseDocument(bytesOf(rich), "md")).sections).toEqual([
      {
        heading: "Evacuation Annex",
        path: ["Evacuation Annex"],
        text: "See the county plan and ESF-6.\n\n- Shelter A: Brackwater High\n  - 1,200 beds\n- Shelter B\n\nZone | Trigger\nZone: A, Trigger: Tropical storm warning\n\nCall 311.",
      },
      { heading: "Contacts", path: ["Evacuation Annex", "Contacts"], text: "EOC <b>duty</b> officer & PIO" },
    ]);
  });

  it("md: a file larger than the parser's window reads as one, sections and code blocks across window ends included", async () => {
    // 400 sections of ~1.7 KB, each with a fenced block of "#" lines: the 64 KiB windows end
    // inside fences and paragraphs, and no "#" line in a fence may become a heading.
    const fence = (i: number) => ["```", ...Array.from({ length: 40 }, (_, j) => `# step ${i}.${j} is code, not a heading`), "```"].join("\n");
    const md = Array.from({ length: 400 }, (_, i) => `## Section ${i}\n\nBody ${i} with **bold** text.\n\n${fence(i)}\n`).join("\n");
    expect(md.length).toBeGreaterThan(5 * 64 * 1024);
    const parsed = await parseDocument(bytesOf(md), "md");
    expect(parsed.sections.map((s) => s.heading)).toEqual(Array.from({ length: 400 }, (_, i) => `Section ${i}`));
    parsed.sections.forEach((s, i) => {
      expect(s.path).toEqual([`Section ${i}`]);
      expect(s.text).toBe(`Body ${i} with bold text.\n\n${Array.from({ length: 40 }, (_, j) => `# step ${i}.${j} is code, not a heading`).join("\n")}`);
    });
    // One line longer than a window: cut between words, none lost.
    const words = Array.from({ length: 30_000 }, (_, i) => `w${i}`).join(" ");
    expect((await parseDocument(bytesOf(words), "md")).text.split(/\s+/)).toEqual(words.split(" "));
  });

  it("csv: header kept, then each row with its values named by their column; quoted commas/quotes/newlines intact", async () => {
    const csv = 'Name,Role,Notes\r\nAda,"Lead, ops","Said ""go"""\r\nBob,Scribe,"two\nlines"\r\n\r\n';
    const parsed = await parseDocument(bytesOf(csv), "csv");
    expect(parsed.text).toBe('Name | Role | Notes\nName: Ada, Role: Lead, ops, Notes: Said "go"\nName: Bob, Role: Scribe, Notes: two lines');
    expect(parseCsvRows("a;b;c\n1;2,5;3")).toEqual([
      ["a", "b", "c"],
      ["1", "2,5", "3"],
    ]);
  });

  it("html: drops scripts/styles/comments, decodes entities, h1–h3 become headings", async () => {
    const html = `<!doctype html><html><head><title>T</title><style>p{color:red}</style></head><body>
      <script>var x = "<h1>no</h1>";</script><!-- <p>hidden</p> -->
      <p>Caf&eacute; &amp; bar &lt;3 &#8212; &#x2019;quoted&rsquo; &unknown;</p>
      <h1>Plan &amp; <em>scope</em></h1><p>Line one<br>Line two</p>
      <h2>Table</h2><table><tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr></table>
      <h4>Minor</h4><p>still under Table</p><ul><li>one</li><li>two</li></ul></body></html>`;
    const parsed = await parseDocument(bytesOf(html), "html");
    expect(parsed.sections).toEqual([
      { heading: null, text: "Café & bar <3 — ’quoted’ &unknown;" },
      { heading: "Plan & scope", path: ["Plan & scope"], text: "Line one\nLine two" },
      { heading: "Table", path: ["Plan & scope", "Table"], text: "A | B\n1 | 2\n\nMinor\n\nstill under Table\n\none\ntwo" },
    ]);
    expect(parsed.text).not.toMatch(/color|var x|hidden|<\/?[a-z]|&amp;/);
  });

  it("docx: paragraphs in order, Heading1..3 styles become headings, entities and tabs decoded", async () => {
    const docx = makeDocx([
      [null, "Preface text"],
      ["Heading1", "Objectives"],
      [null, "Test the <plan> & roles"],
      [null, "Col A\tCol B"],
      ["Heading3", "Detail"],
      ["Normal", "More"],
    ]);
    const parsed = await parseDocument(docx, "docx");
    expect(parsed.sections).toEqual([
      { heading: null, text: "Preface text" },
      { heading: "Objectives", path: ["Objectives"], text: "Test the <plan> & roles\nCol A\tCol B" },
      { heading: "Detail", path: ["Objectives", "Detail"], text: "More" },
    ]);
  });

  it("docx: Title and outline levels are headings; empty runs, deletions and non-breaking hyphens read right", async () => {
    const docx = docxFromBody(
      `<w:p><w:pPr><w:pStyle w:val="Title"/></w:pPr><w:r><w:t>After-action report</w:t></w:r></w:p>` +
        `<w:p><w:r><w:t/></w:r><w:r><w:t>Well</w:t></w:r><w:r><w:noBreakHyphen/></w:r><w:r><w:t>known</w:t></w:r>` +
        `<w:del><w:r><w:delText>removed</w:delText></w:r></w:del><w:r><w:t xml:space="preserve"> gap</w:t></w:r></w:p>` +
        `<w:p><w:pPr><w:outlineLvl w:val="1"/></w:pPr><w:r><w:t>Findings</w:t></w:r></w:p><w:p/>` +
        `<w:tbl><w:tr><w:tc><w:p><w:r><w:t>Cell &amp; text</w:t></w:r></w:p></w:tc></w:tr></w:tbl>`,
    );
    expect((await parseDocument(docx, "docx")).sections).toEqual([
      { heading: "After-action report", path: ["After-action report"], text: "Well-known gap" },
      { heading: "Findings", path: ["After-action report", "Findings"], text: "Cell & text" },
    ]);
  });

  it("pdf: text per page with page numbers", async () => {
    const pdf = await makePdf([["Tabletop exercise plan", "Ransomware scenario"], [], ["Page three text"]]);
    const parsed = await parseDocument(pdf, "pdf");
    expect(parsed.sections.map((s) => s.page)).toEqual([1, 3]);
    expect(parsed.sections[0]!.text).toMatch(/Tabletop exercise plan\s+Ransomware scenario/);
    expect(parsed.sections[1]).toMatchObject({ heading: null, text: "Page three text", page: 3 });
  });

  it("corrupt or empty files fail with a ParseError a planner can act on", async () => {
    expect((await parseFailure(new ArrayBuffer(0), "txt")).message).toMatch(/empty/);
    expect((await parseFailure(bytesOf("   \n\n "), "md")).message).toMatch(/empty/);
    expect((await parseFailure(bytesOf("%PDF-1.7\ngarbage that is not a pdf"), "pdf")).message).toMatch(/could not be read.*upload/i);
    expect((await parseFailure(await makePdf([[]]), "pdf")).message).toMatch(/no selectable text/);
    expect((await parseFailure(bytesOf("PK\u0003\u0004 not really a zip"), "docx")).message).toMatch(/Word document/);
    expect((await parseFailure(makeDocx([]), "docx")).message).toMatch(/no text/);
    expect((await parseFailure(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]).buffer, "txt")).message).toMatch(/readable text/);
    expect((await parseFailure(bytesOf("<html><script>x()</script></html>"), "html")).message).toMatch(/no readable/);
    expect((await parseFailure(bytesOf("x"), "pptx")).message).toMatch(/could not be opened as a PowerPoint presentation/);
    expect((await parseFailure(bytesOf("x"), "zip")).message).toMatch(/not accepted/);
  });
});

describe("status helpers", () => {
  it("detectType: the extension wins, MIME decides without one, unsupported is null", () => {
    expect(detectType("Plan.PDF", "application/octet-stream")).toBe("pdf");
    expect(detectType("notes.markdown", null)).toBe("md");
    expect(detectType("page.htm", "text/html")).toBe("html");
    expect(detectType("upload", "text/csv; charset=utf-8")).toBe("csv");
    expect(detectType("seeded", "md")).toBe("md");
    expect(detectType("image.png", "image/png")).toBe("png");
    expect(detectType("photo.JPG", null)).toBe("jpeg");
    expect(detectType("scan.tif", null)).toBe("tiff");
    expect(detectType("archive.zip", "application/zip")).toBeNull();
    expect(detectType("noext", null)).toBeNull();
  });

  it("readIngestStatus: a row never queued reads queued/0, an invalid ingest key is ignored", () => {
    expect(readIngestStatus({ processed: false, structuredContent: null })).toMatchObject({ status: "queued", progress: 0 });
    expect(hasIngestStatus(null)).toBe(false);
    expect(hasIngestStatus({ ingest: { status: "bogus" } })).toBe(false);
    const ingest = { status: "ready", progress: 100, chunkCount: 3, updatedAt: "2026-01-01T00:00:00.000Z" };
    expect(readIngestStatus({ processed: true, structuredContent: { ingest, outline: [] } })).toEqual(ingest);
    expect(hasIngestStatus({ ingest })).toBe(true);
  });
});
