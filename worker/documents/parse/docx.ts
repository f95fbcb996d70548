import { decodeEntities } from "./entities";
import { findTag, forwardSearch, startsTag } from "./scan";
import { ListNumbering } from "./docx-numbering";
import { rowsWithHeaders } from "./table";
import { finish, HeadingTrail, ParseError, type ParsedDocument, type ParsedSection } from "./types";
import { tidyWhitespace } from "./whitespace";
import { entryText, notOpenableMessage, OFFICE_ZIP_LIMITS, withZip, type ZipFormat } from "./office-zip";

const WORD: ZipFormat = { noun: "Word file", kind: "Word document", app: "Word", extension: ".docx", saveAs: ".docx (Word 2007 or later)" };

/** Only word/document.xml is ever inflated (office-zip.ts says why the limits are what they are). */
export const DOCX_LIMITS = OFFICE_ZIP_LIMITS;

const SLASH = 0x2f;

/**
 * The value of `attribute` (a regex with one group) in the first `open` tag that has it, read inside
 * that tag (up to its ">"); undefined when none has. Tags are visited once each.
 */
function tagAttribute(xml: string, open: string, attribute: RegExp): string | undefined {
  for (let at = findTag(xml, open, 0); at >= 0;) {
    const gt = xml.indexOf(">", at);
    let value: string | undefined;
    for (const m of xml.slice(at + open.length, gt < 0 ? xml.length : gt).matchAll(attribute)) value = m[1];
    if (value !== undefined || gt < 0) return value;
    at = findTag(xml, open, gt + 1);
  }
  return undefined;
}

/** Heading level 1–9 of a paragraph from its style id (Heading1, Title…) or outline level, else 0. */
function headingLevel(pPr: string): number {
  const style = tagAttribute(pPr, "<w:pStyle", /\bw:val="([^"]*)"/g) ?? "";
  const named = /^(?:heading|berschrift|titre|titolo|kop|encabezado)\s*([1-9])$/i.exec(style);
  if (named) return Number(named[1]);
  if (/^title$/i.test(style)) return 1;
  const outline = tagAttribute(pPr, "<w:outlineLvl", /\bw:val="(\d)"/g);
  if (outline !== undefined && Number(outline) <= 8) return Number(outline) + 1;
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
  for (let at = p.indexOf("<w:"); at >= 0;) {
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

type Block = { kind: "paragraph"; xml: string } | { kind: "table"; rows: string[][] };

/**
 * The body's paragraphs (inner XML of each <w:p …>…</w:p>, "" for <w:p/>) and tables in order. A
 * paragraph ends at the first </w:p>; one without any is skipped. A table's cells hold their
 * paragraphs' text, one line each; a table nested in a cell adds its cells to the outer row.
 * One forward pass: every search starts where the last one ended.
 */
function* blocks(body: string): Generator<Block> {
  const nextGt = forwardSearch((from) => body.indexOf(">", from));
  const nextEnd = forwardSearch((from) => body.indexOf("</w:p>", from));
  const tags = /<w:(tbl|tr|tc|p)(?=[\s>/])|<\/w:(tbl|tr|tc)>/g;
  let depth = 0;
  let rows: string[][] = [];
  let cell: string | null = null;
  const row = () => rows[rows.length - 1];
  for (let m = tags.exec(body); m; m = tags.exec(body)) {
    const [, open, close] = m;
    if (open === "p") {
      const gt = nextGt(m.index + 4);
      if (gt < 0) return;
      let inner = "";
      if (body.charCodeAt(gt - 1) !== SLASH) {
        const end = nextEnd(gt + 1);
        if (end < 0) continue;
        inner = body.slice(gt + 1, end);
        tags.lastIndex = end + 6;
      }
      if (depth === 0) yield { kind: "paragraph", xml: inner };
      // A cell's paragraphs are its lines (the text readers collapse them to spaces; the MSEL import keeps them).
      else if (cell !== null) cell += `${cell ? "\n" : ""}${paragraphText(inner)}`;
    } else if (open === "tbl") {
      depth++;
    } else if (open === "tr" && depth > 0) {
      if (depth === 1) rows.push([]);
    } else if (open === "tc" && depth > 0) {
      if (cell === null) cell = "";
    } else if (close === "tc" && cell !== null && depth > 0) {
      if (!row()) rows.push([]);
      row()!.push(cell);
      cell = null;
    } else if (close === "tbl" && depth > 0) {
      depth--;
      if (depth === 0) {
        yield { kind: "table", rows };
        rows = [];
        cell = null;
      }
    }
  }
  if (depth > 0) yield { kind: "table", rows };
}

/** The rows of the document's first table (each cell's paragraphs its lines), or null when it has none. */
export function docxFirstTable(bytes: ArrayBuffer): string[][] | null {
  for (const block of blocks(documentBody(documentXml(bytes).xml))) if (block.kind === "table") return block.rows;
  return null;
}

/** The numbering of a paragraph (its <w:numPr>): list id and level, or null. */
function listItem(pPr: string): { numId: string; ilvl: number } | null {
  const numPr = findTag(pPr, "<w:numPr", 0);
  if (numPr < 0) return null;
  const end = pPr.indexOf("</w:numPr>", numPr);
  const inner = pPr.slice(numPr, end < 0 ? pPr.length : end);
  const numId = tagAttribute(inner, "<w:numId", /\bw:val="([^"]*)"/g);
  if (numId === undefined || numId === "0") return null; // numId 0: numbering switched off
  return { numId, ilvl: Number(tagAttribute(inner, "<w:ilvl", /\bw:val="(\d{1,2})"/g) ?? "0") };
}

