import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DOCUMENT_TYPES, detectType } from "../../shared/documents/file-types";
import { NO_TEXT_IN_IMAGE, parseDocument } from "../../worker/documents/parse";
import { decompressRtf } from "../../worker/documents/parse/msg";
import { contentMatchesType } from "../../worker/documents/sniff";
import { atom, biff, cell, compoundFile, container, f64, latin1, pptText, presentation, u16, u32, utf16, workbookStream, xlString } from "./legacy-fixtures";

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
      [
        "bmp",
        "csv",
        "doc",
        "docx",
        "eml",
        "epub",
        "heic",
        "html",
        "jpeg",
        "png",
        "md",
        "msg",
        "odt",
        "org",
        "p7s",
        "pdf",
        "ppt",
        "pptx",
        "rst",
        "rtf",
        "tiff",
        "txt",
        "tsv",
        "xls",
        "xlsx",
        "xml",
      ].sort(),
    );
    for (const name of [
      "annex-k.docx",
      "annex-k.doc",
      "annex-k.odt",
      "annex-k.epub",
      "annex-k.rtf",
      "annex-k.rst",
      "annex-k.org",
      "annex-k.html",
      "annex-k.pptx",
      "annex-k.ppt",
      "shelters.xlsx",
      "shelters.xls",
      "routes.xls",
      "eoc-activation.msg",
      "shelter-update.msg",
      "shelters.csv",
      "contacts.tsv",
      "resources.xml",
      "eoc-activation.eml",
      "signed-order.p7s",
      "detached.p7s",
      "sign.png",
      "sign.jpeg",
      "sign.tiff",
      "sign.bmp",
      "sign.heic",
    ]) {
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

  it("xls (Excel 97–2003, LibreOffice): the same sheet and rows as the xlsx of the same file", async () => {
    const [xls, xlsx] = [await parse("shelters.xls"), await parse("shelters.xlsx")];
    expect(xls.sections).toEqual(xlsx.sections);
    expect(xls.text).toContain("Shelter: Lincoln High School, Capacity: 450, Generator: Yes, Contact: Dana Ortiz, Facilities");
  });

  it("xls: shared strings split across CONTINUE records (UTF-16 after the option byte), booleans, a SUM's cached result", async () => {
    const { sections } = await parse("routes.xls");
    expect(sections.map((s) => s.heading)).toEqual(["routes"]);
    // routes.xls is LibreOffice's save of routes.csv; its last row totals the capacities with =SUM.
    const csv = (await parse("routes.csv")).text.split("\n");
    expect(sections[0]!.text.split("\n")).toEqual([...csv.slice(0, -1), "Shelter: Total, Capacity: 22680"]);
    expect(sections[0]!.text).toContain("Shelter: Shelter 41, Capacity: 287, Open: TRUE, Note: Évacuation route 41 — via the north bridge");
  });

  it("xls records Excel writes and LibreOffice does not: LABEL, MULRK, NUMBER, cached strings (STRING, continued), errors", async () => {
    // The shared string table's second string starts 8-bit and goes on, after the CONTINUE's own
    // option byte, in UTF-16: read byte by byte it would be garbage.
    const sst = [
      biff(0x00fc, [...u32(2), ...u32(2), ...xlString("Lincoln High"), ...u16("Évacuation ✓ route".length), 0, ...latin1("Évacu")]),
      biff(0x003c, [1, ...utf16("ation ✓ route")]),
    ];
    const header = ["Shelter", "Route", "Open", "Beds", "Ratio", "Status", "Total", "Check"].map((name, i) => biff(0x0204, [...cell(0, i), ...xlString(name)]));
    const rk = (n: number, x100 = false) => u32((n << 2) | 2 | (x100 ? 1 : 0));
    const row = [
      biff(0x00fd, [...cell(1, 0), ...u32(0)]),
      biff(0x00fd, [...cell(1, 1), ...u32(1)]),
      biff(0x0205, [...cell(1, 2), 1, 0]),
      biff(0x00bd, [...u16(1), ...u16(3), ...u16(15), ...rk(450), ...u16(15), ...rk(1250, true), ...u16(4)]),
      biff(0x0006, [...cell(1, 5), 0, 0, 0, 0, 0, 0, 0xff, 0xff, ...u16(0), ...u32(0), ...u16(0)]),
      biff(0x0207, [...u16(15), 0, ...latin1("Open for")]),
      biff(0x003c, [0, ...latin1(" intake")]),
      biff(0x0006, [...cell(1, 6), ...f64(3.25), ...u16(0), ...u32(0), ...u16(0)]),
      biff(0x0006, [...cell(1, 7), 2, 0, 0x07, 0, 0, 0, 0xff, 0xff, ...u16(0), ...u32(0), ...u16(0)]),
      biff(0x0203, [...cell(2, 0), ...f64(0.1)]),
      biff(0x0204, [...cell(2, 1), ...xlString("Zone ✓", true)]),
    ];
    const file = compoundFile({ Workbook: workbookStream([{ name: "Shelters", records: [...header, ...row] }], sst) });
    const { sections } = await parseDocument(file, "xls");
    expect(sections).toEqual([
      {
        heading: "Shelters",
        text: "Shelter | Route | Open | Beds | Ratio | Status | Total | Check\nShelter: Lincoln High, Route: Évacuation ✓ route, Open: TRUE, Beds: 450, Ratio: 12.5, Status: Open for intake, Total: 3.25, Check: #DIV/0!\nShelter: 0.1, Route: Zone ✓",
      },
    ]);
  });

  it("ppt (PowerPoint 97–2003, LibreOffice): the same slides, titles and text as the pptx it was saved from", async () => {
    const [ppt, pptx] = [await parse("annex-k.ppt"), await parse("annex-k.pptx")];
    expect(ppt.sections.map((s) => s.heading)).toEqual([
      "Slide 1: Brackwater County Annex K — Mass Care",
      "Slide 2: Concept of Operations",
      "Slide 3: Responsibilities",
    ]);
    expect(ppt.sections).toEqual(pptx.sections);
    expect(ppt.text).toContain("Open the primary shelter at Lincoln High School.");
  });

  it("ppt as PowerPoint writes it: placeholder text in the slide list (titles by type), other shapes in the slide's drawing", async () => {
    const file = presentation(
      [[...pptText(0, "Evacuation routes"), ...pptText(1, "Zone A leaves by Route 9\rZone B\vby the bridge")], [...pptText(1, "A body placeholder only")]],
      [[container(0xf002, [container(0xf00d, pptText(4, "Map: see annex"))])], []],
    );
    expect((await parseDocument(file, "ppt")).sections).toEqual([
      { heading: "Slide 1: Evacuation routes", path: ["Slide 1: Evacuation routes"], text: "Zone A leaves by Route 9\nZone B\nby the bridge\nMap: see annex" },
      { heading: "Slide 2", path: ["Slide 2"], text: "A body placeholder only" },
    ]);
    // 8-bit text (TextBytesAtom) is Latin-1.
    const bytes = presentation([[atom(0x0f9f, u32(0)), atom(0x0fa8, latin1("Réunion"))]]);
    expect((await parseDocument(bytes, "ppt")).sections[0]!.heading).toBe("Slide 1: Réunion");
  });

  it("msg (Outlook, written by @tutao/oxmsg): headers with addresses, the date, the body, text attachments read, others named", async () => {
    const parsed = await parse("eoc-activation.msg");
    expect(parsed.sections[0]).toEqual({
      heading: "EOC activation — Level 2",
      text: [
        "From: Dana Ortiz <dana.ortiz@brackwater.example>",
        "To: Section Chiefs <section.chiefs@brackwater.example>",
        "Cc: Public Information Officer <pio@brackwater.example>",
        "Date: Sat, 14 Mar 2026 09:05:00 GMT",
        "Subject: EOC activation — Level 2",
        "",
        "The EOC moves to a partial activation (Level 2) at 10:00.",
        "",
        "Section chiefs report to the Operations Section by 10:30. The shelter roster is attached.",
      ].join("\n"),
    });
    // The same attachment sections as the .eml reader gives the same attachments.
    expect(parsed.sections.slice(1)).toEqual([
      { heading: "Attachment: roster.csv", text: "Position | Name\nPosition: Shelter Manager, Name: Pat Kim\nPosition: Feeding Lead, Name: Jo Reyes" },
      { heading: "Attachment: map.png", text: "(image/png, not read)" },
    ]);
  });

  it("msg with only an HTML body: its text, headings kept", async () => {
    const { sections } = await parse("shelter-update.msg");
    expect(sections).toEqual([
      {
        heading: "Shelter status update",
        text: "From: Sam Lee <sam.lee@brackwater.example>\nTo: EOC Planning <eoc@brackwater.example>\nDate: Sat, 14 Mar 2026 15:40:00 GMT\nSubject: Shelter status update\n\nRiverside Community Center\nRiverside is at 96 of 120 cots; the generator is not needed.",
      },
    ]);
  });

  it("msg compressed RTF: MS-OXRTFCP's own example decompresses to its text", () => {
    const example = Uint8Array.from(Buffer.from("2d0000002b0000004c5a4675f1c5c7a703000a007263706731323542320af32068656c090020627705b06c647d0a800fa0", "hex"));
    expect(new TextDecoder().decode(decompressRtf(example))).toBe("{\\rtf1\\ansi\\ansicpg1252\\pard hello world}\r\n");
  });

  it("msg: a body only in compressed RTF is read; an attached message reads as a forwarded one", async () => {
    const text = (s: string) => Uint8Array.from(utf16(s));
    const rtf = Uint8Array.from(Buffer.from("2d0000002b0000004c5a4675f1c5c7a703000a007263706731323542320af32068656c090020627705b06c647d0a800fa0", "hex"));
    const inner = "__attach_version1.0_#00000000/__substg1.0_3701000D";
    const file = compoundFile({
      "__properties_version1.0": new Uint8Array(32),
      "__substg1.0_0037001F": text("Fwd: shelter count"),
      "__substg1.0_10090102": rtf,
      "__attach_version1.0_#00000000/__properties_version1.0": new Uint8Array(8),
      [`${inner}/__properties_version1.0`]: new Uint8Array(24),
      [`${inner}/__substg1.0_0037001F`]: text("Shelter count"),
      [`${inner}/__substg1.0_0C1A001F`]: text("Sam Lee"),
      [`${inner}/__substg1.0_1000001F`]: text("Riverside has 96 cots in use."),
    });
    expect((await parseDocument(file, "msg")).sections).toEqual([
      { heading: "Fwd: shelter count", text: "Subject: Fwd: shelter count\n\nhello world" },
      { heading: "Forwarded message: Shelter count", text: "From: Sam Lee\nSubject: Shelter count\n\nRiverside has 96 cots in use." },
    ]);
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

  it("images without OCR fail with what to do instead", async () => {
    for (const name of ["sign.png", "sign.jpeg", "sign.tiff", "sign.bmp", "sign.heic"]) await expect(parse(name)).rejects.toThrow(NO_TEXT_IN_IMAGE);
  });
});

describe("spreadsheet bounds", () => {
  it("a sheet whose rows each have one cell at the last column does not materialise the gap", async () => {
    const { zipSync, strToU8 } = await import("fflate");
    const rows = Array.from(
      { length: 20_000 },
      (_, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="inlineStr"><is><t>r${i}</t></is></c><c r="XFD${i + 1}"><v>1</v></c></row>`,
    ).join("");
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
