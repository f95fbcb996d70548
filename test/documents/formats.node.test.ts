import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DOCUMENT_TYPES, detectType } from "../../worker/documents/file-types";
import { NO_TEXT_IN_IMAGE, parseDocument } from "../../worker/documents/parse";
import { contentMatchesType } from "../../worker/documents/sniff";

// Issue 11: every spec §5 type, read from files made by the tools planners' files come from
// (test/documents/fixtures/README.md says which tool made which file).

const FIXTURES = path.join(import.meta.dirname, "fixtures");
const fixture = (name: string) => {
  const buffer = readFileSync(path.join(FIXTURES, name));
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
};
const parse = (name: string) => parseDocument(fixture(name), detectType(name, null)!);

/** The same plan (fixtures/source.md) through each writer: what every reader must find. */
const ANNEX_K = ["activates mass care when more than 200 residents are displaced", "Lincoln High School"];

describe("every accepted file type, from real files", () => {
  it("the type table is the spec's 26 extensions, and each fixture's bytes pass its content check", () => {
    expect(DOCUMENT_TYPES.map((t) => t.extension).sort()).toEqual(
      ["bmp", "csv", "doc", "docx", "eml", "epub", "heic", "html", "jpeg", "png", "md", "msg", "odt", "org", "p7s", "pdf", "ppt", "pptx", "rst", "rtf", "tiff", "txt", "tsv", "xls", "xlsx", "xml"].sort(),
    );
    for (const name of ["annex-k.docx", "annex-k.doc", "annex-k.odt", "annex-k.epub", "annex-k.rtf", "annex-k.rst", "annex-k.org", "annex-k.html", "annex-k.pptx", "shelters.xlsx", "shelters.xls", "shelters.csv", "contacts.tsv", "resources.xml", "eoc-activation.eml", "signed-order.p7s", "detached.p7s", "sign.png", "sign.jpeg", "sign.tiff", "sign.bmp", "sign.heic"]) {
      const bytes = new Uint8Array(fixture(name));
      expect(contentMatchesType(detectType(name, null)!, bytes.subarray(0, 65536), bytes.subarray(-65536)), name).toBe(true);
    }
  });

  for (const name of ["annex-k.docx", "annex-k.odt", "annex-k.epub", "annex-k.rtf", "annex-k.rst", "annex-k.org", "annex-k.html"]) {
    it(`${name}: the plan's text, with its headings as sections`, async () => {
      const parsed = await parse(name);
      for (const phrase of ANNEX_K) expect(parsed.text.replace(/\s+/g, " ")).toContain(phrase);
      if (!name.endsWith(".rtf")) expect(parsed.sections.map((s) => s.heading)).toEqual(expect.arrayContaining(["Concept of Operations", "Responsibilities"]));
    });
  }

  it("doc (Word 97–2003, LibreOffice): the plan's text through the piece table, table cells apart", async () => {
    const { text } = await parse("annex-k.doc");
    for (const phrase of ANNEX_K) expect(text.replace(/\s+/g, " ")).toContain(phrase);
    expect(text).toContain("Concept of Operations");
    expect(text).toMatch(/Lincoln High School \| 450 \| Yes/);
  });

  it("odt: list items and table rows keep their structure (rows with header names)", async () => {
    const { text } = await parse("annex-k.odt");
    expect(text).toContain("- Open the primary shelter at Lincoln High School.");
    expect(text).toContain("Shelter: Lincoln High School, Capacity: 450, Generator: Yes");
  });

  it("pptx: one section per slide, headed by the slide title", async () => {
    const parsed = await parse("annex-k.pptx");
    expect(parsed.sections.map((s) => s.heading)).toEqual(expect.arrayContaining(["Slide 2: Concept of Operations"]));
    expect(parsed.text).toContain("Open the primary shelter at Lincoln High School.");
  });

  it("xlsx, csv and tsv: each row reads with its header names", async () => {
    const xlsx = await parse("shelters.xlsx");
    expect(xlsx.sections[0]!.heading).toBe("shelters");
    expect(xlsx.text).toContain("Shelter: Lincoln High School, Capacity: 450, Generator: Yes, Contact: Dana Ortiz, Facilities");
    expect((await parse("shelters.csv")).text).toContain("Shelter: Riverside Community Center, Capacity: 120, Generator: No, Contact: Sam Lee");
    expect((await parse("contacts.tsv")).text).toContain("Agency: Red Cross, Role: Mass care, Phone: 555-0142");
  });

  it("xml: each element's text on its own line", async () => {
    const { text } = await parse("resources.xml");
    expect(text.split("\n")).toEqual(expect.arrayContaining(["Generator trailer", "3", "Public Works yard", "Cots", "600"]));
  });

  it("eml: headers (encoded words decoded), the plain body (soft breaks joined), text attachments read, others named", async () => {
    const parsed = await parse("eoc-activation.eml");
    expect(parsed.sections[0]!.heading).toBe("EOC activation — Level 2");
    expect(parsed.text).toContain("From: Dana Ortiz <dana.ortiz@brackwater.example>");
    expect(parsed.text).toContain("Section chiefs report to the Operations Section by 10:30.");
    // The HTML alternative is the same content: read once.
    expect(parsed.text.match(/partial activation/g)).toHaveLength(1);
    expect(parsed.sections).toEqual(
      expect.arrayContaining([
        { heading: "Attachment: roster.csv", text: "Position | Name\nPosition: Shelter Manager, Name: Pat Kim\nPosition: Feeding Lead, Name: Jo Reyes" },
        { heading: "Attachment: map.png", text: "(image/png, not read)" },
      ]),
    );
  });

  it("p7s: the signed message's text; a detached signature says what to upload instead", async () => {
    expect((await parse("signed-order.p7s")).text).toContain("Signed order: evacuate Zone A by 14:00.");
    await expect(parse("detached.p7s")).rejects.toThrow(/detached signature/);
  });

  it("images without OCR, and old binary Office files, fail with what to do instead", async () => {
    for (const name of ["sign.png", "sign.jpeg", "sign.tiff", "sign.bmp", "sign.heic"]) await expect(parse(name)).rejects.toThrow(NO_TEXT_IN_IMAGE);
    await expect(parse("shelters.xls")).rejects.toThrow(/save it as \.xlsx/);
  });
});