/**
 * word/document.xml and word/numbering.xml (null when the document has no lists) as text; their
 * bytes are not kept: they can be garbage while the text is parsed.
 */
function documentXml(bytes: ArrayBuffer): { xml: string; numbering: string | null; core: string | null } {
  const parts = withZip(bytes, WORD, (zip) => ({
    xml: entryText(zip, "word/document.xml"),
    numbering: entryText(zip, "word/numbering.xml"),
    core: entryText(zip, "docProps/core.xml"),
  }));
  if (parts.xml === null) throw new ParseError(notOpenableMessage(WORD));
  return { xml: parts.xml, numbering: parts.numbering, core: parts.core };
}

/** The document's Title (docProps/core.xml's dc:title), undefined when it has none or it is blank. */
function coreTitle(core: string | null): string | undefined {
  if (!core) return undefined;
  const open = findTag(core, "<dc:title", 0);
  const start = open < 0 ? -1 : core.indexOf(">", open);
  // <dc:title/> is an empty title.
  if (start < 0 || core[start - 1] === "/") return undefined;
  const end = core.indexOf("</dc:title>", start);
  const title = end < 0 ? "" : decodeEntities(core.slice(start + 1, end)).trim();
  return title || undefined;
}

/**
 * Word .docx: paragraphs of word/document.xml; paragraphs styled Heading 1–9 or Title start
 * sections (with their path of headings above); numbered and bulleted paragraphs carry their label
 * ("1. ", "a. ", "II. ", "- "), indented by level; tables read as rows with their header names
 * (table.ts). Only word/document.xml, word/numbering.xml and docProps/core.xml (its Title) are inflated, within DOCX_LIMITS.
 */
export function parseDocx(bytes: ArrayBuffer): ParsedDocument {
  const { xml, numbering, core } = documentXml(bytes);
  const lists = new ListNumbering(numbering);
  const trail = new HeadingTrail();
  const sections: ParsedSection[] = [];
  let current: ParsedSection = { heading: null, text: "" };
  for (const block of blocks(documentBody(xml))) {
    if (block.kind === "table") {
      current.text += `\n${rowsWithHeaders(block.rows)}\n\n`;
      continue;
    }
    const text = paragraphText(block.xml);
    const pPr = paragraphProperties(block.xml);
    const level = headingLevel(pPr);
    const item = text.trim() ? listItem(pPr) : null;
    const label = item ? lists.label(item.numId, item.ilvl) : null;
    if (level > 0 && text.trim()) {
      const heading = `${label ?? ""}${text}`.replace(/\s+/g, " ").trim();
      sections.push(current);
      current = { heading, path: trail.enter(level, heading), text: "" };
    } else if (label && item) {
      current.text += `${"  ".repeat(item.ilvl)}${label}${text.trim()}\n`;
    } else {
      current.text += `${text}\n`;
    }
  }
  sections.push(current);
  const parsed = finish(
    sections.map((s) => ({ ...s, text: tidyWhitespace(s.text) })),
    "This Word document has no text to index.",
  );
  const title = coreTitle(core);
  return title ? { ...parsed, title } : parsed;
}
