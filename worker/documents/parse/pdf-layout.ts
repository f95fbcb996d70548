/**
 * PDF text has no paragraphs, only positioned lines. This turns a document's lines back into
 * paragraphs, the way a reader sees them: a line that runs to the right margin continues on the
 * next one ("evacu-" + "ation" is one word), while a short line, a larger gap, a change of font
 * size or a list marker ends a paragraph. Running headers and footers (the same line at the top or
 * bottom of at least half of the pages, page number aside) and page numbers are dropped so they are
 * neither indexed nor quoted. Headings are the short lines set larger than the body text, their
 * sizes ranked into levels, so a passage knows its section path as in a Word file. Pure: pdf.ts
 * reads the lines with pdf.js.
 */
import { HeadingTrail, type ParsedSection } from "./types";

/** One line as laid out: its text, left and right ends, baseline (PDF units: y grows upward), font size. */
export type PdfLine = { text: string; x: number; xEnd: number; y: number; size: number };

/** "Page 3", "Page 3 of 40", "3 / 40", "- 3 -", "3", "iv": nothing but a page number. */
// Spaces are matched once between parts (a dash or "of" is optional, so "\s*[-]?\s*" would let
// two runs trade the same spaces).
export const PAGE_NUMBER =
  /^(?:(?:page|p\.|seite|página|pagina)\s*(?:[-–—(]\s*)?|[-–—(]?\s*)(?:\d{1,5}|[ivxlc]{1,7})\s*(?:[-–—)](?:\s*(?:of|\/|de|von|sur)\s*\d{1,5})?|(?:of|\/|de|von|sur)\s*\d{1,5})?$/i;
/** A line that starts a list item: "1.", "a)", "II.", "-", "•". */
const LIST_MARKER = /^(?:[-–•◦▪*]\s|(?:\d{1,3}|[a-z]|[ivxlc]{1,6})[.)]\s)/i;
/** How many lines at each end of a page may be a running header or footer. */
const EDGE_LINES = 2;

/** A line with its page number(s) folded, so "Page 3 of 40" and "Page 4 of 40" are the same. */
const runningKey = (text: string) => text.replace(/\d+/g, "#").replace(/\s+/g, " ").trim().toLowerCase();

/** The lines at the top and bottom of a page (by position, not by content order). */
function edgeLines(lines: PdfLine[]): Set<PdfLine> {
  const byHeight = [...lines].sort((a, b) => b.y - a.y);
  return new Set([...byHeight.slice(0, EDGE_LINES), ...byHeight.slice(-EDGE_LINES)]);
}

