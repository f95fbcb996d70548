import { MSEL_COLUMN_LABELS, mselColumns, type MselColumn, type MselRow } from "../../../shared/db/exercise-shapes";
import { PLAN_REFERENCE_HEADER, planReference } from "./plan-references";
import { HANDLING_DESIGNATION } from "./sitman";
import { columnLetter } from "../../documents/parse/table";
import { excelDateSerial, writeXlsx, type Cell } from "./spreadsheet";

/**
 * The MSEL as an Excel workbook (issue 32): a title block (the exercise's name, its handling
 * caveat, what the sheet is), then the columns the CSV export has, by the same labels, one row per
 * inject. The header row is styled, frozen and printed on every page; long text wraps.
 *
 * A date or time becomes an Excel value only when its number format shows it exactly as written —
 * "2026-03-01" (yyyy-mm-dd), "09:15" (hh:mm), "09:15:30" (hh:mm:ss) — so the sheet sorts and
 * computes on them and still reads the planner's text. Anything else ("Day 2", "T+30", "9:15 AM")
 * stays text, as written.
 */

/** Characters per column: narrow for numbers and times, wide for the prose. */
const WIDTHS: Record<MselColumn, number> = {
  event: 8,
  date: 12,
  time: 9,
  category: 16,
  injectMode: 14,
  synopsis: 40,
  from: 20,
  to: 20,
  message: 60,
  expectedAction: 40,
  responsibleOrganization: 22,
  pocAuthor: 18,
  comment: 30,
};
const PLAN_REFERENCE_WIDTH = 40;

/** The rows above the header (title, caveat, description, a blank row); the header is the row after. */
export const MSEL_TITLE_ROWS = 4;
export const MSEL_CAVEAT = `${HANDLING_DESIGNATION.toUpperCase()}. Master Scenario Events List: for controllers and evaluators only; do not distribute to players.`;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const CLOCK_TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** An MSEL date or time as an Excel value when one shows it unchanged (see above); else its text. */
function mselValueCell(column: MselColumn, text: string): Cell {
  if (column === "date") {
    const m = ISO_DATE.exec(text);
    if (m) {
      const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
      const back = new Date(Date.UTC(y, mo - 1, d));
      // Excel's serials before 1900-03-01 are off by its fictitious 1900-02-29: leave those as text.
      if (y >= 1901 && back.getUTCMonth() === mo - 1 && back.getUTCDate() === d) return { number: excelDateSerial(y, mo, d), style: "date" };
    }
  }
  if (column === "time") {
    const m = CLOCK_TIME.exec(text);
    if (m) {
      const [h, min, sec] = [Number(m[1]), Number(m[2]), m[3] === undefined ? null : Number(m[3])];
      if (h <= 23 && min <= 59 && (sec ?? 0) <= 59)
        return { number: (h * 3600 + min * 60 + (sec ?? 0)) / 86_400, style: sec === null ? "time" : "timeSeconds" };
    }
  }
  return { text, style: "text" };
}

export function mselToXlsx(name: string, rows: MselRow[], exportedAt: Date): Uint8Array {
  const columns = mselColumns.length + 1;
  const span = (row: number) => `A${row}:${columnLetter(columns - 1)}${row}`;
  const count = `${rows.length} inject${rows.length === 1 ? "" : "s"}`;
  const header: Cell[] = [...mselColumns.map((c) => MSEL_COLUMN_LABELS[c]), PLAN_REFERENCE_HEADER].map((text) => ({ text, style: "header" }));
  const body: Cell[][] = rows.map((row) => [...mselColumns.map((c) => mselValueCell(c, String(row[c] ?? ""))), { text: planReference(row), style: "text" }]);
  return writeXlsx(
    {
      name: "MSEL",
      title: `${name} — Master Scenario Events List`,
      widths: [...mselColumns.map((c) => WIDTHS[c]), PLAN_REFERENCE_WIDTH],
      rows: [
        [{ text: name, style: "title" }],
        [{ text: MSEL_CAVEAT, style: "caveat" }],
        [{ text: `Master Scenario Events List · ${count} · exported ${exportedAt.toISOString().slice(0, 10)} from Readyroom`, style: "note" }],
        [],
        header,
        ...body,
      ],
      frozenRows: MSEL_TITLE_ROWS + 1,
      merges: [span(1), span(2), span(3)],
      printTitleRows: [MSEL_TITLE_ROWS + 1, MSEL_TITLE_ROWS + 1],
      pageHeader: HANDLING_DESIGNATION,
    },
    exportedAt,
  );
}
