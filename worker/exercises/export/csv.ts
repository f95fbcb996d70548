import { MSEL_COLUMN_LABELS, mselColumns, type MselRow } from "../../../shared/db/exercise-shapes";
import { PLAN_REFERENCE_HEADER, planReference } from "./plan-references";

/**
 * The MSEL as CSV (RFC 4180): header = the 13 MSEL columns of spec §3 by their labels and the "Plan reference"
 * (the plan passage the inject tests, issue 11), one row per inject, CRLF
 * line ends, fields quoted when they hold a comma, quote, CR or LF, quotes doubled. A UTF-8 BOM
 * makes spreadsheet programs read accents correctly.
 */
export const CSV_BOM = "\ufeff";

/**
 * CSV injection (OWASP): spreadsheets run a cell as a formula when it begins with = + - or @. The
 * guard also looks past leading whitespace and control or format characters (some programs trim
 * them before parsing), and covers the full-width and small forms ＝＋－＠ ﹦﹢﹣﹫ (some normalize
 * them to ASCII); a cell that begins with a tab or CR is guarded as well. An MSEL drafted from pasted
 * or AI text must not become one, so every such cell gets a leading single quote; the rest of the
 * cell is unchanged. That includes "- item" bullets and negative numbers: "-5" is exported as "'-5"
 * (text in the sheet), as OWASP advises, because "-5+cmd|…" starts the same way. Empty cells and
 * cells that begin with anything else are written as they are.
 */
const FORMULA_START = /^[\s\p{Cc}\p{Cf}]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\uFE66\uFE62\uFE63\uFE6B]/u;

export function neutralizeFormula(value: string): string {
  return FORMULA_START.test(value) || /^[\t\r]/.test(value) ? `'${value}` : value;
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One cell as written: formula-guarded first, then RFC 4180 quoted (so the quote lands inside the double quotes). */
function csvCell(value: string): string {
  return csvField(neutralizeFormula(value));
}

export function mselToCsv(rows: MselRow[]): string {
  // The labels people read in the MSEL table ("Expected action"), not the keys ("expectedAction").
  const lines = [[...mselColumns.map((c) => MSEL_COLUMN_LABELS[c]), PLAN_REFERENCE_HEADER].map(csvCell).join(",")];
  for (const row of rows) lines.push([...mselColumns.map((col) => row[col] ?? ""), planReference(row)].map(csvCell).join(","));
  return `${CSV_BOM}${lines.join("\r\n")}\r\n`;
}
