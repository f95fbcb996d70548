import { mselColumns, type MselRow } from "../model";

/**
 * The MSEL as CSV (RFC 4180): header = the 13 MSEL columns of spec §3, one row per inject, CRLF
 * line ends, fields quoted when they hold a comma, quote, CR or LF, quotes doubled. A UTF-8 BOM
 * makes spreadsheet programs read accents correctly.
 */
export const CSV_BOM = "\ufeff";

/**
 * Spreadsheets run cells that start with = + @ (or - followed by more than a bullet) as formulas;
 * an MSEL drafted from pasted or AI text must not become one. Such cells get a leading apostrophe
 * (OWASP's CSV-injection advice). "- item" bullets are left alone.
 */
export function neutralizeFormula(value: string): string {
  return /^(?:[=+@\t\r]|-(?! ))/.test(value) ? `'${value}` : value;
}

export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function mselToCsv(rows: MselRow[]): string {
  const lines = [mselColumns.join(",")];
  for (const row of rows) lines.push(mselColumns.map((col) => csvField(neutralizeFormula(row[col] ?? ""))).join(","));
  return `${CSV_BOM}${lines.join("\r\n")}\r\n`;
}
