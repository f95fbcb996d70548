import type { ParsedSection } from "./parse";

/**
 * One piece of a document as stored in DocumentChunk and indexed for search. `content` starts with
 * a context line (the section path and/or "Page n") so a chunk read on its own — in a search
 * snippet or in a model prompt — still says where it came from. `path` is the heading hierarchy of
 * the chunk's first section; `heading` is that path joined ("Annex K › II. Concept of Operations ›
 * A. General"), the text the FTS row's weighted heading column holds and citations show.
 */
export type Chunk = { position: number; heading: string | null; path: string[]; page?: number; text: string; content: string };

export type ChunkOptions = { size?: number; overlap?: number };

const CHUNK_SIZE = 1200;
const CHUNK_OVERLAP = 150;

export const PATH_SEPARATOR = " › ";
/** A heading longer than this is cut in the path: a path is a label, not a passage. */
const MAX_PATH_HEADING = 200;

/** A section's heading path: its own `path`, else its heading alone. */
function sectionPath(section: ParsedSection): string[] {
  const path = section.path?.length ? section.path : section.heading?.trim() ? [section.heading.trim()] : [];
  return path.map((h) => (h.length > MAX_PATH_HEADING ? `${h.slice(0, MAX_PATH_HEADING - 1)}…` : h));
}

/** The first line of a chunk's content: where it comes from ("A › B (page 3)"). */
export function contextLine(heading: string | null, page: number | undefined): string {
  if (heading && page !== undefined) return `${heading} (page ${page})`;
  if (heading) return heading;
  if (page !== undefined) return `Page ${page}`;
  return "";
}

function commonPrefix(a: readonly string[], b: readonly string[]): string[] {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n++;
  return a.slice(0, n);
}

/** Index of the best place to end a piece in (min, max]: paragraph, line, sentence, then word end. */
function findBreak(text: string, min: number, max: number): number {
  const window = text.slice(min, max + 1);
  for (const pattern of [/\n\s*\n/g, /\n/g, /[.!?…;:](?=\s)/g, /\s/g]) {
    let best = -1;
    for (const m of window.matchAll(pattern)) {
      const end = min + m.index + (pattern.source.startsWith("[") ? 1 : 0);
      if (end > min && end <= max) best = end;
    }
    if (best !== -1) return best;
  }
  return -1;
}

/**
 * Splits one section's text into pieces of at most `size` characters, each ending at a paragraph,
 * line, sentence or word boundary, and each starting up to `overlap` characters before the
 * previous one ended (at a word start), so a sentence cut at a boundary is whole in one of them.
 * Only a single "word" longer than `size` (a URL, a base64 blob) is cut inside.
 */
export function splitText(text: string, size: number, overlap: number): string[] {
  return splitRanges(text, size, overlap).map(([start, end]) => text.slice(start, end));
}

/** splitText's pieces as [start, end) offsets into `text`, so a reader can find each piece again. */
function splitRanges(text: string, size: number, overlap: number): [number, number][] {
  const ranges: [number, number][] = [];
  // Each piece without the whitespace around it (what String.prototype.trim drops).
  const add = (from: number, to: number) => {
    while (from < to && /\s/.test(text[from] ?? "")) from++;
    while (to > from && /\s/.test(text[to - 1] ?? "")) to--;
    if (to > from) ranges.push([from, to]);
  };
  let start = 0;
  while (start < text.length) {
    if (text.length - start <= size) {
      add(start, text.length);
      break;
    }
    const max = start + size;
    // A boundary in the first half would make tiny pieces; prefer any word end in the second half.
    let end = findBreak(text, start + Math.floor(size / 2), max);
    if (end === -1) end = findBreak(text, start, max);
    if (end === -1) end = max; // one word longer than `size`
    add(start, end);
    // Next piece: the first word that starts at or after end - overlap (and after this start).
    let next = end;
    for (let i = Math.max(start + 1, end - overlap); i < end; i++) {
      if (/\s/.test(text[i - 1] ?? "") && !/\s/.test(text[i] ?? "")) {
        next = i;
        break;
      }
    }
    start = next;
    while (start < text.length && /\s/.test(text[start] ?? "")) start++;
  }
  return ranges;
}

