import { finish, normalizeWhitespace, ParseError, type ParsedDocument, type ParsedSection } from "./types";

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

/** Markdown: ATX headings (# … ######) start sections; "#" lines inside fenced code are text. */
export function parseMarkdown(bytes: ArrayBuffer): ParsedDocument {
  const lines = decodeText(bytes).replace(/\r\n?/g, "\n").split("\n");
  const sections: ParsedSection[] = [];
  let current: ParsedSection = { heading: null, text: "" };
  let fence: string | null = null;
  for (const line of lines) {
    const fenceMatch = /^\s{0,3}(```|~~~)/.exec(line);
    if (fenceMatch) fence = fence === null ? fenceMatch[1]! : fence === fenceMatch[1] ? null : fence;
    const heading = fence === null && !fenceMatch ? /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line) : null;
    if (heading) {
      sections.push(current);
      current = { heading: heading[1]!, text: "" };
    } else {
      current.text += `${line}\n`;
    }
  }
  sections.push(current);
  return finish(
    sections.map((s) => ({ ...s, text: normalizeWhitespace(s.text) })),
    EMPTY,
  );
}

/**
 * RFC 4180 CSV (quoted fields may hold commas, quotes and newlines). The delimiter is a comma unless
 * the first line has more semicolons (spreadsheets in many locales export those).
 */
export function parseCsvRows(text: string): string[][] {
  const firstLine = text.slice(0, text.indexOf("\n") === -1 ? undefined : text.indexOf("\n"));
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ";" : ",";
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

/** CSV: one line per row, fields joined with " | ", the header row kept as the first line. */
export function parseCsv(bytes: ArrayBuffer): ParsedDocument {
  const rows = parseCsvRows(decodeText(bytes).replace(/^\ufeff/, ""));
  const lines = rows.map((r) => r.map((f) => f.replace(/\s+/g, " ").trim()).join(" | "));
  return finish([{ heading: null, text: lines.join("\n") }], EMPTY);
}
