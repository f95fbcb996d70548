import { decodeEntities } from "./entities";
import { findTag, forwardSearch, startsTag } from "./scan";
import { finish, ParseError, type ParsedDocument, type ParsedSection } from "./types";
import { tidyWhitespace } from "./whitespace";
import { ZipArchive, ZipLimitError, type ZipLimits } from "./zip";

const NOT_DOCX =
  "This file could not be opened as a Word document. Save it again as .docx (Word 2007 or later) and upload it.";

/**
 * What an uploaded .docx may expand to (uploads are at most 25 MB). A real document's parts sum to a
 * few times its size (XML compresses ~10:1, media hardly at all); a zip bomb declares or produces far
 * more. Only word/document.xml is ever inflated, and it must fit the isolate's 128 MB next to the
 * upload: its bytes, then its text as a string (up to 2 bytes a character) — 32 MB of XML is
 * 10,000+ pages of text.
 */
export const DOCX_LIMITS: ZipLimits = {
  maxEntries: 10_000,
  maxTotalSize: 200 * 1024 * 1024,
  maxEntrySize: 32 * 1024 * 1024,
};

const MB = 1024 * 1024;
const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+$)/g, ",");

/** Planner-facing reason for a limit; permanent like every ParseError. */
function limitMessage(error: ZipLimitError): string {
  switch (error.kind) {
    case "entries":
      return `This Word file is made of more than ${thousands(error.limit)} parts, which is more than Readyroom can open. Save it again as .docx (Word 2007 or later) and upload it.`;
    case "total":
      return `This Word file expands to more than ${error.limit / MB} MB when opened, which is more than Readyroom can index. Split it or save it without embedded media.`;
    case "entry":
      return `The text of this Word file expands to more than ${error.limit / MB} MB when opened, which is more than Readyroom can index. Split it into smaller documents and upload them separately.`;
    case "overflow":
      return "This Word file is damaged: its contents are larger than the file says. Open it in Word, save it again as .docx and upload it.";
  }
}

const SLASH = 0x2f;

/**
 * The value of `attribute` (a regex with one group) in the first `open` tag that has it, read inside
 * that tag (up to its ">"); undefined when none has. Tags are visited once each.
 */
function tagAttribute(xml: string, open: string, attribute: RegExp): string | undefined {
  for (let at = findTag(xml, open, 0); at >= 0; ) {
    const gt = xml.indexOf(">", at);
    let value: string | undefined;
    for (const m of xml.slice(at + open.length, gt < 0 ? xml.length : gt).matchAll(attribute)) value = m[1];
    if (value !== undefined || gt < 0) return value;
    at = findTag(xml, open, gt + 1);
  }
  return undefined;
}

/** Heading level 1–3 of a paragraph from its style id (Heading1, Title…) or outline level, else 0. */
function headingLevel(pPr: string): number {
  const style = tagAttribute(pPr, "<w:pStyle", /\bw:val="([^"]*)"/g) ?? "";
  const named = /^(?:heading|berschrift|titre|titolo|kop|encabezado)\s*([1-3])$/i.exec(style);
  if (named) return Number(named[1]);
  if (/^title$/i.test(style)) return 1;
  const outline = tagAttribute(pPr, "<w:outlineLvl", /\bw:val="(\d)"/g);
  if (outline !== undefined && Number(outline) <= 2) return Number(outline) + 1;
  return 0;
}

/** The paragraph's <w:pPr>…</w:pPr> (its first), or "". */
function paragraphProperties(p: string): string {
  const start = findTag(p, "<w:pPr", 0);
  if (start < 0) return "";
  const end = p.indexOf("</w:pPr>", start + 6);
  return end < 0 ? "" : p.slice(start, end + 8);
}

/** The character a self-closing mark stands for, by the letter after "<w:", with its full opening. */
const MARKS: Record<string, [open: string, text: string][]> = {
  t: [["<w:tab", "\t"]],
  b: [["<w:br", "\n"]],
  c: [["<w:cr", "\n"]],
  n: [["<w:noBreakHyphen", "-"]],
};

/**
 * Text of one <w:p>: runs' <w:t>, tabs and breaks, in document order. <w:t/> (an empty run) is not
 * an opening tag; <w:delText> (tracked deletions) is left out on purpose.
 */
