import { unzipSync } from "fflate";
import { decodeEntities } from "./entities";
import { finish, normalizeWhitespace, ParseError, type ParsedDocument, type ParsedSection } from "./types";

const NOT_DOCX =
  "This file could not be opened as a Word document. Save it again as .docx (Word 2007 or later) and upload it.";

/** Heading level 1–3 of a paragraph from its style id (Heading1, Title…) or outline level, else 0. */
function headingLevel(pPr: string): number {
  const style = /<w:pStyle\b[^>]*\bw:val="([^"]*)"/.exec(pPr)?.[1] ?? "";
  const named = /^(?:heading|berschrift|titre|titolo|kop|encabezado)\s*([1-3])$/i.exec(style);
  if (named) return Number(named[1]);
  if (/^title$/i.test(style)) return 1;
  const outline = /<w:outlineLvl\b[^>]*\bw:val="(\d)"/.exec(pPr)?.[1];
  if (outline !== undefined && Number(outline) <= 2) return Number(outline) + 1;
  return 0;
}

/** Text of one <w:p>: runs' <w:t>, tabs and breaks, in document order. */
function paragraphText(p: string): string {
  let text = "";
  // <w:t/> (an empty run) must not be read as an opening tag; <w:delText> (tracked deletions)
  // is left out on purpose.
  const parts = /<w:t\b(?![^>]*\/>)[^>]*>([^<]*)<\/w:t>|<w:tab\b[^>]*\/>|<w:(?:br|cr)\b[^>]*\/>|<w:noBreakHyphen\b[^>]*\/>/g;
  for (const m of p.matchAll(parts)) {
    if (m[1] !== undefined) text += decodeEntities(m[1]);
    else if (m[0].startsWith("<w:tab")) text += "\t";
    else if (m[0].startsWith("<w:noBreakHyphen")) text += "-";
    else text += "\n";
  }
  return text;
}

/**
 * Word .docx: paragraphs of word/document.xml (tables' cells are paragraphs too); paragraphs styled
 * Heading 1–3 or Title start sections. Only that one entry is inflated.
 */
export function parseDocx(bytes: ArrayBuffer): ParsedDocument {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(new Uint8Array(bytes), { filter: (f) => f.name === "word/document.xml" });
  } catch (cause) {
    throw new ParseError(NOT_DOCX, { cause });
  }
  const xmlBytes = files["word/document.xml"];
  if (!xmlBytes) throw new ParseError(NOT_DOCX);
  const xml = new TextDecoder().decode(xmlBytes);
  const body = /<w:body\b[^>]*>([\s\S]*)<\/w:body>/.exec(xml)?.[1] ?? xml;
  const sections: ParsedSection[] = [];
  let current: ParsedSection = { heading: null, text: "" };
  for (const m of body.matchAll(/<w:p\b[^>]*?(?:\/>|>([\s\S]*?)<\/w:p>)/g)) {
    const inner = m[1] ?? "";
    const pPr = /<w:pPr\b[\s\S]*?<\/w:pPr>/.exec(inner)?.[0] ?? "";
    const text = paragraphText(inner);
    if (headingLevel(pPr) > 0 && text.trim()) {
      sections.push(current);
      current = { heading: text.replace(/\s+/g, " ").trim(), text: "" };
    } else {
      current.text += `${text}\n`;
    }
  }
  sections.push(current);
  return finish(
    sections.map((s) => ({ ...s, text: normalizeWhitespace(s.text) })),
    "This Word document has no text to index.",
  );
}