/**
 * Where a chunk's text lies in the sections it was cut from: from section `from[0]` at offset
 * `from[1]` to section `to[0]` at offset `to[1]` (exclusive), offsets into each section's trimmed
 * text. What the document view highlights when a citation opens the passage.
 */
export type ChunkSpan = { from: [number, number]; to: [number, number] };

/**
 * Heading-aware chunks: a section larger than `size` is split on its own; consecutive small
 * sections on the same page are packed together (later headings become lines inside the chunk)
 * so a document of many short sections does not turn into hundreds of tiny chunks. The size
 * budget counts the context line too. Pure: same input, same chunks.
 */
export function chunkSections(sections: ParsedSection[], options: ChunkOptions = {}): Chunk[] {
  return chunkSectionsWithSpans(sections, options).chunks;
}

/** chunkSections, with each chunk's span in `sections` (spans[i] is chunks[i]'s). */
export function chunkSectionsWithSpans(sections: ParsedSection[], options: ChunkOptions = {}): { chunks: Chunk[]; spans: ChunkSpan[] } {
  const size = Math.max(options.size ?? CHUNK_SIZE, 50);
  const overlap = Math.min(Math.max(options.overlap ?? CHUNK_OVERLAP, 0), Math.floor(size / 3));
  const chunks: Chunk[] = [];
  const spans: ChunkSpan[] = [];
  type Open = { path: string[]; heading: string | null; page?: number; text: string; span: ChunkSpan };
  let open: Open | null = null;

  const push = (path: string[], heading: string | null, page: number | undefined, text: string, span: ChunkSpan) => {
    const line = contextLine(heading, page);
    const body = text.trim();
    if (!body) return;
    chunks.push({
      position: chunks.length,
      heading,
      path,
      ...(page !== undefined ? { page } : {}),
      text: body,
      content: line ? `${line}\n${body}` : body,
    });
    spans.push(span);
  };
  const flush = () => {
    if (open) push(open.path, open.heading, open.page, open.text, open.span);
    open = null;
  };

  for (const [index, section] of sections.entries()) {
    const text = section.text.trim();
    if (!text) continue;
    const own = section.heading?.trim() || null;
    const path = sectionPath(section);
    const heading = path.length ? path.join(PATH_SEPARATOR) : null;
    const line = contextLine(heading, section.page);
    const budget = Math.max(size - line.length - 1, Math.floor(size / 2));
    if (open !== null) {
      const o: Open = open;
      // The packed chunk is labelled with what its sections share ("Annex K › II", not the first
      // section's "Annex K › II › A"): the path levels it no longer names become lines of its text.
      const shared = commonPrefix(o.path, path);
      const dropped = o.path.slice(shared.length).join(PATH_SEPARATOR);
      const base = dropped ? `${dropped}\n${o.text}` : o.text;
      const label = path.slice(shared.length).join(PATH_SEPARATOR) || own;
      const merged = `${base}\n\n${label ? `${label}\n${text}` : text}`;
      const mergedHeading = shared.length ? shared.join(PATH_SEPARATOR) : null;
      if (o.page === section.page && contextLine(mergedHeading, o.page).length + 1 + merged.length <= size) {
        o.text = merged;
        o.path = shared;
        o.heading = mergedHeading;
        o.span.to = [index, text.length];
        continue;
      }
      flush();
    }
    if (text.length <= budget) {
      open = { path, heading, page: section.page, text, span: { from: [index, 0], to: [index, text.length] } };
      continue;
    }
    for (const [from, to] of splitRanges(text, budget, overlap))
      push(path, heading, section.page, text.slice(from, to), { from: [index, from], to: [index, to] });
  }
  flush();
  return { chunks, spans };
}
