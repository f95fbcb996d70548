import { dropRunningLines, pageSections, type PdfLine } from "./pdf-layout";
import { finish, normalizeWhitespace, ParseError, type ParsedDocument, type ParseOptions } from "./types";

/** A PDF without a text layer; worker/documents/ocr reads its page images when OCR is configured. */
export const SCANNED_PDF = "This PDF has no selectable text (it may be a scan). Upload a version with text, for example exported from Word.";

/** The page cap when configuration names none (DOCUMENTS_MAX_PDF_PAGES). */
const MAX_PDF_PAGES = 2000;

const count = (n: number) => n.toLocaleString("en-US");

function tooManyPagesMessage(pages: number, max: number): string {
  return `This PDF has ${count(pages)} pages; the limit is ${count(max)}. Split it into parts of at most ${count(max)} page${max === 1 ? "" : "s"} and upload each part.`;
}

type TextItem = { str?: string; transform?: number[]; width?: number; hasEOL?: boolean };

/**
 * A page's text items (pdf.js getTextContent) as lines: a new line where an item ends one (hasEOL)
 * or where the baseline moves by more than half the font size. Items apart on one line get a space.
 */
function itemLines(items: TextItem[]): PdfLine[] {
  const lines: PdfLine[] = [];
  let line: PdfLine | null = null;
  let endedLine = false;
  for (const item of items) {
    const [a = 0, b = 0, , , x = 0, y = 0] = item.transform ?? [];
    const str = item.str ?? "";
    const size = Math.hypot(a, b) || 1;
    const xEnd = x + (item.width ?? 0);
    if (str.trim() === "" && !item.hasEOL && line) {
      line.text += str;
      continue;
    }
    if (str !== "" && (!line || endedLine || Math.abs(line.y - y) > size / 2)) {
      line = { text: str, x, xEnd, y, size };
      lines.push(line);
    } else if (line && str !== "") {
      const apart = x - line.xEnd > size * 0.15 && !/\s$/.test(line.text) && !/^\s/.test(str);
      line.text += (apart ? " " : "") + str;
      line.xEnd = Math.max(line.xEnd, xEnd);
      line.size = Math.max(line.size, size);
    }
    endedLine = item.hasEOL === true;
  }
  return lines;
}

/**
 * PDF text per page, its paragraphs rebuilt from the lines' layout and its running headers, footers
 * and page numbers dropped (pdf-layout.ts) (unpdf's serverless pdf.js build). Imported lazily: pdf.js is the largest
 * module in the Worker and its first load takes seconds, which only the queue consumer pays.
 */
export async function parsePdf(bytes: ArrayBuffer, options: ParseOptions = {}): Promise<ParsedDocument> {
  const maxPages = options.maxPdfPages ?? MAX_PDF_PAGES;
  const { getDocumentProxy } = await import("unpdf");
  let pages: PdfLine[][];
  let title: string | undefined;
  try {
    // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
    // verbosity 0: pdf.js warnings about a damaged file are not errors worth logging per message.
    const pdf = await getDocumentProxy(new Uint8Array(bytes.slice(0)), { verbosity: 0 });
    try {
      // numPages is the page tree's /Count (checked against its last page), known once the file is
      // opened: a file past the cap is refused before any page is read or sent to text recognition.
      if (pdf.numPages > maxPages) throw new ParseError(tooManyPagesMessage(pdf.numPages, maxPages));
      pages = [];
      for (let n = 1; n <= pdf.numPages; n++) {
        const page = await pdf.getPage(n);
        pages.push(itemLines((await page.getTextContent()).items as TextItem[]));
        page.cleanup();
      }
      title = pdfTitle(await pdf.getMetadata().catch(() => null));
    } finally {
      // Frees pdf.js state (fonts, page caches) before the next message in the same isolate.
      await pdf.loadingTask.destroy().catch(() => undefined);
    }
  } catch (cause) {
    if (cause instanceof ParseError) throw cause;
    const name = (cause as { name?: string } | null)?.name;
    if (name === "PasswordException") {
      throw new ParseError("This PDF is password-protected. Remove the password, then upload it again.", { cause });
    }
    throw new ParseError("This PDF could not be read; it may be damaged or incomplete. Export it again as PDF and upload it.", { cause });
  }
  const parsed = finish(
    pageSections(dropRunningLines(pages)).map((section) => ({ ...section, text: normalizeWhitespace(section.text) })),
    SCANNED_PDF,
  );
  return title ? { ...parsed, title } : parsed;
}

type PdfMetadata = { info: unknown; metadata: { get(name: string): unknown } | null };

/** The document's Title: the Info dictionary's, else the XMP packet's dc:title; undefined when blank. */
function pdfTitle(meta: PdfMetadata | null): string | undefined {
  const info = meta?.info as { Title?: unknown } | undefined;
  for (const candidate of [info?.Title, meta?.metadata?.get("dc:title")]) {
    if (typeof candidate === "string" && candidate.trim()) return candidate.trim();
  }
  return undefined;
}
