import { mselColumns } from "../../../shared/db/exercise-shapes";
import { cellValue } from "./values";
import type { MappingTarget, MselColumn } from "./vocabulary";
import { columnForHeader, headerKey } from "./vocabulary";
import type { MselTable } from "./table";

export type ImportedMselRow = Record<MselColumn, string | null>;

export type BuiltRows = {
  rows: ImportedMselRow[];
  /** Dates and times conduct cannot read, and spreadsheet errors: kept as written, counted. */
  unreadableCells: number;
  /** Where the first of them are: 1-based sheet row and the column's header. */
  unreadableAt: { row: number; header: string }[];
};

const EMPTY_ROW = (): ImportedMselRow => Object.fromEntries(mselColumns.map((c) => [c, null])) as ImportedMselRow;
const UNREADABLE_REPORTED = 20;

/**
 * The table's rows as MSEL rows under `mapping` (one target per table column). Several columns into
 * one target are joined line by line, each "Header: value"; a column sent to `comment` whose header
 * is not itself a note ("Controller", "Location") is labelled too, so a kept column still says what
 * it was. A row repeating the header (a table printed over several pages) is left out.
 */
export function buildMselRows(table: MselTable, mapping: MappingTarget[]): BuiltRows {
  const sources = new Map<MselColumn, number[]>();
  mapping.forEach((target, i) => {
    if (target !== "skip" && i < table.headers.length) sources.set(target, [...(sources.get(target) ?? []), i]);
  });
  // Into Comment, only the columns that are themselves notes count as its own: a "Plan reference" or
  // "Location" column kept there beside a "Comment" column does not turn the comments into "Comment: …".
  const isNote = (i: number) => columnForHeader(table.headers[i] ?? "") === "comment";
  const ownSources = (target: MselColumn) => (target === "comment" ? (sources.get(target) ?? []).filter(isNote) : (sources.get(target) ?? []));
  // Decided once per column, not per cell: whether its values say which column they came from.
  const labelled = mapping.map((target, i) => target !== "skip" && ((target === "comment" && !isNote(i)) || ownSources(target).length > 1));
  const headerKeys = table.headers.map(headerKey);
  const out: BuiltRows = { rows: [], unreadableCells: 0, unreadableAt: [] };
  table.body.forEach((cells, r) => {
    if (cells.every((cell) => !cell.text.trim())) return;
    if (cells.every((cell, i) => headerKey(cell.text) === headerKeys[i])) return;
    const row = EMPTY_ROW();
    const notes: string[] = [];
    let dateFromTime: string | undefined;
    let any = false;
    for (const [target, columns] of sources) {
      const parts: string[] = [];
      for (const i of columns) {
        const value = cellValue(target, cells[i]);
        if (!value.text) continue;
        if (value.unreadable) {
          out.unreadableCells++;
          if (out.unreadableAt.length < UNREADABLE_REPORTED) out.unreadableAt.push({ row: (table.bodyRows[r] ?? r) + 1, header: table.headers[i] ?? "" });
        }
        if (value.date) dateFromTime = value.date;
        if (value.note) notes.push(value.note);
        // A value that already opens with its header ("Objective 2: …" under "Objective") is not labelled twice.
        const header = table.headers[i] || "Column";
        const saysItself = value.text.toLowerCase().startsWith(header.toLowerCase());
        parts.push(labelled[i] && !saysItself ? `${header}: ${value.text}` : value.text);
      }
      if (parts.length) {
        row[target] = parts.join("\n");
        any = true;
      }
    }
    // Spacer rows (nothing in any mapped column) are left out.
    if (!any) return;
    if (dateFromTime && !row.date) row.date = dateFromTime;
    if (notes.length) row.comment = [row.comment, ...notes].filter(Boolean).join("\n");
    out.rows.push(row);
  });
  return out;
}
