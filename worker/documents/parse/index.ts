import { parseDoc } from "./doc";
import { parseDocx } from "./docx";
import { parseEpub } from "./epub";
import { parseHtml } from "./html";
import { parseEml } from "./mail";
import { parseMsg } from "./msg";
import { parseOdt } from "./odt";
import { parseP7s } from "./p7s";
import { parsePdf } from "./pdf";
import { parsePpt } from "./ppt";
import { parsePptx } from "./pptx";
import { parseRtf } from "./rtf";
import { parseCsv, parseMarkdown, parseOrg, parseRst, parseTsv, parseTxt } from "./text";
import { ParseError, type ParsedDocument, type ParseOptions } from "./types";
import { parseXls } from "./xls";
import { parseXlsx } from "./xlsx";
import { parseXml } from "./xml";
import { documentType, UNSUPPORTED_TYPE_MESSAGE } from "../../../shared/documents/file-types";

export { ParseError, type ParsedDocument, type ParsedSection, type ParseOptions } from "./types";

/** Images are read by worker/documents/ocr (readDocument); reaching here means no OCR ran. */
export const NO_TEXT_IN_IMAGE = "No text could be read from this image. Add a description or upload a text version.";

type Parser = (bytes: ArrayBuffer, options: ParseOptions) => ParsedDocument | Promise<ParsedDocument>;

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
  xls: parseXls,
  pptx: parsePptx,
  ppt: parsePpt,
  eml: parseEml,
  msg: parseMsg,
  p7s: parseP7s,
  pdf: parsePdf,
};

/**
 * Text and sections of a file of a canonical type (detectType in ../file-types.ts). Throws
 * ParseError, with a message meant for the planner, when the file has no text or cannot be read.
 */
export async function parseDocument(bytes: ArrayBuffer, type: string, options: ParseOptions = {}): Promise<ParsedDocument> {
  if (bytes.byteLength === 0) throw new ParseError("The file is empty: there is no text to index.");
  const parser = PARSERS[type];
  if (parser) return parser(bytes, options);
  if (documentType(type)?.family === "image") throw new ParseError(NO_TEXT_IN_IMAGE);
  throw new ParseError(UNSUPPORTED_TYPE_MESSAGE);
}
