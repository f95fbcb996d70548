import { groupDigits } from "../../../shared/lib/digits";
import { ParseError } from "./types";
import { ZipArchive, ZipLimitError, type ZipLimits } from "./zip";

/**
 * What an uploaded Office or e-book zip may expand to (uploads are at most 30 MB). A real file's
 * parts sum to a few times its size (XML compresses ~10:1, media hardly at all); a zip bomb
 * declares or produces far more. Only the parts with text are inflated, each within maxEntrySize,
 * so it fits the isolate's 128 MB next to the upload: its bytes, then its text as a string.
 */
export const OFFICE_ZIP_LIMITS: ZipLimits = {
  maxEntries: 10_000,
  maxTotalSize: 200 * 1024 * 1024,
  maxEntrySize: 32 * 1024 * 1024,
};

/** How the planner-facing messages name a format. */
export type ZipFormat = {
  /** "Word file" */
  noun: string;
  /** "Word document": what it could not be opened as. */
  kind: string;
  /** "Word": what to open it in. */
  app: string;
  /** ".docx" */
  extension: string;
  /** ".docx (Word 2007 or later)" */
  saveAs: string;
};

const MB = 1024 * 1024;

/** Planner-facing reason for a limit; permanent like every ParseError. */
function zipLimitMessage(error: ZipLimitError, { noun, app, extension, saveAs }: ZipFormat): string {
  switch (error.kind) {
    case "entries":
      return `This ${noun} is made of more than ${groupDigits(error.limit)} parts, which is more than Readyroom can open. Save it again as ${saveAs} and upload it.`;
    case "total":
      return `This ${noun} expands to more than ${error.limit / MB} MB when opened, which is more than Readyroom can index. Split it or save it without embedded media.`;
    case "entry":
      return `The text of this ${noun} expands to more than ${error.limit / MB} MB when opened, which is more than Readyroom can index. Split it into smaller documents and upload them separately.`;
    case "overflow":
      return `This ${noun} is damaged: its contents are larger than the file says. Open it in ${app}, save it again as ${extension} and upload it.`;
  }
}

export function notOpenableMessage({ kind, saveAs }: ZipFormat): string {
  return `This file could not be opened as ${/^[aeiou]/i.test(kind) ? "an" : "a"} ${kind}. Save it again as ${saveAs} and upload it.`;
}

/** Runs `read` on the opened archive, turning zip errors into the planner-facing ParseError. */
export function withZip<T>(bytes: ArrayBuffer, format: ZipFormat, read: (zip: ZipArchive) => T, limits = OFFICE_ZIP_LIMITS): T {
  let zip: ZipArchive;
  try {
    zip = ZipArchive.open(new Uint8Array(bytes), limits);
  } catch (cause) {
    if (cause instanceof ZipLimitError) throw new ParseError(zipLimitMessage(cause, format), { cause });
    throw new ParseError(notOpenableMessage(format), { cause });
  }
  try {
    return read(zip);
  } catch (cause) {
    if (cause instanceof ParseError) throw cause;
    if (cause instanceof ZipLimitError) throw new ParseError(zipLimitMessage(cause, format), { cause });
    throw new ParseError(notOpenableMessage(format), { cause });
  }
}

/** An entry's text (UTF-8), or null when the archive has no such entry. */
export function entryText(zip: ZipArchive, name: string): string | null {
  const bytes = zip.read(name);
  return bytes ? new TextDecoder().decode(bytes) : null;
}
