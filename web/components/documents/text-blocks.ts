/**
 * A section's text, as the document readers write it (worker/documents/parse), back into blocks the
 * document view shows with their structure: paragraphs, lists (the readers keep each item's "1. ",
 * "a. ", "II. " or "- " label, indented two spaces a level) and tables (spreadsheet-style rows,
 * worker/documents/parse/table.ts: a "Shelter | Capacity" header, then "Shelter: Lincoln High,
 * Capacity: 450"; or rows of cells joined by " | "). Every piece keeps its offsets in the section's
 * text, so a cited passage (a range of offsets) is marked where it lies.
 */

/** A run of the section's text: [start, end) offsets. */
export type Span = { start: number; end: number };
type ListItem = Span & { depth: number; marker: string; body: Span };
type TableRow = Span & { cells: string[] };
export type Block =
  | { kind: "paragraph"; lines: Span[] }
  | { kind: "list"; ordered: boolean; items: ListItem[] }
  | { kind: "table"; header: TableRow; rows: TableRow[] };

/** "- ", "• ", "1. ", "12) ", "a. ", "IV. ", "(b) " at the start of a line, after its indent. */
const LIST_MARKER = /^( *)([-•*–]|\d{1,3}[.)]|[A-Za-z][.)]|[IVXivx]{2,5}[.)]|\([A-Za-z0-9]{1,4}\)) (?=\S)/;
const CELL_SEPARATOR = " | ";

type Line = Span & { text: string };

function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  for (;;) {
    const end = text.indexOf("\n", start);
    const stop = end < 0 ? text.length : end;
    lines.push({ start, end: stop, text: text.slice(start, stop) });
    if (end < 0) return lines;
    start = end + 1;
  }
}

function listItem(line: Line): ListItem | null {
  const m = LIST_MARKER.exec(line.text);
  if (!m) return null;
  const indent = m[1]!.length;
  const bodyStart = line.start + m[0].length;
  return { start: line.start + indent, end: line.end, depth: Math.floor(indent / 2), marker: m[2]!, body: { start: bodyStart, end: line.end } };
}

/** "Shelter: Lincoln High, Capacity: 450" read against the header's names; null when it is not such a row. */
export function rowCells(text: string, names: readonly string[]): string[] | null {
  const cells = names.map(() => "");
  let at = 0;
  let from = 0;
  let found = 0;
  while (at < text.length) {
    // The next name (in header order) whose "Name: " starts here.
    let j = from;
    while (j < names.length && !text.startsWith(`${names[j]}: `, at)) j++;
    if (j >= names.length) return null;
    const valueStart = at + names[j]!.length + 2;
    // The value runs to the next ", Later name: " or the end of the line.
    let valueEnd = text.length;
    for (let k = j + 1; k < names.length; k++) {
      const next = text.indexOf(`, ${names[k]}: `, valueStart);
      if (next >= 0 && next < valueEnd) valueEnd = next;
    }
    cells[j] = text.slice(valueStart, valueEnd);
    found++;
    from = j + 1;
    at = valueEnd < text.length ? valueEnd + 2 : text.length;
  }
  return found > 0 ? cells : null;
}

/** A table starting at lines[i], and how many lines it takes; null when none starts there. */
function tableAt(lines: Line[], i: number): { block: Block; used: number } | null {
  const first = lines[i]!;
  if (!first.text.includes(CELL_SEPARATOR)) return null;
  const names = first.text.split(CELL_SEPARATOR).map((c) => c.trim());
  if (names.length < 2 || names.some((n) => !n)) return null;
  const header: TableRow = { start: first.start, end: first.end, cells: names };
  const rows: TableRow[] = [];
  // Spreadsheet-style rows (parse/table.ts)…
  for (let j = i + 1; j < lines.length; j++) {
    const cells = rowCells(lines[j]!.text, names);
    if (!cells) break;
    rows.push({ start: lines[j]!.start, end: lines[j]!.end, cells });
  }
  // …or rows of cells like the header's (an HTML table).
  if (rows.length === 0) {
    for (let j = i + 1; j < lines.length; j++) {
      const cells = lines[j]!.text.split(CELL_SEPARATOR).map((c) => c.trim());
      if (cells.length !== names.length) break;
      rows.push({ start: lines[j]!.start, end: lines[j]!.end, cells });
    }
  }
  return rows.length ? { block: { kind: "table", header, rows }, used: rows.length + 1 } : null;
}

export function textBlocks(text: string): Block[] {
  const lines = linesOf(text);
  const blocks: Block[] = [];
  let paragraph: Span[] = [];
  let list: Extract<Block, { kind: "list" }> | null = null;
  const endParagraph = () => {
    if (paragraph.length) blocks.push({ kind: "paragraph", lines: paragraph });
    paragraph = [];
  };
  const endList = () => {
    if (list) blocks.push(list);
    list = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.text.trim()) {
      // A blank line ends a paragraph; a list goes on past one (PDF lists have a gap between items).
      endParagraph();
      continue;
    }
    const table = tableAt(lines, i);
    if (table) {
      endParagraph();
      endList();
      blocks.push(table.block);
      i += table.used - 1;
      continue;
    }
    const item = listItem(line);
    if (item) {
      endParagraph();
      list ??= { kind: "list", ordered: !/^[-•*–]$/.test(item.marker), items: [] };
      list.items.push(item);
      continue;
    }
    endList();
    paragraph.push({ start: line.start, end: line.end });
  }
  endParagraph();
  endList();
  return blocks;
}

/** The part of `span` inside `range` ([start, end) of the section's text), or null when they do not meet. */
export function overlap(span: Span, range: Span | null): Span | null {
  if (!range) return null;
  const start = Math.max(span.start, range.start);
  const end = Math.min(span.end, range.end);
  return start < end ? { start, end } : null;
}
