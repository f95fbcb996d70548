import { type CompoundFile, oldOfficeMessages, withCompoundFile } from "./cfb";
import { slideSection } from "./pptx";
import { finish, ParseError, type ParsedDocument, type ParsedSection } from "./types";
import { tidyWhitespace } from "./whitespace";

const { notOpenable: NOT_PPT, encrypted: ENCRYPTED } = oldOfficeMessages("PowerPoint", "presentation", ".pptx");

/** Record types read here (MS-PPT 2.13.24; OfficeArt records share the header). */
const T = {
  DOCUMENT: 0x03e8,
  SLIDE: 0x03ee,
  SLIDE_LIST_WITH_TEXT: 0x0ff0,
  SLIDE_PERSIST: 0x03f3,
  TEXT_HEADER: 0x0f9f,
  TEXT_CHARS: 0x0fa0,
  TEXT_BYTES: 0x0fa8,
  USER_EDIT: 0x0ff5,
  PERSIST_DIRECTORY: 0x1772,
} as const;
/** TextHeaderAtom types that are a slide's title: Tx_TYPE_TITLE and Tx_TYPE_CENTERTITLE. */
const TITLE_TYPES = new Set([0, 6]);
/** Tx_TYPE_OTHER: text in a shape that is no placeholder. */
const OTHER = 4;
/** Containers nest a handful deep in real files (slide, drawing, group, shape, text box); a crafted file may nest more. */
const MAX_DEPTH = 32;
/** Edits a file saved incrementally may chain; PowerPoint keeps far fewer. */
const MAX_EDITS = 1000;
/** A slide's title that falls back to its first text box is at most this long (a heading, not a paragraph). */
const MAX_FALLBACK_TITLE = 120;

type Header = { instance: number; type: number; length: number; container: boolean; body: number; end: number };

/** The record header at `at`, whose body must end within `limit` (its container's end, or the stream's). */
function headerAt(view: DataView, at: number, limit: number): Header {
  if (at + 8 > limit) throw new ParseError(NOT_PPT);
  const verInstance = view.getUint16(at, true);
  const length = view.getUint32(at + 4, true);
  if (at + 8 + length > limit) throw new ParseError(NOT_PPT);
  return {
    instance: verInstance >> 4,
    type: view.getUint16(at + 2, true),
    length,
    container: (verInstance & 0x0f) === 0x0f,
    body: at + 8,
    end: at + 8 + length,
  };
}

/** The records directly inside a container (or a range of the stream). */
function children(view: DataView, from: number, to: number): Header[] {
  const out: Header[] = [];
  for (let at = from; at + 8 <= to;) {
    const header = headerAt(view, at, to);
    out.push(header);
    at = header.end;
  }
  return out;
}

/**
 * The persist directory: object id → stream offset, the newest edit winning (MS-PPT 2.3.2). The
 * Current User stream names the last edit; each edit names the one before.
 */
function persistOffsets(cfb: CompoundFile, view: DataView): { offsets: Map<number, number>; document: number } {
  const current = cfb.read("Current User");
  if (!current || current.length < 20) throw new ParseError(NOT_PPT);
  const cu = new DataView(current.buffer, current.byteOffset, current.byteLength);
  if (cu.getUint32(12, true) === 0xf3d1c4df) throw new ParseError(ENCRYPTED);
  const offsets = new Map<number, number>();
  let document: number | null = null;
  const seen = new Set<number>();
  for (let edit = cu.getUint32(16, true); edit !== 0 && !seen.has(edit) && seen.size < MAX_EDITS;) {
    seen.add(edit);
    const atom = headerAt(view, edit, view.byteLength);
    if (atom.type !== T.USER_EDIT || atom.length < 28) throw new ParseError(NOT_PPT);
    document ??= view.getUint32(atom.body + 16, true);
    const directory = headerAt(view, view.getUint32(atom.body + 12, true), view.byteLength);
    if (directory.type !== T.PERSIST_DIRECTORY) throw new ParseError(NOT_PPT);
    for (let at = directory.body; at + 4 <= directory.end;) {
      const entry = view.getUint32(at, true);
      const first = entry & 0xfffff;
      const count = entry >>> 20;
      at += 4;
      for (let i = 0; i < count && at + 4 <= directory.end; i++, at += 4) if (!offsets.has(first + i)) offsets.set(first + i, view.getUint32(at, true));
    }
    edit = view.getUint32(atom.body + 8, true);
  }
  if (document === null) throw new ParseError(NOT_PPT);
  return { offsets, document };
}

type TextBlock = { type: number; text: string };

