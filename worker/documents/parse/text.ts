import { markdownSections } from "./markdown";
import { rowsWithHeaders } from "./table";
import { finish, HeadingTrail, MAX_HEADING_DEPTH, normalizeWhitespace, ParseError, type ParsedDocument, type ParsedSection } from "./types";

const EMPTY = "The file is empty: there is no text to index.";

/**
 * Bytes to a string: UTF-8 (BOM dropped) unless a UTF-16 byte-order mark says otherwise. Binary
 * data (NUL bytes) is refused, so a renamed image or archive fails clearly instead of indexing junk.
 */
export function decodeText(bytes: ArrayBuffer): string {
  const view = new Uint8Array(bytes);
  let encoding = "utf-8";
  if (view[0] === 0xff && view[1] === 0xfe) encoding = "utf-16le";
  else if (view[0] === 0xfe && view[1] === 0xff) encoding = "utf-16be";
  const text = new TextDecoder(encoding).decode(view);
  if (text.includes("\u0000")) {
    throw new ParseError("This file does not contain readable text. Check that it is the right file and upload it again.");
  }
  return text;
}

export function parseTxt(bytes: ArrayBuffer): ParsedDocument {
  return finish([{ heading: null, text: normalizeWhitespace(decodeText(bytes)) }], EMPTY);
}

/** Markdown: headings start sections, the rest is its text without the syntax (markdown.ts). */
export function parseMarkdown(bytes: ArrayBuffer): ParsedDocument {
  return finish(
    markdownSections(decodeText(bytes)).map((s) => ({ ...s, text: normalizeWhitespace(s.text) })),
    EMPTY,
  );
}

/**
 * RFC 4180 CSV (quoted fields may hold commas, quotes and newlines). The delimiter is a comma unless
 * the first line has more semicolons (spreadsheets in many locales export those). A tab `delimiter`
 * reads TSV as spreadsheets write it, with quoted cells that hold tabs or line breaks.
 */
export function parseCsvRows(text: string, delimiter: string = csvDelimiter(text)): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === "") quoted = true;
    else if (c === delimiter) {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ""));
}

function csvDelimiter(text: string): string {
  const firstLine = text.slice(0, text.indexOf("\n") === -1 ? undefined : text.indexOf("\n"));
  return (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ";" : ",";
}

/** CSV: the header row, then one line per row with each value named by its column (table.ts). */
export function parseCsv(bytes: ArrayBuffer): ParsedDocument {
  return finish([{ heading: null, text: rowsWithHeaders(parseCsvRows(decodeText(bytes).replace(/^\ufeff/, ""))) }], EMPTY);
}

/** TSV (IANA text/tab-separated-values): fields split on tabs, no quoting; rows as CSV's. */
export function parseTsv(bytes: ArrayBuffer): ParsedDocument {
  return finish([{ heading: null, text: rowsWithHeaders(tsvRows(decodeText(bytes).replace(/^\ufeff/, ""))) }], EMPTY);
}

export function tsvRows(text: string): string[][] {
  return text.split(/\r\n?|\n/).map((line) => line.split("\t"));
}

type FoundHeading = { heading: string; level: number; skip: number };

/** Lines to sections, a new one at each line `headingOf` names, at its level (Org, reStructuredText). */
function sectionsByHeadings(lines: string[], headingOf: (line: string, i: number) => FoundHeading | null): ParsedDocument {
  const sections: ParsedSection[] = [];
  const trail = new HeadingTrail();
  let current: ParsedSection = { heading: null, text: "" };
  for (let i = 0; i < lines.length; i++) {
    const found = headingOf(lines[i]!, i);
    if (found) {
      sections.push(current);
      current = { heading: found.heading, path: trail.enter(found.level, found.heading), text: "" };
      i += found.skip;
    } else {
      current.text += `${lines[i]}\n`;
    }
  }
  sections.push(current);
  return finish(
    sections.map((s) => ({ ...s, text: normalizeWhitespace(s.text) })),
    EMPTY,
  );
}

/**
 * Org: "* Heading" lines (any depth) start sections, without their TODO keyword and tags;
 * #+TITLE is the first heading; other #+ keyword lines and property drawers are not text.
 */
export function parseOrg(bytes: ArrayBuffer): ParsedDocument {
  const lines = decodeText(bytes)
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .filter((line) => !/^\s*(:(PROPERTIES|END|[A-Z_]+):.*|#\+(?!TITLE:)[A-Za-z_]+:.*)$/i.test(line));
  // The title is the root: "* Heading" lines sit one level below it.
  return sectionsByHeadings(lines, (line) => {
    // The title is trimmed, so the spaces after "TITLE:" need no pattern of their own.
    const title = /^#\+TITLE:(.+)$/i.exec(line);
    if (title) return { heading: title[1]!.trim(), level: 1, skip: 0 };
    const heading = orgHeading(line);
    return heading ? { ...heading, level: heading.level + 1, skip: 0 } : null;
  });
}

/**
 * "** TODO Title :tag:" → level 2, "Title": stars, spaces, an optional TODO/DONE keyword, the title,
 * optional trailing :tags:. Read step by step: as one pattern, the title and the spaces around it
 * could trade characters (polynomial backtracking on a line of spaces).
 */
export function orgHeading(line: string): { heading: string; level: number } | null {
  const level = /^\*+/.exec(line)?.[0].length ?? 0;
  if (level === 0 || !/\s/.test(line[level] ?? "")) return null;
  let rest = line.slice(level).trimStart();
  if (/^(?:TODO|DONE)\s/.test(rest)) rest = rest.slice(4).trimStart();
  rest = rest.trimEnd();
  // Tags are the last word, after a space, written ":a:b:".
  let space = rest.length - 1;
  while (space >= 0 && !/\s/.test(rest[space]!)) space--;
  if (space >= 0 && /^:[\w@#%:]+:$/.test(rest.slice(space + 1))) rest = rest.slice(0, space).trimEnd();
  return rest ? { heading: rest, level } : null;
}

/** reStructuredText section adornment: a line of one punctuation character repeated. */
const RST_ADORNMENT = /^([=\-`:'"~^_*+#<>.])\1{2,}\s*$/;

/**
 * reStructuredText: a title underlined (and maybe overlined) by a punctuation line starts a section;
 * its level is the order in which its adornment style (character, overlined or not) first appeared.
 */
export function parseRst(bytes: ArrayBuffer): ParsedDocument {
  const lines = decodeText(bytes).replace(/\r\n?/g, "\n").split("\n");
  const styles: string[] = [];
  const level = (style: string) => {
    if (!styles.includes(style) && styles.length < MAX_HEADING_DEPTH) styles.push(style);
    const at = styles.indexOf(style);
    return at < 0 ? MAX_HEADING_DEPTH : at + 1;
  };
  return sectionsByHeadings(lines, (line, i) => {
    const next = lines[i + 1];
    const title = line.trim();
    if (!title || RST_ADORNMENT.test(line) || next === undefined || !RST_ADORNMENT.test(next) || next.trim().length < title.length) {
      // An overline: adornment, title, adornment.
      const after = lines[i + 2];
      const text = lines[i + 1]?.trim();
      if (RST_ADORNMENT.test(line) && text && after !== undefined && RST_ADORNMENT.test(after)) {
        return { heading: text, level: level(`over${line.trim()[0]}`), skip: 2 };
      }
      return null;
    }
    return { heading: title, level: level(next.trim()[0]!), skip: 1 };
  });
}
