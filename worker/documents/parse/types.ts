import { tidyWhitespace } from "./whitespace";
/**
 * A run of text under one heading (or one PDF page); the chunker keeps sections apart. `path` is the
 * heading hierarchy down to this section's heading (["Annex K", "II. Concept of Operations",
 * "A. General"]) for readers whose headings have levels; `heading` is its last element.
 */
export type ParsedSection = { heading: string | null; text: string; page?: number; path?: string[] };

/** Deeper headings are folded into this level: a path stays short whatever the nesting. */
export const MAX_HEADING_DEPTH = 9;

/**
 * The current heading path while a reader walks a document: a heading of level n replaces the one
 * at n and drops the deeper ones. Levels skipped (an h1 then an h3) leave no gap in the path.
 */
export class HeadingTrail {
  private readonly levels: (string | undefined)[] = [];

  /** The path after a heading of `level` (1 = top; clamped to 1…MAX_HEADING_DEPTH) titled `text`. */
  enter(level: number, text: string): string[] {
    const at = Math.min(Math.max(Math.trunc(level) || 1, 1), MAX_HEADING_DEPTH) - 1;
    this.levels.length = Math.min(this.levels.length, at);
    this.levels[at] = text;
    return this.levels.filter((h): h is string => Boolean(h));
  }
}
/** `title`: the file's own Title metadata (PDF Info/XMP, DOCX core properties), when it has one. */
export type ParsedDocument = { text: string; sections: ParsedSection[]; title?: string };

/** Limits a reader takes from configuration (worker/env.ts); each has a default of its own. */
export type ParseOptions = { maxPdfPages?: number };

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
    .map(({ path, ...s }) => {
      const heading = s.heading?.trim() || null;
      const kept: ParsedSection = { ...s, heading, text: s.text.trim() };
      const trail = heading ? path?.map((h) => h.trim()).filter(Boolean) : undefined;
      if (trail?.length) kept.path = trail;
      return kept;
    })
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