/** Each page's lines without running headers, footers and page numbers. */
export function dropRunningLines(pages: PdfLine[][]): PdfLine[][] {
  const edges = pages.map(edgeLines);
  const seen = new Map<string, number>();
  for (const edge of edges) {
    for (const key of new Set([...edge].map((l) => runningKey(l.text)))) seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  const quorum = Math.max(2, Math.ceil(pages.length / 2));
  return pages.map((lines, i) =>
    lines.filter((line) => {
      if (!edges[i]!.has(line)) return true;
      const text = line.text.trim();
      return !(PAGE_NUMBER.test(text) || (seen.get(runningKey(text)) ?? 0) >= quorum);
    }),
  );
}

/** The right margin of the text column: the rightmost line end most lines come close to. */
function rightMargin(lines: PdfLine[]): number {
  const ends = lines.map((l) => l.xEnd).sort((a, b) => a - b);
  return ends[Math.floor(ends.length * 0.9)] ?? 0;
}

/** One page's lines as text: wrapped lines joined, paragraph breaks as blank lines. */
export function pageText(lines: PdfLine[]): string {
  const margin = rightMargin(lines);
  let text = "";
  lines.forEach((line, i) => {
    const content = line.text.replace(/\s+/g, " ").trim();
    if (!content) return;
    const previous = lines[i - 1];
    if (!previous || !text) {
      text = content;
      return;
    }
    const gap = previous.y - line.y;
    const sameSize = Math.abs(previous.size - line.size) <= previous.size * 0.15;
    const normalGap = gap > 0 && gap <= Math.max(previous.size, line.size) * 1.6;
    // The next line's first word would not have fitted in what is left of this one: it was wrapped,
    // not ended (a character is about half the font size wide; one more for slack).
    const firstWord = content.split(" ", 1)[0]!.length;
    const reachesMargin = margin - previous.xEnd < (firstWord + 2) * line.size * 0.55 + line.size;
    if (sameSize && normalGap && reachesMargin && !LIST_MARKER.test(content)) {
      const hyphenated = /\p{L}-$/u.test(text) && /^\p{Ll}/u.test(content);
      text = hyphenated ? text.slice(0, -1) + content : `${text} ${content}`;
    } else {
      text += sameSize && normalGap ? `\n${content}` : `\n\n${content}`;
    }
  });
  return text;
}

/** A heading is set at least this much larger than the body text. */
const HEADING_SIZE_RATIO = 1.15;
/** Longer lines are text set large (a pull quote, a cover), not headings. */
const MAX_HEADING_CHARS = 120;
/** Distinct heading sizes beyond this many fold into the deepest level. */
const MAX_HEADING_LEVELS = 4;

const sizeKey = (size: number) => Math.round(size * 2) / 2;

/** The body text's font size: the size carrying the most characters in the document. */
function bodySize(pages: PdfLine[][]): number {
  const weight = new Map<number, number>();
  for (const line of pages.flat()) weight.set(sizeKey(line.size), (weight.get(sizeKey(line.size)) ?? 0) + line.text.trim().length);
  let best = 0;
  let bestWeight = -1;
  for (const [size, w] of weight) if (w > bestWeight) [best, bestWeight] = [size, w];
  return best;
}

function isHeadingLine(line: PdfLine, body: number): boolean {
  const text = line.text.replace(/\s+/g, " ").trim();
  return (
    body > 0 && line.size >= body * HEADING_SIZE_RATIO && text.length > 0 && text.length <= MAX_HEADING_CHARS && /\p{L}/u.test(text) && !/[,;:]$/.test(text)
  );
}

/**
 * The pages as sections: a heading line starts a section whose path follows the heading levels
 * (larger = higher); a section running onto the next page continues there under the same path,
 * with that page's number. A document without larger lines is one section per page, as before.
 */
export function pageSections(pages: PdfLine[][]): ParsedSection[] {
  const body = bodySize(pages);
  const headingSizes = [
    ...new Set(
      pages
        .flat()
        .filter((l) => isHeadingLine(l, body))
        .map((l) => sizeKey(l.size)),
    ),
  ].sort((a, b) => b - a);
  const levelOf = (line: PdfLine) => Math.min(headingSizes.indexOf(sizeKey(line.size)) + 1, MAX_HEADING_LEVELS);
  const trail = new HeadingTrail();
  const sections: ParsedSection[] = [];
  type Open = { path: string[]; page: number; lines: PdfLine[] };
  let open: Open | null = null;
  const emit = (o: Open | null) => {
    if (!o || (o.lines.length === 0 && o.path.length === 0)) return;
    sections.push({ heading: o.path[o.path.length - 1] ?? null, text: pageText(o.lines), page: o.page, ...(o.path.length ? { path: o.path } : {}) });
  };
  pages.forEach((lines, p) => {
    const page = p + 1;
    // A section that ran on the previous page continues here, under its path, with this page's number.
    if (open && open.lines.length > 0) {
      emit(open);
      open = open.path.length ? { path: open.path, page, lines: [] } : null;
    }
    lines.forEach((line, i) => {
      if (!isHeadingLine(line, body)) {
        open ??= { path: [], page, lines: [] };
        open.lines.push(line);
        return;
      }
      const text = line.text.replace(/\s+/g, " ").trim();
      const previous = lines[i - 1];
      // A heading wrapped onto a second line: same size, right under the first, nothing between.
      const wrapped =
        open !== null &&
        open.lines.length === 0 &&
        open.path.length > 0 &&
        previous !== undefined &&
        isHeadingLine(previous, body) &&
        sizeKey(previous.size) === sizeKey(line.size) &&
        previous.y - line.y <= line.size * 1.6;
      if (wrapped) {
        const o: Open = open!;
        o.path = trail.enter(levelOf(line), `${o.path[o.path.length - 1]} ${text}`);
        return;
      }
      emit(open);
      open = { path: trail.enter(levelOf(line), text), page, lines: [] };
    });
  });
  emit(open);
  return sections;
}