/** A text atom's characters: paragraphs (\r) and line breaks (\v) to lines, other controls dropped. */
function atomText(stream: Uint8Array, header: Header): string {
  const bytes = stream.subarray(header.body, header.end);
  const raw =
    header.type === T.TEXT_CHARS
      ? new TextDecoder("utf-16le").decode(bytes.subarray(0, bytes.length & ~1))
      : Array.from(bytes, (b) => String.fromCharCode(b)).join("");
  let out = "";
  for (const c of raw) {
    if (c === "\r" || c === "\v") out += "\n";
    else if (c >= " " || c === "\t") out += c;
  }
  return out;
}

/**
 * The text blocks in a range, in order, descending into containers (iteratively, at most
 * MAX_DEPTH deep): each TextHeaderAtom's type applies to the characters atom after it.
 */
function textBlocks(stream: Uint8Array, view: DataView, from: number, to: number): TextBlock[] {
  const blocks: TextBlock[] = [];
  let type = OTHER;
  const stack: { at: number; end: number }[] = [{ at: from, end: to }];
  while (stack.length) {
    const frame = stack[stack.length - 1]!;
    if (frame.at + 8 > frame.end) {
      stack.pop();
      continue;
    }
    const header = headerAt(view, frame.at, frame.end);
    frame.at = header.end;
    if (header.type === T.TEXT_HEADER && header.length >= 4) type = view.getUint32(header.body, true);
    else if (header.type === T.TEXT_CHARS || header.type === T.TEXT_BYTES) blocks.push({ type, text: atomText(stream, header) });
    else if (header.container && stack.length < MAX_DEPTH) stack.push({ at: header.body, end: header.end });
  }
  return blocks;
}

const lines = (text: string) =>
  text
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean);

/** A slide's title (its title placeholder's text, else a short first text box) and the rest of its text. */
function slideText(blocks: TextBlock[]): { title: string; body: string } {
  let titleBlock = blocks.find((b) => TITLE_TYPES.has(b.type) && lines(b.text).length);
  if (!titleBlock) {
    // Some writers (LibreOffice among them) save a title as a plain text box: a first box (not a
    // body placeholder) of one short line is taken as the heading, as a reader of the slide would.
    const first = blocks.find((b) => lines(b.text).length);
    if (first && first.type === OTHER && lines(first.text).length === 1 && lines(first.text)[0]!.length <= MAX_FALLBACK_TITLE) titleBlock = first;
  }
  const title = titleBlock ? lines(titleBlock.text).join(" ") : "";
  const body = blocks.filter((b) => b !== titleBlock).flatMap((b) => lines(b.text));
  return { title, body: tidyWhitespace(body.join("\n")) };
}

/**
 * PowerPoint 97–2003 (.ppt, MS-PPT): one section per slide in presentation order, headed "Slide
 * 3: Evacuation routes" as pptx.ts does. Slides are found through the persist directory (so a file
 * saved incrementally reads its latest edit); a slide's text is what the slide list holds for it
 * (PowerPoint's placeholders) and what its drawing's text boxes hold (other shapes, and every
 * shape in files LibreOffice writes). Masters and notes are not read.
 */
export function parsePpt(bytes: ArrayBuffer): ParsedDocument {
  return finish(withCompoundFile(bytes, NOT_PPT, slideSections), "This presentation has no text on its slides to index.");
}

function slideSections(cfb: CompoundFile): ParsedSection[] {
  const stream = cfb.read("PowerPoint Document");
  if (!stream) throw new ParseError(NOT_PPT);
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  const { offsets, document } = persistOffsets(cfb, view);
  const documentAt = offsets.get(document);
  if (documentAt === undefined) throw new ParseError(NOT_PPT);
  const doc = headerAt(view, documentAt, stream.length);
  if (doc.type !== T.DOCUMENT) throw new ParseError(NOT_PPT);

  // The slide list (instance 0: slides, not masters or notes): each SlidePersistAtom starts a
  // slide, and the text atoms after it, up to the next, are that slide's placeholder text.
  const list = children(view, doc.body, doc.end).find((r) => r.type === T.SLIDE_LIST_WITH_TEXT && r.instance === 0);
  const slides: { persist: number; from: number; to: number }[] = [];
  if (list) {
    for (const record of children(view, list.body, list.end)) {
      if (record.type === T.SLIDE_PERSIST && record.length >= 4) slides.push({ persist: view.getUint32(record.body, true), from: record.end, to: record.end });
      else if (slides.length) slides[slides.length - 1]!.to = record.end;
    }
  }

  // Each slide's drawing is read once, however many slide entries name it.
  const drawn = new Set<number>();
  return slides.map((slide, i) => {
    const blocks = textBlocks(stream, view, slide.from, slide.to);
    const at = offsets.get(slide.persist);
    if (at !== undefined && !drawn.has(at)) {
      drawn.add(at);
      const container = headerAt(view, at, stream.length);
      if (container.type === T.SLIDE) blocks.push(...textBlocks(stream, view, container.body, container.end));
    }
    const { title, body } = slideText(blocks);
    return slideSection(i, title, body);
  });
}