describe("spreadsheet bounds", () => {
  it("a sheet whose rows each have one cell at the last column does not materialise the gap", async () => {
    const { zipSync, strToU8 } = await import("fflate");
    const rows = Array.from({ length: 20_000 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="inlineStr"><is><t>r${i}</t></is></c><c r="XFD${i + 1}"><v>1</v></c></row>`).join("");
    const zip = zipSync({
      "xl/workbook.xml": strToU8('<workbook><sheets><sheet name="Big" sheetId="1" r:id="rId1"/></sheets></workbook>'),
      "xl/_rels/workbook.xml.rels": strToU8('<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>'),
      "xl/worksheets/sheet1.xml": strToU8(`<worksheet><sheetData>${rows}</sheetData></worksheet>`),
    });
    const parsed = await parseDocument(zip.buffer.slice(zip.byteOffset, zip.byteOffset + zip.byteLength) as ArrayBuffer, "xlsx");
    expect(parsed.sections[0]!.heading).toBe("Big");
    expect(parsed.sections[0]!.text.split("\n")).toHaveLength(20_000);
    expect(parsed.text).not.toContain("XFD");
  });
});

describe("compound file bounds (old Office, Outlook)", () => {
  it("a sector chain that loops back on itself fails with the planner's message instead of spinning", async () => {
    const file = new Uint8Array(512 * 3);
    const view = new DataView(file.buffer);
    file.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    view.setUint16(26, 3, true); // major version 3
    view.setUint16(28, 0xfffe, true);
    view.setUint16(30, 9, true); // 512-byte sectors
    view.setUint16(32, 6, true); // 64-byte mini sectors
    view.setUint32(44, 1, true); // one FAT sector
    view.setUint32(48, 0, true); // directory starts at sector 0
    view.setUint32(56, 4096, true);
    view.setUint32(60, 0xfffffffe, true);
    view.setUint32(68, 0xfffffffe, true);
    for (let i = 0; i < 109; i++) view.setUint32(76 + i * 4, 0xffffffff, true);
    view.setUint32(76, 1, true); // the FAT is sector 1
    // FAT: sector 0 → sector 0 (a cycle), sector 1 is the FAT itself.
    view.setUint32(1024, 0, true);
    view.setUint32(1028, 0xfffffffd, true);
    // A loop would hang here until the test's timeout: the chain is cut at the file's sector count.
    await expect(parseDocument(file.buffer, "doc")).rejects.toThrow(/could not be opened as a Word 97–2003 document/);
  });
});
