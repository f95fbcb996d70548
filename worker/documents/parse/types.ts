import { tidyWhitespace } from "./whitespace";
/** A run of text under one heading (or one PDF page); the chunker keeps sections apart. */
export type ParsedSection = { heading: string | null; text: string; page?: number };
export type ParsedDocument = { text: string; sections: ParsedSection[] };

/**
 * The file cannot be turned into text (corrupt, empty, encrypted, unsupported). Permanent: the
 * message is shown to the planner as the document's failure reason, so it says what to do, not
 * what the parser saw.
 */
export class ParseError extends Error {
  override readonly name = "ParseError";
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** Joins sections into the document's plain text and rejects documents without any. */
export function finish(sections: ParsedSection[], emptyMessage: string): ParsedDocument {
  const kept = sections
    .map((s) => ({ ...s, heading: s.heading?.trim() || null, text: s.text.trim() }))
    .filter((s) => s.text.length > 0 || s.heading);
  const text = kept
    .map((s) => (s.heading ? `${s.heading}\n${s.text}` : s.text))
    .join("\n\n")
    .trim();
  if (!kept.some((s) => s.text.length > 0)) throw new ParseError(emptyMessage);
  return { text, sections: kept };
}

/** Tidies extracted text: unified newlines, no trailing spaces, at most one blank line in a row. */
/** Line endings unified, trailing spaces dropped, at most one blank line; linear time (whitespace.ts). */
export function normalizeWhitespace(text: string): string {
  return tidyWhitespace(text);
}
