import { decodeEntities } from "./entities";
import { findTag, forwardSearch, startsTag } from "./scan";
import { finish, ParseError, type ParsedDocument, type ParsedSection } from "./types";
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
  const xml = withZip(bytes, WORD, (zip) => entryText(zip, "word/document.xml"));
  if (xml === null) throw new ParseError(notOpenableMessage(WORD));
  return xml;
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
