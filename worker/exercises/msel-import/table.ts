import { HEADER_SEARCH_ROWS } from "../../../shared/exercises/msel-import";
import type { GridCell, SheetGrid } from "../../documents/parse/grid";
import { headerScore } from "./vocabulary";

/** A row naming fewer MSEL columns than this is not a header. */
const MIN_HEADER_SCORE = 2;
/** Cells merged ranges may fill: far more than a real MSEL's (5,000 rows × a few merged columns). */
const MERGE_FILL_BUDGET = 200_000;

/** A sheet read as an MSEL table: its header's cells and the rows under it, hidden columns left out. */
export type MselTable = {
  /** Zero-based row of the header in the sheet. */
  headerRow: number;
  headers: string[];
  /** The file's column each kept column came from (zero-based), for "column C" in messages. */
  sourceColumns: number[];
  body: GridCell[][];
  /** Each body row's zero-based row in the sheet. */
  bodyRows: number[];
  hiddenColumns: number;
  /** Section banner rows left out. */
  banners: number;
};

const clean = (text: string) => text.replace(/\s+/g, " ").trim();

/** The best header row among the first rows (earliest of equals) and its score; row -1 when none names enough columns. */
export function detectHeader(sheet: SheetGrid): { row: number; score: number } {
  const hidden = new Set(sheet.hiddenColumns);
  let best = { row: -1, score: 0 };
  const filled = withMerges(sheet, HEADER_SEARCH_ROWS, HEADER_SEARCH_ROWS);
  for (let r = 0; r < filled.length; r++) {
    const score = headerScore((filled[r] ?? []).filter((_, c) => !hidden.has(c)).map((cell) => cell.text));
    if (score > best.score) best = { row: r, score };
  }
  return best.score >= MIN_HEADER_SCORE ? best : { row: -1, score: best.score };
}

/**
 * The sheet's rows with merged cells filled in: a header merged across columns names each of them
 * ("Delivery" over Date and Time is read with the row below it by the caller), and a value merged
 * down rows (one date beside several injects) belongs to each row. Below row `headerUntil` (zero-based,
 * the last that may be a header) a merge across columns is not filled: it is a section banner
 * ("DAY 1 — RESPONSE"), not a value of each column. Only the first `rowCount` rows are read and
 * copied (the header search needs 20 of a sheet's thousands).
 */
function withMerges(sheet: SheetGrid, headerUntil: number, rowCount = sheet.rows.length): GridCell[][] {
  if (sheet.merges.length === 0) return sheet.rows.slice(0, rowCount);
  const rows = sheet.rows.slice(0, rowCount).map((row) => [...row]);
  // Cells filled in all: a file of many merges each spanning every row must not cost merges × rows.
  let budget = MERGE_FILL_BUDGET;
  for (const m of sheet.merges) {
    const value = sheet.rows[m.top]?.[m.left];
    if (!value?.text) continue;
    // A merge past the sheet's cells fills only what exists: no row or column is invented.
    for (let r = m.top; r <= Math.min(m.bottom, rows.length - 1); r++) {
      const row = rows[r]!;
      const across = r <= headerUntil ? Math.min(m.right, m.left + 1000) : m.left;
      for (let c = m.left; c <= across; c++) {
        if (r === m.top && c === m.left) continue;
        if (!row[c]?.text) row[c] = value;
        if (--budget <= 0) return rows.map((cells) => Array.from(cells, (cell) => cell ?? { text: "" }));
      }
    }
  }
  return rows.map((row) => Array.from(row, (cell) => cell ?? { text: "" }));
}

/**
 * The MSEL table of a sheet with its header at `headerRow` (zero-based). A header cell merged
 * across several columns over a second header row ("Delivery" above "Date" | "Time") gives way to
 * the row below when that row names more columns. Columns with neither a header nor a value are
 * dropped; hidden columns are dropped and counted.
 */
export function tableAt(sheet: SheetGrid, headerRow: number): MselTable {
  const rows = withMerges(sheet, headerRow + 1);
  const hidden = new Set(sheet.hiddenColumns);
  let header = rows[headerRow] ?? [];
  let bodyStart = headerRow + 1;
  const below = rows[headerRow + 1];
  const spansAbove = sheet.merges.some((m) => m.top === headerRow && m.bottom === headerRow && m.right > m.left);
  if (below && spansAbove && headerScore(below.map((c) => c.text)) > 0) {
    // Two header rows: each column is named by its lower cell, prefixed by the group above it.
    const upperRow = rows[headerRow] ?? [];
    header = Array.from({ length: Math.max(upperRow.length, below.length) }, (_, c) => {
      const upper = clean(upperRow[c]?.text ?? "");
      const lower = clean(below[c]?.text ?? "");
      return { text: lower && upper && upper !== lower ? (headerScore([lower]) > 0 ? lower : `${upper} ${lower}`) : lower || upper };
    });
    bodyStart = headerRow + 2;
  }
  // Section banners (one value merged across the table) are headings of the rows below, not injects.
  const banners = new Set(sheet.merges.filter((m) => m.right - m.left >= 2 && m.top >= bodyStart).map((m) => m.top));
  const kept = rows
    .map((row, r) => ({ row, r }))
    .slice(bodyStart)
    .filter(({ row, r }) => !banners.has(r) || row.filter((c) => c.text.trim()).length > 1);
  const body = kept.map(({ row }) => row);
  const width = Math.max(header.length, ...body.slice(0, 5000).map((r) => r.length), 0);
  const sourceColumns: number[] = [];
  let hiddenCount = 0;
  for (let c = 0; c < width; c++) {
    const named = clean(header[c]?.text ?? "");
    if (hidden.has(c)) {
      if (named || body.some((r) => r[c]?.text)) hiddenCount++;
      continue;
    }
    if (named || body.some((r) => clean(r[c]?.text ?? ""))) sourceColumns.push(c);
  }
  return {
    headerRow,
    headers: sourceColumns.map((c) => clean(header[c]?.text ?? "")),
    sourceColumns,
    body: body.map((r) => sourceColumns.map((c) => r[c] ?? { text: "" })),
    bodyRows: kept.map(({ r }) => r),
    hiddenColumns: hiddenCount,
    banners: Math.max(0, rows.length - bodyStart - body.length),
  };
}
