import { parseMselTime, readsAsMselDate } from "../../../shared/conduct/scenario-time";
import { serialParts, type GridCell } from "../../documents/parse/grid";
import type { MselColumn } from "./vocabulary";

/**
 * A file's cell as an MSEL value. Text is kept as the planner wrote it when conduct can read it
 * (shared/conduct/scenario-time.ts reads "0915", "9:15 AM", "T+30", "H+1", "Day 2 08:00" itself),
 * so nothing is rewritten that did not need to be; spreadsheet serials become "09:15" and
 * "2026-03-01". A value nothing can read is kept as written and counted, never dropped.
 */
export type CellValue = {
  text: string;
  /** A date or time that conduct cannot schedule (kept as written), or a spreadsheet error ("#REF!"). */
  unreadable: boolean;
  /** The date part of a date-and-time in a time column, for a row whose date is empty. */
  date?: string;
  /** What was set aside to read the value ("09:00–09:30": the window's start is the time), for the row's comment. */
  note?: string;
};

const pad = (n: number) => String(n).padStart(2, "0");
const clock = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
const isoDay = (epochDay: number) => new Date(epochDay * 86_400_000).toISOString().slice(0, 10);
/** Serials from here on are calendar dates (1954 onwards); below, a number in a date column is not one. */
const FIRST_DATE_SERIAL = 20_000;
const SPREADSHEET_ERROR = /^#(?:NULL!|DIV\/0!|VALUE!|REF!|NAME\?|NUM!|N\/A|ERROR)$/;

export function cellValue(column: MselColumn, cell: GridCell | undefined): CellValue {
  const text = (cell?.text ?? "").trim();
  if (!text) return { text: "", unreadable: false };
  if (SPREADSHEET_ERROR.test(text)) return { text, unreadable: true };
  if (column === "time") return timeValue(text, cell?.number);
  if (column === "date") return dateValue(text, cell?.number);
  return { text, unreadable: false };
}

function timeValue(text: string, number: number | undefined): CellValue {
  if (number !== undefined) {
    if (number >= 0 && number < 1) return { text: clock(serialParts(number).minutes), unreadable: false };
    // "0915" typed into a number cell is stored as 915.
    if (Number.isInteger(number) && number >= 100 && number < 2400 && number % 100 < 60)
      return { text: clock(Math.floor(number / 100) * 60 + (number % 100)), unreadable: false };
    if (number >= FIRST_DATE_SERIAL) {
      const { epochDay, minutes } = serialParts(number);
      return { text: clock(minutes), date: isoDay(epochDay), unreadable: false };
    }
    return { text, unreadable: true };
  }
  if (parseMselTime(text)) return { text, unreadable: false };
  // A window ("09:00-09:30", "0900–0930"): the inject is due at its start.
  const dash = firstDash(text);
  if (dash > 0) {
    const start = text.slice(0, dash).trim();
    if (parseMselTime(start) && parseMselTime(text.slice(dash + 1).trim())) return { text: start, unreadable: false, note: `Time window: ${text}` };
  }
  // A date and time in one cell ("3/1/2026 09:15", "2026-03-01 0915").
  const space = text.lastIndexOf(" ");
  if (space > 0) {
    const date = text.slice(0, space).trim();
    const time = text.slice(space + 1);
    if (parseMselTime(time) && readsAsMselDate(date)) return { text: time, date, unreadable: false };
  }
  return { text, unreadable: true };
}

function dateValue(text: string, number: number | undefined): CellValue {
  if (number !== undefined) return number >= FIRST_DATE_SERIAL ? { text: isoDay(serialParts(number).epochDay), unreadable: false } : { text, unreadable: true };
  return { text, unreadable: !readsAsMselDate(text) };
}

function firstDash(text: string): number {
  for (let i = 0; i < text.length; i++) if (text[i] === "-" || text[i] === "\u2013" || text[i] === "\u2014") return i;
  return -1;
}
