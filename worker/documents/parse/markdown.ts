import { markdownTokens, type Token } from "../../../shared/markdown/markdown-parser";
import { rowsWithHeaders } from "./table";
import { HeadingTrail, type ParsedSection } from "./types";

/**
 * An uploaded Markdown file as sections of plain text: every heading (ATX `#` … `######` or
 * underlined) starts a section at its level; paragraphs, list items (with their "- " or "2. ")
 * and code keep their text without the rest of the Markdown syntax (emphasis, link targets,
 * fences); a table reads as a spreadsheet does (table.ts: its header, then each row's values
 * named by their column). The parser is
 * the app's (shared/markdown/markdown-parser.ts: markdown-it, linear in the input).
 *
 * The file is parsed a window at a time: markdown-it keeps every token of what it parses, a few
 * hundred bytes each (5 MB of Markdown held ~290 MB, past a Worker's 128 MB), so a 30 MB upload is
 * read WINDOW_CHARS (and a line's end) at a time. Of each window only the top-level blocks that
 * ended before its last one are kept; the last one is parsed again at the start of the next
 * window, where it may go on. A block longer than a window is cut at the window's end.
 */

const WINDOW_CHARS = 64 * 1024;

export function markdownSections(source: string): ParsedSection[] {
  const sections: ParsedSection[] = [];
  const trail = new HeadingTrail();
  let current: ParsedSection = { heading: null, text: "" };
  const text = source.replace(/\r\n?/g, "\n");
  for (const tokens of windows(text)) {
    let lists = 0;
    let row: string[] | null = null;
    let table: string[][] = [];
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      switch (token.type) {
        case "heading_open": {
          const heading = plainText(tokens[i + 1])
            .replace(/\s+/g, " ")
            .trim();
          i += 2; // its inline and closing tokens
          if (!heading) break;
          sections.push(current);
          current = { heading, path: trail.enter(Number(token.tag.slice(1)) || 1, heading), text: "" };
          break;
        }
        case "inline":
          if (row) row.push(plainText(token).replace(/\s+/g, " ").trim());
          else current.text += plainText(token);
          break;
        case "bullet_list_open":
        case "ordered_list_open":
          lists++;
          break;
        case "list_item_open":
          // Items keep their marker, indented by depth ("- ", "2. "), as the file wrote them.
          current.text += `${"  ".repeat(lists - 1)}${token.info ? `${token.info}${token.markup}` : "-"} `;
          break;
        case "bullet_list_close":
        case "ordered_list_close":
          lists--;
          if (lists === 0) current.text += "\n";
          break;
        case "paragraph_close":
          // One item a line in lists; a blank line between other paragraphs (the chunker cuts there).
          current.text += lists > 0 ? "\n" : "\n\n";
          break;
        case "tr_open":
          row = [];
          break;
        case "tr_close":
          if (row) table.push(row);
          row = null;
          break;
        case "table_close":
          current.text += `${rowsWithHeaders(table)}\n\n`;
          table = [];
          break;
        case "hr":
          current.text += "\n";
          break;
        case "fence":
        case "code_block":
          current.text += `${token.content}\n`;
          break;
      }
    }
  }
  sections.push(current);
  return sections;
}

/** The text of an inline token: its words, code and line breaks, without emphasis or link syntax. */
function plainText(inline: Token | undefined): string {
  let out = "";
  for (const child of inline?.children ?? []) {
    if (child.type === "softbreak" || child.type === "hardbreak") out += "\n";
    else out += child.content;
  }
  return out;
}

/** The block tokens of `text`, window by window (see above). */
function* windows(text: string): Generator<Token[]> {
  let start = 0;
  while (start < text.length) {
    const end = windowEnd(text, start);
    const tokens = markdownTokens(text.slice(start, end));
    const lastBlock = end < text.length ? lastTopLevelBlock(tokens) : -1;
    const restartLine = lastBlock > 0 ? tokens[lastBlock]!.map?.[0] : undefined;
    const restart = restartLine ? lineOffset(text, start, restartLine) : -1;
    if (restart > start) {
      yield tokens.slice(0, lastBlock);
      start = restart;
    } else {
      // The window's end, or one block filling it: all of it is kept.
      yield tokens;
      start = end;
    }
  }
}

/**
 * Where a window from `start` ends: after the line that crosses WINDOW_CHARS; in a line longer
 * than a window, after its last space before the limit (else at the limit, never between the
 * two halves of a surrogate pair).
 */
function windowEnd(text: string, start: number): number {
  const limit = start + WINDOW_CHARS;
  if (limit >= text.length) return text.length;
  // Both searches stay within a window's length: over the whole text they would make a long
  // file without line breaks quadratic.
  const newline = text.slice(limit, limit + WINDOW_CHARS).indexOf("\n");
  if (newline !== -1) return limit + newline + 1;
  const space = text.slice(start, limit).lastIndexOf(" ");
  if (space > 0) return start + space + 1;
  const code = text.charCodeAt(limit - 1);
  return code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit;
}

/** The index of the first token of the window's last top-level block (-1 when there is none). */
function lastTopLevelBlock(tokens: readonly Token[]): number {
  for (let i = tokens.length - 1; i >= 0; i--) {
    const token = tokens[i]!;
    if (token.level === 0 && token.nesting !== -1) return i;
  }
  return -1;
}

/** The offset in `text` of line `line` (0-based) counted from `start`. */
function lineOffset(text: string, start: number, line: number): number {
  let at = start;
  for (let n = 0; n < line; n++) {
    const newline = text.indexOf("\n", at);
    if (newline === -1) return -1;
    at = newline + 1;
  }
  return at;
}
