import fc from "fast-check";
import { inflateSync, strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { parseDocument, ParseError, type ParsedDocument } from "../../worker/documents/parse";
import { DOCX_LIMITS } from "../../worker/documents/parse/docx";
import { ListNumbering } from "../../worker/documents/parse/docx-numbering";
import { tidyWhitespace } from "../../worker/documents/parse/whitespace";
import { INFLATE_SLACK, MAX_DEFLATE_RATIO, ZipLimitError } from "../../worker/documents/parse/zip";
import { decompressRtf } from "../../worker/documents/parse/msg";
import { bytesOf, docxFromBody, makeDocx } from "../documents/ingest-fixtures";
import {
  atom,
  biff,
  bof,
  cell,
  compoundFile,
  container,
  latin1,
  pptText,
  presentation,
  u16,
  u32,
  eof,
  workbookStream,
  xlString,
} from "../documents/legacy-fixtures";

/**
 * Untrusted uploads that would run on the ingest consumer's CPU and memory: zip bombs dressed as
 * .docx, and HTML that made the old regex-based scan quadratic. These tests check results only,
 * never elapsed time; `npm run bench` (bench/parse.ts) prints the timings.
 */

const MB = 1024 * 1024;

async function parseFailure(bytes: ArrayBuffer, type: string): Promise<ParseError> {
  try {
    await parseDocument(bytes, type);
  } catch (error) {
    expect(error).toBeInstanceOf(ParseError);
    return error as ParseError;
  }
  throw new Error(`expected ${type} to fail to parse`);
}

const html = async (text: string): Promise<ParsedDocument> => parseDocument(bytesOf(text), "html");

// ---------------------------------------------------------------------------------------------
// Zip files built by hand, so the central directory can say what a real writer never would.

type CraftedEntry = {
  name: string;
  /** The bytes stored in the archive (already deflated when method is 8). */
  data: Uint8Array;
  method: 0 | 8;
  /** The uncompressed size the central directory declares (a lie, for a bomb). */
  declaredSize: number;
};

/**
 * A zip whose central directory declares `declaredSize` for each entry, whatever its data really
 * holds. Sizes above 4 GiB - 1 are written as ZIP64 extended information. CRCs are left at 0: a
 * reader that stops at a limit never gets as far as checking them.
 */
function craftZip(entries: CraftedEntry[]): ArrayBuffer {
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = strToU8(entry.name);
    const local = new Uint8Array(30 + name.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    lv.setUint16(8, entry.method, true);
    lv.setUint32(18, entry.data.length, true);
    lv.setUint32(22, Math.min(entry.declaredSize, 0xffffffff), true);
    lv.setUint16(26, name.length, true);
    local.set(name, 30);
    locals.push(local, entry.data);

    const zip64 = entry.declaredSize >= 0xffffffff;
    const extra = zip64 ? 12 : 0;
    const central = new Uint8Array(46 + name.length + extra);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 45, true);
    cv.setUint16(6, zip64 ? 45 : 20, true);
    cv.setUint16(10, entry.method, true);
    cv.setUint32(20, entry.data.length, true);
    cv.setUint32(24, zip64 ? 0xffffffff : entry.declaredSize, true);
    cv.setUint16(28, name.length, true);
    cv.setUint16(30, extra, true);
    cv.setUint32(42, offset, true);
    central.set(name, 46);
    if (zip64) {
      cv.setUint16(46 + name.length, 0x0001, true);
      cv.setUint16(48 + name.length, 8, true);
      cv.setUint32(50 + name.length, entry.declaredSize % 2 ** 32, true);
      cv.setUint32(54 + name.length, Math.floor(entry.declaredSize / 2 ** 32), true);
    }
    centrals.push(central);
    offset += local.length + entry.data.length;
  }
  const directorySize = centrals.reduce((n, c) => n + c.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, directorySize, true);
  ev.setUint32(16, offset, true);
  const parts = [...locals, ...centrals, end];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out.buffer;
}

/**
 * A raw deflate stream of `size` zero bytes, written directly as one fixed-Huffman block: a literal
 * 0, then (length 258, distance 1) copies, 13 bits each. 300 MB of zeros is a 1.9 MB stream, built
 * in one pass without ever holding the zeros: this is how the tests never allocate the sizes they
 * attack with.
 */