function paragraphText(p: string): string {
  let text = "";
  const nextGt = forwardSearch((from) => p.indexOf(">", from));
  for (let at = p.indexOf("<w:"); at >= 0; ) {
    let next = at + 1;
    if (startsTag(p, at, "<w:t")) {
      const gt = nextGt(at + 4);
      if (gt < 0) break;
      if (!(gt > at + 4 && p.charCodeAt(gt - 1) === SLASH)) {
        const end = p.indexOf("<", gt + 1);
        if (end >= 0 && p.startsWith("</w:t>", end)) {
          text += decodeEntities(p.slice(gt + 1, end));
          next = end + 6;
        }
      }
    } else {
      for (const [open, mark] of MARKS[p[at + 3]!] ?? []) {
        if (!startsTag(p, at, open)) continue;
        const gt = nextGt(at + open.length);
        if (gt < 0) return text;
        if (gt > at + open.length && p.charCodeAt(gt - 1) === SLASH) {
          text += mark;
          next = gt + 1;
        }
      }
    }
    at = p.indexOf("<w:", next);
  }
  return text;
}

/** The content of <w:body …>…</w:body> (to the last </w:body>), or the whole XML without one. */
function documentBody(xml: string): string {
  const start = findTag(xml, "<w:body", 0);
  const gt = start < 0 ? -1 : xml.indexOf(">", start);
  const end = xml.lastIndexOf("</w:body>");
  return gt >= 0 && end > gt ? xml.slice(gt + 1, end) : xml;
}

/**
 * The inner XML of each <w:p …>…</w:p> of the body in order ("" for <w:p/>): a paragraph ends at
 * the first </w:p>; one without any is skipped.
 */
function* paragraphs(body: string): Generator<string> {
  const nextGt = forwardSearch((from) => body.indexOf(">", from));
  const nextEnd = forwardSearch((from) => body.indexOf("</w:p>", from));
  for (let at = findTag(body, "<w:p", 0); at >= 0; ) {
    const gt = nextGt(at + 4);
    if (gt < 0) return;
    if (gt > at + 4 && body.charCodeAt(gt - 1) === SLASH) {
      yield "";
      at = findTag(body, "<w:p", gt + 1);
      continue;
    }
    const end = nextEnd(gt + 1);
    if (end < 0) {
      at = findTag(body, "<w:p", at + 1);
      continue;
    }
    yield body.slice(gt + 1, end);
    at = findTag(body, "<w:p", end + 6);
  }
}

/** word/document.xml as text (its bytes are not kept: they can be garbage while the text is parsed). */
function documentXml(bytes: ArrayBuffer): string {
  let xmlBytes: Uint8Array | null;
  try {
    xmlBytes = ZipArchive.open(new Uint8Array(bytes), DOCX_LIMITS).read("word/document.xml");
  } catch (cause) {
    if (cause instanceof ZipLimitError) throw new ParseError(limitMessage(cause), { cause });
    throw new ParseError(NOT_DOCX, { cause });
  }
  if (!xmlBytes) throw new ParseError(NOT_DOCX);
  return new TextDecoder().decode(xmlBytes);
}

/**
 * Word .docx: paragraphs of word/document.xml (tables' cells are paragraphs too); paragraphs styled
 * Heading 1–3 or Title start sections. Only that one entry is inflated, within DOCX_LIMITS.
 */
export function parseDocx(bytes: ArrayBuffer): ParsedDocument {
  const xml = documentXml(bytes);
  const sections: ParsedSection[] = [];
  let current: ParsedSection = { heading: null, text: "" };
  for (const inner of paragraphs(documentBody(xml))) {
    const text = paragraphText(inner);
    if (headingLevel(paragraphProperties(inner)) > 0 && text.trim()) {
      sections.push(current);
      current = { heading: text.replace(/\s+/g, " ").trim(), text: "" };
    } else {
      current.text += `${text}\n`;
    }
  }
  sections.push(current);
  return finish(
    sections.map((s) => ({ ...s, text: tidyWhitespace(s.text) })),
    "This Word document has no text to index.",
  );
}
