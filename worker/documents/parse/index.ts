import { parseDoc } from "./doc";
import { parseDocx } from "./docx";
import { parseEpub } from "./epub";
import { parseHtml } from "./html";
import { parseEml } from "./mail";
import { parseOdt } from "./odt";
import { parseP7s } from "./p7s";
import { parsePdf } from "./pdf";
import { parsePptx } from "./pptx";
import { parseRtf } from "./rtf";
import { parseCsv, parseMarkdown, parseOrg, parseRst, parseTsv, parseTxt } from "./text";
import { ParseError, type ParsedDocument } from "./types";
import { parseXlsx } from "./xlsx";
import { parseXml } from "./xml";
import { documentType, UNSUPPORTED_TYPE_MESSAGE } from "../file-types";

export { ParseError, type ParsedDocument, type ParsedSection } from "./types";

/** Images hold no text Readyroom can read without OCR (configured separately). */
export const NO_TEXT_IN_IMAGE =
  "No text could be read from this image: Readyroom has no text recognition (OCR) configured. Add a description in the document's name, or upload a text version (PDF, Word or text).";

/** Old binary Office and Outlook files, until their readers land: what to do instead. */
const OLD_OFFICE: Record<string, string> = {
  xls: "Readyroom cannot read Excel 97–2003 (.xls) files yet. Open it in Excel or LibreOffice, save it as .xlsx and upload that.",
  ppt: "Readyroom cannot read PowerPoint 97–2003 (.ppt) files yet. Open it in PowerPoint or LibreOffice, save it as .pptx and upload that.",
  msg: "Readyroom cannot read Outlook (.msg) files yet. In Outlook, save the message as .eml (or forward it as an attachment) and upload that.",
};

type Parser = (bytes: ArrayBuffer) => ParsedDocument | Promise<ParsedDocument>;

const PARSERS: Record<string, Parser> = {
  txt: parseTxt,
  md: parseMarkdown,
  rst: parseRst,
  org: parseOrg,
  csv: parseCsv,
  tsv: parseTsv,
  html: parseHtml,
  xml: parseXml,
  docx: parseDocx,
  doc: parseDoc,
  odt: parseOdt,
  rtf: parseRtf,
  epub: parseEpub,
  xlsx: parseXlsx,
  pptx: parsePptx,
  eml: parseEml,
  p7s: parseP7s,
  pdf: parsePdf,
};

/**
 * Text and sections of a file of a canonical type (detectType in ../file-types.ts). Throws
 * ParseError, with a message meant for the planner, when the file has no text or cannot be read.
 */
export async function parseDocument(bytes: ArrayBuffer, type: string): Promise<ParsedDocument> {
  if (bytes.byteLength === 0) throw new ParseError("The file is empty: there is no text to index.");
  const parser = PARSERS[type];
  if (parser) return parser(bytes);
  if (OLD_OFFICE[type]) throw new ParseError(OLD_OFFICE[type]);
  if (documentType(type)?.family === "image") throw new ParseError(NO_TEXT_IN_IMAGE);
  throw new ParseError(UNSUPPORTED_TYPE_MESSAGE);
}