function deflatedZeros(size: number): Uint8Array {
  const copies = Math.floor((size - 1) / 258);
  const tail = size - 1 - copies * 258; // < 258 more zeros as literals
  const out = new Uint8Array(Math.ceil((3 + 8 + copies * 13 + tail * 8 + 7) / 8) + 1);
  let bit = 0;
  const put = (value: number, length: number) => {
    for (let i = 0; i < length; i++, bit++) if ((value >> i) & 1) out[bit >> 3]! |= 1 << (bit & 7);
  };
  // Huffman codes are stored most significant bit first.
  const code = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--, bit++) if ((value >> i) & 1) out[bit >> 3]! |= 1 << (bit & 7);
  };
  put(1, 1); // BFINAL
  put(1, 2); // BTYPE 01: fixed Huffman
  code(0x30, 8); // literal 0
  for (let i = 0; i < copies; i++) {
    code(0xc5, 8); // length symbol 285: 258 bytes
    code(0, 5); // distance symbol 0: distance 1
  }
  for (let i = 0; i < tail; i++) code(0x30, 8);
  code(0, 7); // end of block
  return out.subarray(0, Math.ceil(bit / 8));
}

const DOCUMENT_XML = strToU8(
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Bomb shelter</w:t></w:r></w:p></w:body></w:document>`,
);
const CONTENT_TYPES = strToU8(`<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>`);

/** An honest entry: stored as is, declared at its real size. */
const stored = (name: string, data: Uint8Array): CraftedEntry => ({ name, data, method: 0, declaredSize: data.length });

/** The error a refused docx carries as its cause: which limit, and how much had been inflated. */
function limitCause(error: ParseError): ZipLimitError {
  expect(error.cause).toBeInstanceOf(ZipLimitError);
  return error.cause as ZipLimitError;
}

describe("docx: zip bombs are refused from the central directory or while inflating", () => {
  it("the crafted pieces are what they claim: the zero stream inflates exactly, the honest zip parses", async () => {
    const zeros = inflateSync(deflatedZeros(MB));
    expect(zeros.length).toBe(MB);
    expect(zeros.every((b) => b === 0)).toBe(true);
    expect(inflateSync(deflatedZeros(1000)).length).toBe(1000);
    const honest = craftZip([stored("[Content_Types].xml", CONTENT_TYPES), stored("word/document.xml", DOCUMENT_XML)]);
    expect((await parseDocument(honest, "docx")).text).toBe("Bomb shelter");
    const deflated = craftZip([{ name: "word/document.xml", data: zipEntryData(DOCUMENT_XML), method: 8, declaredSize: DOCUMENT_XML.length }]);
    expect((await parseDocument(deflated, "docx")).text).toBe("Bomb shelter");
  });

  it("parts declaring more than 200 MB in total: refused before anything is inflated", async () => {
    // A 3 GB "image" next to a harmless document: never read, but the file says it expands to 3 GB.
    const bomb = craftZip([
      stored("[Content_Types].xml", CONTENT_TYPES),
      stored("word/document.xml", DOCUMENT_XML),
      { name: "word/media/image1.png", data: deflatedZeros(64 * 1024), method: 8, declaredSize: 3_000_000_000 },
    ]);
    expect(bomb.byteLength).toBeLessThan(20_000);
    const error = await parseFailure(bomb, "docx");
    expect(error.message).toBe(
      "This Word file expands to more than 200 MB when opened, which is more than Readyroom can index. Split it or save it without embedded media.",
    );
    expect(limitCause(error)).toMatchObject({ kind: "total", limit: 200 * MB, inflated: 0 });

    // Five 45 MB parts (not read, so not held to the per-part cap): the sum is what is refused.
    const spread = craftZip([
      stored("word/document.xml", DOCUMENT_XML),
      ...Array.from({ length: 5 }, (_, i) => ({ name: `word/media/part${i}.bin`, data: deflatedZeros(1000), method: 8 as const, declaredSize: 45 * MB })),
    ]);
    expect(limitCause(await parseFailure(spread, "docx"))).toMatchObject({ kind: "total", inflated: 0 });

    // A ZIP64 size of 1 TiB reads as 1 TiB, not as its low 32 bits (0).
    const zip64 = craftZip([{ name: "word/document.xml", data: deflatedZeros(1000), method: 8, declaredSize: 2 ** 40 }]);
    expect(limitCause(await parseFailure(zip64, "docx"))).toMatchObject({ kind: "total", inflated: 0 });
  });

  it("word/document.xml declaring more than 32 MB: refused before it is inflated", async () => {
    const bomb = craftZip([{ name: "word/document.xml", data: deflatedZeros(40 * MB), method: 8, declaredSize: 40 * MB }]);
    const error = await parseFailure(bomb, "docx");
    expect(error.message).toBe(
      "The text of this Word file expands to more than 32 MB when opened, which is more than Readyroom can index. Split it into smaller documents and upload them separately.",
    );
    expect(limitCause(error)).toMatchObject({ kind: "entry", limit: DOCX_LIMITS.maxEntrySize, inflated: 0 });
  });

  it("an entry inflating past its declared size: stopped within a few MB of that size, memory bounded", async () => {
    // Declares 1 MB; the stream holds 300 MB of zeros (a 1.9 MB upload).
    const declared = MB;
    const data = deflatedZeros(300 * MB);
    const bomb = craftZip([stored("[Content_Types].xml", CONTENT_TYPES), { name: "word/document.xml", data, method: 8, declaredSize: declared }]);
    const before = process.memoryUsage().arrayBuffers;
    const error = await parseFailure(bomb, "docx");
    const grown = process.memoryUsage().arrayBuffers - before;
    expect(error.message).toBe("This Word file is damaged: its contents are larger than the file says. Open it in Word, save it again as .docx and upload it.");
    const cause = limitCause(error);
    expect(cause.kind).toBe("overflow");
    // The reader feeds the inflater slices that cannot expand past the declared size by more than
    // INFLATE_SLACK (deflate's maximum ratio × slice size; + a few carried-over bytes' worth).
    expect(cause.inflated).toBeGreaterThan(declared);
    expect(cause.inflated).toBeLessThanOrEqual(declared + INFLATE_SLACK + MAX_DEFLATE_RATIO * 16);
    // Everything the parser allocated (garbage included, whether or not it was collected yet) is
    // a few MB; holding the 300 MB it was offered would show here.
    expect(grown).toBeLessThan(64 * MB);
  });

  it("more than 10,000 parts: refused from the directory", async () => {
    const many = craftZip([
      stored("word/document.xml", DOCUMENT_XML),
      ...Array.from({ length: DOCX_LIMITS.maxEntries }, (_, i) => stored(`customXml/item${i}.xml`, new Uint8Array(0))),
    ]);
    const error = await parseFailure(many, "docx");
    expect(error.message).toBe(
      "This Word file is made of more than 10,000 parts, which is more than Readyroom can open. Save it again as .docx (Word 2007 or later) and upload it.",
    );
    expect(limitCause(error)).toMatchObject({ kind: "entries", inflated: 0 });
  });

  it("real .docx files still parse: deflated, stored, with many parts; corrupt ones still say so", async () => {
    const docx = makeDocx([
      ["Heading1", "Objectives"],
      [null, "Test the plan"],
    ]);
    expect((await parseDocument(docx, "docx")).sections).toEqual([{ heading: "Objectives", path: ["Objectives"], text: "Test the plan" }]);

    const body = `<w:p><w:r><w:t>Shelter list</w:t></w:r></w:p>`;
    const xml = `<w:document xmlns:w="w"><w:body>${body}</w:body></w:document>`;
    const uncompressed = zipSync({ "word/document.xml": strToU8(xml) }, { level: 0 });
    expect((await parseDocument(uncompressed.slice().buffer, "docx")).text).toBe("Shelter list");

    const parts: Record<string, Uint8Array> = { "word/document.xml": strToU8(xml) };
    for (let i = 0; i < 2000; i++) parts[`word/media/image${i}.png`] = new Uint8Array(256).fill(i % 251);
    expect((await parseDocument(zipSync(parts).slice().buffer, "docx")).text).toBe("Shelter list");

    const truncated = docxFromBody(body).slice(0, 60);
    expect((await parseFailure(truncated, "docx")).message).toMatch(/could not be opened as a Word document/);
    const noDocument = craftZip([stored("[Content_Types].xml", CONTENT_TYPES)]);
    expect((await parseFailure(noDocument, "docx")).message).toMatch(/could not be opened as a Word document/);
  });

  it("document.xml full of unclosed paragraphs or tags without > parses (the XML scan is linear)", async () => {
    const intro = `<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>Shelters</w:t></w:r></w:p><w:p><w:r><w:t>Open.</w:t></w:r></w:p>`;
    const sections = [{ heading: "Shelters", path: ["Shelters"], text: "Open." }];
    const bodies = [
      "<w:p>".repeat(MB), // 5 MB of paragraphs that never end
      `<w:p>${"<w:t ".repeat(MB)}</w:p>`, // runs whose tag never ends
      `<w:p><w:pPr>${"<w:pStyle ".repeat(MB / 2)}</w:pPr></w:p>`, // a style tag that never ends
      `<w:p>${"<w:pPr>".repeat(MB)}</w:p>`, // properties that never end
    ];
    for (const body of bodies) {
      const parsed = await parseDocument(docxFromBody(intro + body), "docx");
      expect(parsed.text.length).toBe("Shelters\nOpen.".length);
      expect(parsed.sections).toEqual(sections);
    }
    // Unclosed <w:body> tags: the body is the whole file, read once.
    const bodyless = zipSync({ "word/document.xml": strToU8(`<w:document>${intro}${"<w:body>".repeat(MB / 2)}</w:document>`) });
    expect((await parseDocument(bodyless.slice().buffer, "docx")).sections).toEqual(sections);
  });

  it("a paragraph with 5 MB of spaces parses (whitespace tidying is linear)", async () => {
    const docx = docxFromBody(`<w:p><w:r><w:t xml:space="preserve">Before${" ".repeat(5 * MB)}after</w:t></w:r></w:p>`);
    const text = (await parseDocument(docx, "docx")).text;
    expect(text.startsWith("Before ")).toBe(true);
    expect(text.endsWith(" after")).toBe(true);
    expect(text.length).toBe(5 * MB + 11);
  });
});

/** The deflate data fflate writes for `data` (the payload of a one-entry zip). */
function zipEntryData(data: Uint8Array): Uint8Array {
  const zip = zipSync({ x: data });
  const view = new DataView(zip.buffer, zip.byteOffset);
  const start = 30 + view.getUint16(26, true) + view.getUint16(28, true);
  return zip.subarray(start, start + view.getUint32(18, true));
}

// ---------------------------------------------------------------------------------------------

describe("html: a single linear scan, whatever is left unclosed", () => {
  const INTRO = "<html><body><h1>Shelters</h1><p>Open during the storm.</p>";
  const PARA = "<p>Evacuation routes &amp; shelters are listed below.</p>\n";
  const FIVE_MB = 5 * MB;
  /** Only the intro was indexed (its length first: a failing toEqual on megabytes would be slow to diff). */
  const expectIntro = (parsed: ParsedDocument) => {
    expect(parsed.text.length).toBe("Shelters\nOpen during the storm.".length);
    expect(parsed.sections).toEqual([{ heading: "Shelters", path: ["Shelters"], text: "Open during the storm." }]);
  };

  it("an unclosed <!-- runs to the end of the file, as in a browser", async () => {
    expectIntro(await html(INTRO + "<!--" + PARA.repeat(FIVE_MB / PARA.length)));
    // Many unclosed comments (each one made the old lazy regex scan to the end again).
    expectIntro(await html(INTRO + "<!--x".repeat(FIVE_MB / 5)));
  });

  it("an unclosed <script> or <style> runs to the end; a <script without > is text", async () => {
    expectIntro(await html(INTRO + "<script>" + PARA.repeat(FIVE_MB / PARA.length)));
    expectIntro(await html(INTRO + "<script>".repeat(FIVE_MB / 8)));
    expectIntro(await html(INTRO + "<STYLE type=x>" + "a{}".repeat(FIVE_MB / 3)));
    const noBracket = (await html(INTRO + "<script " + "word ".repeat(FIVE_MB / 5))).sections;
    expect(noBracket).toHaveLength(1);
    expect(noBracket[0]!.text.startsWith("Open during the storm.\n\n<script word word")).toBe(true);
    expect(noBracket[0]!.text.length).toBe("Open during the storm.\n\n<script".length + FIVE_MB);
  });

  it("an unclosed <head>, <template> or <svg> loses only its tag (</head> is optional)", async () => {
    const parsed = await html(`<html><head><title>Plan</title><body><p>Kept</p><template><p>Also kept</p>`);
    expect(parsed.text).toBe("Plan\n\nKept\n\nAlso kept");
  });

  it("tags without > , <![CDATA[ and <! without an end: text, scanned once", async () => {
    const tags = (await html(INTRO + "<a ".repeat(FIVE_MB / 3))).sections[0]!.text;
    expect(tags.startsWith("Open during the storm.\n\n<a <a <a ")).toBe(true);
    expect(tags.endsWith("<a")).toBe(true);
    const cdata = (await html(INTRO + "<![CDATA[x".repeat(FIVE_MB / 10))).sections[0]!.text;
    expect(cdata.split("<![CDATA[x").length - 1).toBe(FIVE_MB / 10);
    const bang = (await html(INTRO + "<!x".repeat(1_000_000))).sections[0]!.text;
    expect(bang.split("<!x").length - 1).toBe(1_000_000);
  });

  it("100k nested tags, 1M table cells in a row, 1M &nbsp; in a row", async () => {
    const nested = 100_000;
    expect((await html("<div><span><b>".repeat(nested) + "deep" + "</b></span></div>".repeat(nested))).sections).toEqual([{ heading: null, text: "deep" }]);
    const cells = (await html(`<table><tr><td>Zone A${"</td>".repeat(1_000_000)}end</tr></table>`)).text;
    // A cell closes once: the stray </td> after it close nothing (as in a browser).
    expect(cells).toBe("Zone A | end");
    const open = (await html(`<table><tr>${"<td>a".repeat(1_000_000)}</tr></table>`)).text;
    expect(open.split("|").length - 1).toBe(1_000_000 - 1); // unclosed cells close at the next one
    expect(open.startsWith("a | a | ")).toBe(true);
    // &nbsp; decodes to a plain space, so this is a 1M-space run inside a line.
    const nbsp = (await html(`<p>Zone${"&nbsp;".repeat(1_000_000)}B</p>`)).text;
    expect(nbsp.length).toBe(1_000_005);
    expect(nbsp === `Zone${" ".repeat(1_000_000)}B`).toBe(true);
  });

  // The regex form the parsers used before (quadratic on long runs of spaces), kept as the oracle.
  const regexReference = (text: string) =>
    text
      .replace(/\r\n?/g, "\n")
      .replace(/[ \t\f\v\u00a0]+\n/g, "\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim();

  it("tidyWhitespace agrees with the old regex normalisation, in linear time", () => {
    const piece = fc.constantFrom(" ", "\t", "\u00a0", "\f", "\v", "\n", "\r", "\r\n", "a", "b c", "\u2028", "|");
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (parts) => {
        const text = parts.join("");
        expect(tidyWhitespace(text)).toBe(regexReference(text));
      }),
      { numRuns: 2000 },
    );
    // (compared as a boolean: a failing toBe would diff two 5 MB strings)
    expect(tidyWhitespace(`a${" ".repeat(5 * MB)}b \n\n\n\nc `) === `a${" ".repeat(5 * MB)}b\n\nc`).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// Old Office and Outlook files: compound files whose structures point past their ends, loop, or
// declare counts no real file has.

describe("xls, ppt, msg: hostile compound files fail fast with the planner's message", () => {
  const NOT_XLS = /could not be opened as an Excel 97–2003 workbook/;
  const NOT_PPT = /could not be opened as a PowerPoint 97–2003 presentation/;
  const NOT_MSG = /could not be opened as an Outlook message/;
  const sheet = (records: Uint8Array[]) => workbookStream([{ name: "Sheet1", records }]);

  it("a sector chain looping back on itself, in each format's main stream", async () => {
    const label = biff(0x0204, [...cell(0, 0), ...xlString("Shelter")]);
    expect((await parseFailure(compoundFile({ Workbook: sheet([label]) }, { loop: "Workbook" }), "xls")).message).toMatch(NOT_XLS);
    const ppt = compoundFile({ "Current User": new Uint8Array(32), "PowerPoint Document": new Uint8Array(600) }, { loop: "PowerPoint Document" });
    expect((await parseFailure(ppt, "ppt")).message).toMatch(NOT_PPT);
    const msg = compoundFile({ "__properties_version1.0": new Uint8Array(32), "__substg1.0_1000001F": new Uint8Array(8) }, { loop: "__substg1.0_1000001F" });
    expect((await parseFailure(msg, "msg")).message).toMatch(NOT_MSG);
  });

  it("xls: a record whose length runs past the stream's end", async () => {
    const stream = sheet([biff(0x0204, [...cell(0, 0), ...xlString("Shelter")], 0xffff)]);
    expect((await parseFailure(compoundFile({ Workbook: stream }), "xls")).message).toMatch(NOT_XLS);
  });

  it("xls: a shared string table declaring 2^31 strings reads the ones it holds, allocating nothing for the rest", async () => {
    const sst = biff(0x00fc, [...u32(0x80000000), ...u32(0x80000000), ...xlString("Lincoln High")]);
    const rows = [
      biff(0x0204, [...cell(0, 0), ...xlString("Shelter")]),
      biff(0x00fd, [...cell(1, 0), ...u32(0)]),
      biff(0x00fd, [...cell(2, 0), ...u32(0x7fffffff)]),
    ];
    const parsed = await parseDocument(compoundFile({ Workbook: workbookStream([{ name: "S", records: rows }], [sst]) }), "xls");
    expect(parsed.sections).toEqual([{ heading: "S", text: "Shelter\nShelter: Lincoln High" }]);
  });

  it("xls: 100,000 sheet records naming one sheet read it once; cells past the last column are dropped", async () => {
    const cells = [
      biff(0x0204, [...cell(0, 0), ...xlString("Shelter")]),
      biff(0x0204, [...cell(1, 0), ...xlString("Lincoln")]),
      biff(0x0204, [...cell(1, 60000), ...xlString("far right")]),
    ];
    const bound = (offset: number) => biff(0x0085, [...u32(offset), 0, 0, 1, 0, ...latin1("S")]);
    const globalsLength = bof(5).length + bound(0).length * 100_000 + eof().length;
    const stream = concatBytes(bof(5), ...Array.from({ length: 100_000 }, () => bound(globalsLength)), eof(), bof(0x10), ...cells, eof());
    const parsed = await parseDocument(compoundFile({ Workbook: stream }), "xls");
    expect(parsed.sections).toEqual([{ heading: "S", text: "Shelter\nShelter: Lincoln" }]);
  });

  it("ppt: a record longer than the container holding it", async () => {
    const liar = concatBytes(atom(0x0f9f, u32(0)), Uint8Array.of(...u16(0), ...u16(0x0fa0), ...u32(0x7fffffff)), Uint8Array.from(latin1("Zone")));
    expect((await parseFailure(presentation([[liar]]), "ppt")).message).toMatch(NOT_PPT);
  });

  it("ppt: 100,000 nested containers are not followed past a fixed depth; text above it is read", async () => {
    // Written directly: each container's header, its length covering all inside it.
    const buried = concatBytes(...pptText(4, "Buried text"));
    const deep = new Uint8Array(100_000 * 8 + buried.length);
    const view = new DataView(deep.buffer);
    for (let i = 0; i < 100_000; i++) {
      view.setUint16(i * 8, 0x000f, true);
      view.setUint16(i * 8 + 2, 0xf003, true);
      view.setUint32(i * 8 + 4, deep.length - (i + 1) * 8, true);
    }
    deep.set(buried, 100_000 * 8);
    const file = presentation([pptText(0, "Evacuation routes")], [[container(0xf002, [container(0xf00d, pptText(4, "Shallow note")), deep])]]);
    const parsed = await parseDocument(file, "ppt");
    expect(parsed.sections).toEqual([{ heading: "Slide 1: Evacuation routes", path: ["Slide 1: Evacuation routes"], text: "Shallow note" }]);
  });

  it("msg: compressed RTF declaring 4 GB expands at most 17 times its own size", () => {
    // Every token a back-reference of the longest length (17 bytes) to the preset dictionary.
    const tokens = new Uint8Array(9 * 1000);
    for (let i = 0; i < 1000; i++) tokens.set([0xff, 0x00, 0x0f, 0x00, 0x0f, 0x00, 0x0f, 0x00, 0x0f], i * 9);
    const header = Uint8Array.of(...u32(tokens.length + 12), ...u32(0xffffffff), ...u32(0x75465a4c), ...u32(0));
    const out = decompressRtf(concatBytes(header, tokens));
    expect(out.length).toBeGreaterThan(0);
    expect(out.length).toBeLessThanOrEqual(17 * (tokens.length + header.length));
  });

  it("msg: at most 500 attachments are read, however many the file holds", async () => {
    const streams: Record<string, Uint8Array> = {
      "__properties_version1.0": new Uint8Array(32),
      "__substg1.0_1000001F": Uint8Array.from(utf16le("Roster attached.")),
    };
    for (let i = 0; i < 600; i++)
      streams[`__attach_version1.0_#${i.toString(16).toUpperCase().padStart(8, "0")}/__substg1.0_3707001F`] = Uint8Array.from(utf16le(`n${i}.txt`));
    const parsed = await parseDocument(compoundFile(streams), "msg");
    expect(parsed.sections.filter((s) => s.heading?.startsWith("Attachment:"))).toHaveLength(500);
  });

  it("msg: 400 attachments whose data all name one 1 MB sector chain fail instead of reading 400 MB", async () => {
    const streams: Record<string, Uint8Array> = {
      "__properties_version1.0": new Uint8Array(32),
      "__substg1.0_1000001F": Uint8Array.from(utf16le("Roster attached.")),
    };
    const sameChainAs: Record<string, string> = {};
    const first = "__attach_version1.0_#00000000/__substg1.0_37010102";
    for (let i = 0; i < 400; i++) {
      const storage = `__attach_version1.0_#${i.toString(16).toUpperCase().padStart(8, "0")}`;
      streams[`${storage}/__substg1.0_3707001F`] = Uint8Array.from(utf16le(`roster${i}.txt`));
      streams[`${storage}/__substg1.0_37010102`] = i === 0 ? new Uint8Array(1024 * 1024).fill(0x41) : new Uint8Array(1);
      if (i) sameChainAs[`${storage}/__substg1.0_37010102`] = first;
    }
    expect((await parseFailure(compoundFile(streams, { sameChainAs }), "msg")).message).toMatch(NOT_MSG);
  });

  it("ppt: 100,000 slide entries naming one slide read its drawing once", async () => {
    const slides = Array.from({ length: 100_000 }, (_, i) => (i === 0 ? pptText(0, "Evacuation routes") : []));
    const file = presentation(slides, [[container(0xf00d, pptText(4, "Shared note"))]], () => 2);
    const parsed = await parseDocument(file, "ppt");
    expect(parsed.sections).toHaveLength(100_000);
    expect(parsed.sections[0]).toEqual({ heading: "Slide 1: Evacuation routes", path: ["Slide 1: Evacuation routes"], text: "Shared note" });
    expect(parsed.text.match(/Shared note/g)).toHaveLength(1);
  });
});

