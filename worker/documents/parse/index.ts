import { parseDocx } from "./docx";
import { parseHtml } from "./html";
import { parsePdf } from "./pdf";
import { parseCsv, parseMarkdown, parseTxt } from "./text";
import { ParseError, type ParsedDocument } from "./types";

export { ParseError, type ParsedDocument, type ParsedSection } from "./types";

/**
 * Text and sections of a file of a canonical type (detectType in ../status.ts). Throws ParseError,
 * with a message meant for the planner, when the file has no text or cannot be read.
 */
export async function parseDocument(bytes: ArrayBuffer, type: string): Promise<ParsedDocument> {
  if (bytes.byteLength === 0) throw new ParseError("The file is empty: there is no text to index.");
  switch (type) {
    case "txt":
      return parseTxt(bytes);
    case "md":
      return parseMarkdown(bytes);
    case "csv":
      return parseCsv(bytes);
    case "html":
      return parseHtml(bytes);
    case "docx":
      return parseDocx(bytes);
    case "pdf":
      return parsePdf(bytes);
    default:
      throw new ParseError("This file type is not supported. Upload PDF, Word (.docx), text, Markdown, CSV or HTML.");
  }
}
