import { finish, normalizeWhitespace, ParseError, type ParsedDocument } from "./types";

/** A PDF without a text layer; worker/documents/ocr reads its page images when OCR is configured. */
export const SCANNED_PDF = "This PDF has no selectable text (it may be a scan). Upload a version with text, for example exported from Word.";

/**
 * PDF text per page (unpdf's serverless pdf.js build). Imported lazily: pdf.js is the largest
 * module in the Worker and its first load takes seconds, which only the queue consumer pays.
 */
export async function parsePdf(bytes: ArrayBuffer): Promise<ParsedDocument> {
  const { extractText, getDocumentProxy } = await import("unpdf");
  let pages: string[];
  try {
    // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
    // verbosity 0: pdf.js warnings about a damaged file are not errors worth logging per message.
    const pdf = await getDocumentProxy(new Uint8Array(bytes.slice(0)), { verbosity: 0 });
    try {
      pages = (await extractText(pdf, { mergePages: false })).text;
    } finally {
      // Frees pdf.js state (fonts, page caches) before the next message in the same isolate.
      await pdf.loadingTask.destroy().catch(() => undefined);
    }
  } catch (cause) {
    const name = (cause as { name?: string } | null)?.name;
    if (name === "PasswordException") {
      throw new ParseError("This PDF is password-protected. Remove the password, then upload it again.", { cause });
    }
    throw new ParseError(
      "This PDF could not be read; it may be damaged or incomplete. Export it again as PDF and upload it.",
      { cause },
    );
  }
  return finish(
    pages.map((text, i) => ({ heading: null, text: normalizeWhitespace(text), page: i + 1 })),
    SCANNED_PDF,
  );
}