function concatBytes(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (out.set(p, at), at + p.length), 0);
  return out;
}
const utf16le = (s: string) => new Uint8Array(Uint16Array.from(s, (c) => c.charCodeAt(0)).buffer);

describe("structure: list numbering and heading paths stay bounded", () => {
  it("numbering.xml with 10^6 levels and huge start values, 10^5 nested headings", async () => {
    const levels = Array.from(
      { length: 1_000_000 },
      (_, i) => `<w:lvl w:ilvl="${i}"><w:start w:val="999999999"/><w:numFmt w:val="lowerLetter"/><w:lvlText w:val="%1.%9"/></w:lvl>`,
    ).join("");
    const numbering = new ListNumbering(`<w:abstractNum w:abstractNumId="1">${levels}</w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="1"/></w:num>`);
    expect(numbering.label("1", 0)).toBe("999999999.999999999 ");
    expect(numbering.label("1", 1_000_000)).toBeNull();
    const md = Array.from({ length: 100_000 }, (_, i) => `${"#".repeat((i % 6) + 1)} H${i}\ntext`).join("\n");
    const sections = (await parseDocument(bytesOf(md), "md")).sections;
    expect(sections).toHaveLength(100_000);
    expect(Math.max(...sections.map((s) => s.path?.length ?? 0))).toBe(6);
  });
});
