/**
 * Spreadsheets and tables as grids of cells, for readers that need the cells rather than text
 * (the MSEL import, worker/exercises/msel-import). The spreadsheet readers build one grid per sheet;
 * the text readers (parseXlsx, parseXls) flatten the same grid with rowsWithHeaders, so one reader
 * of each format serves both.
 */

/**
 * One cell: its text as stored, and its number when the format stores one. Spreadsheets keep
 * dates and times as numbers (Excel's serial days since 1899-12-30, a time of day as the fraction),
 * so `number` is what tells "0.385416…" (09:15) from the text "0.385416…"; OpenDocument's dates and
 * times are turned into the same serials so every format reads alike.
 */
export type GridCell = { text: string; number?: number };

/** A merged block of cells, zero-based and inclusive; its value sits in the top-left cell. */
export type CellRange = { top: number; left: number; bottom: number; right: number };

export type SheetGrid = {
  name: string;
  /** Rows from the first (index = row number), each up to its last cell; gaps are empty cells. */
  rows: GridCell[][];
  /** Zero-based columns the sheet hides (width 0 / hidden / collapsed). */
  hiddenColumns: number[];
  merges: CellRange[];
  /** The workbook hides the sheet itself. */
  hidden?: boolean;
};

export const EMPTY_CELL: GridCell = { text: "" };

/** The grid's rows as text only (what rowsWithHeaders reads). */
export function gridText(rows: GridCell[][]): string[][] {
  return rows.map((row) => Array.from(row, (cell) => cell?.text ?? ""));
}

/** "B3:D4" → the range (zero-based); a single reference is a one-cell range; null when unreadable. */
export function parseRange(ref: string): CellRange | null {
  const [a, b = a] = ref.split(":");
  const from = cellRef(a ?? "");
  const to = cellRef(b ?? "");
  if (!from || !to) return null;
  return {
    top: Math.min(from.row, to.row),
    left: Math.min(from.column, to.column),
    bottom: Math.max(from.row, to.row),
    right: Math.max(from.column, to.column),
  };
}

/** "BC12" → row 11, column 54 (zero-based); null when it is not a cell reference. */
function cellRef(ref: string): { row: number; column: number } | null {
  const m = /^\$?([A-Z]{1,3})\$?(\d{1,7})$/i.exec(ref.trim());
  if (!m) return null;
  return { row: Number(m[2]) - 1, column: columnIndex(m[1]!) };
}

/** "BC" (or "BC12") → 54 (zero-based column index). */
export function columnIndex(ref: string): number {
  let n = 0;
  for (const c of ref.toUpperCase()) {
    const code = c.charCodeAt(0);
    if (code < 65 || code > 90) break;
    n = n * 26 + (code - 64);
  }
  return n - 1;
}

/** Days from Excel's day 0 (1899-12-30, which absorbs its 1900 leap-year bug) to 1970-01-01. */
const EXCEL_EPOCH_DAYS = 25_569;
const DAY_MS = 86_400_000;

/** An ISO date or date-time ("2026-03-01", "2026-03-01T09:15:00") as an Excel serial; null when unreadable. */
export function isoToSerial(iso: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(iso.trim());
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0));
  return Number.isFinite(ms) ? ms / DAY_MS + EXCEL_EPOCH_DAYS : null;
}

/** An ISO 8601 duration as OpenDocument writes times of day ("PT09H15M00S") as a fraction of a day; null when unreadable. */
export function durationToSerial(duration: string): number | null {
  const m = /^-?P(?:(\d+)D)?T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?$/.exec(duration.trim());
  if (!m) return null;
  return (Number(m[1] ?? 0) * 86_400 + Number(m[2] ?? 0) * 3600 + Number(m[3] ?? 0) * 60 + Number(m[4] ?? 0)) / 86_400;
}

/** An Excel serial as an epoch day count and the minutes into that day (rounded to the minute). */
export function serialParts(serial: number): { epochDay: number; minutes: number } {
  let totalMinutes = Math.round(serial * 24 * 60);
  const day = Math.floor(totalMinutes / (24 * 60));
  totalMinutes -= day * 24 * 60;
  return { epochDay: day - EXCEL_EPOCH_DAYS, minutes: totalMinutes };
}
