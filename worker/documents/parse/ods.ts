import { durationToSerial, EMPTY_CELL, isoToSerial, type CellRange, type GridCell, type SheetGrid } from "./grid";
import { entryText, withZip, type ZipFormat } from "./office-zip";
import { ParseError } from "./types";
import { attribute, xmlTokens } from "./xml-tokens";
import { MAX_COLUMNS, MAX_ROWS } from "./xlsx";

const CALC: ZipFormat = { noun: "OpenDocument spreadsheet", kind: "OpenDocument spreadsheet", app: "LibreOffice Calc", extension: ".ods", saveAs: ".ods" };

/** A cell's number, as the serial every spreadsheet reader gives (grid.ts): floats as they are, dates and times as Excel serials. */
function cellNumber(attributes: string): number | undefined {
  const type = attribute(attributes, "office:value-type");
  if (type === "float" || type === "percentage" || type === "currency") {
    const n = Number(attribute(attributes, "office:value"));
    return Number.isFinite(n) ? n : undefined;
  }
  if (type === "date") return isoToSerial(attribute(attributes, "office:date-value") ?? "") ?? undefined;
  if (type === "time") return durationToSerial(attribute(attributes, "office:time-value") ?? "") ?? undefined;
  return undefined;
}

/** How many times a row or cell repeats (LibreOffice writes a sheet's empty tail as one row repeated a million times). */
const repeats = (attributes: string, name: string) => Math.max(1, Math.trunc(Number(attribute(attributes, name) ?? "1")) || 1);

/**
 * Every sheet of an OpenDocument spreadsheet (.ods, content.xml) as a grid: repeated rows and cells
 * expanded only up to the last one with a value (an empty repeat is never materialised past it),
 * spanned cells as merged ranges (their covered cells empty), collapsed columns hidden. Paragraphs
 * in one cell are lines of its text.
 */
export function odsSheets(bytes: ArrayBuffer): SheetGrid[] {
  const xml = withZip(bytes, CALC, (zip) => entryText(zip, "content.xml"));
  if (xml === null) throw new ParseError(`This file could not be opened as an OpenDocument spreadsheet. Save it again as .ods and upload it.`);
  const sheets: SheetGrid[] = [];
  let sheet: SheetGrid | null = null;
  let depth = 0;
  let column = 0;
  let pendingRows = 0;
  let row: GridCell[] | null = null;
  let rowRepeat = 1;
  let cell: { text: string; number?: number; repeat: number; spanColumns: number; spanRows: number; paragraphs: number } | null = null;
  let pendingCells = 0;
  // A hidden sheet is a table whose automatic style says table:display="false" (the styles come
  // before the body in content.xml, so each table's style is known when it opens).
  const hiddenStyles = new Set<string>();
  let tableStyle: string | null = null;
  const place = (value: GridCell, count: number) => {
    if (!row) return;
    if (value.text === "") {
      pendingCells += count;
      return;
    }
    for (let k = 0; k < pendingCells && row.length < MAX_COLUMNS; k++) row.push(EMPTY_CELL);
    pendingCells = 0;
    for (let k = 0; k < count && row.length < MAX_COLUMNS; k++) row.push(value);
  };
  for (const token of xmlTokens(xml)) {
    if (token.kind === "text") {
      if (cell && depth === 1) cell.text += token.text;
      continue;
    }
    const open = token.kind === "open";
    const selfClosing = open && token.selfClosing;
    switch (token.name) {
      case "style:style":
        if (open) tableStyle = attribute(token.attributes, "style:family") === "table" ? (attribute(token.attributes, "style:name") ?? null) : null;
        break;
      case "style:table-properties":
        if (open && tableStyle !== null && attribute(token.attributes, "table:display") === "false") hiddenStyles.add(tableStyle);
        break;
      case "table:table":
        if (open && !selfClosing) {
          if (depth++ === 0) {
            sheet = { name: attribute(token.attributes, "table:name") ?? `Sheet ${sheets.length + 1}`, rows: [], hiddenColumns: [], merges: [] };
            if (hiddenStyles.has(attribute(token.attributes, "table:style-name") ?? "")) sheet.hidden = true;
            pendingRows = 0;
            column = 0;
          }
        } else if (!open && --depth === 0 && sheet) {
          sheets.push(sheet);
          sheet = null;
        }
        break;
      case "table:table-column":
        if (depth === 1 && sheet && open) {
          const n = repeats(token.attributes, "table:number-columns-repeated");
          if (attribute(token.attributes, "table:visibility") === "collapse") {
            for (let k = 0; k < n && column + k < MAX_COLUMNS; k++) sheet.hiddenColumns.push(column + k);
          }
          column += n;
        }
        break;
      case "table:table-row":
        if (depth !== 1 || !sheet) break;
        if (open) {
          row = [];
          pendingCells = 0;
          rowRepeat = repeats(token.attributes, "table:number-rows-repeated");
          if (selfClosing) {
            pendingRows += rowRepeat;
            row = null;
          }
        } else if (row) {
          if (row.length === 0) pendingRows += rowRepeat;
          else {
            for (let k = 0; k < pendingRows && sheet.rows.length < MAX_ROWS; k++) sheet.rows.push([]);
            pendingRows = 0;
            for (let k = 0; k < rowRepeat && sheet.rows.length < MAX_ROWS; k++) sheet.rows.push(row);
          }
          row = null;
        }
        break;
      case "table:table-cell":
      case "table:covered-table-cell":
        if (depth !== 1 || !row) break;
        if (open) {
          const repeat = repeats(token.attributes, "table:number-columns-repeated");
          const number = token.name === "table:table-cell" ? cellNumber(token.attributes) : undefined;
          const spanColumns = repeats(token.attributes, "table:number-columns-spanned");
          const spanRows = repeats(token.attributes, "table:number-rows-spanned");
          cell = { text: "", number, repeat, spanColumns, spanRows, paragraphs: 0 };
          if (selfClosing) {
            closeCell();
          }
        } else if (cell) closeCell();
        break;
      case "text:p":
      case "text:h":
        if (cell && depth === 1 && open && !selfClosing && cell.paragraphs++ > 0) cell.text += "\n";
        break;
      case "text:s":
        if (cell && depth === 1 && open) cell.text += " ".repeat(Math.min(repeats(token.attributes, "text:c"), 100));
        break;
      case "text:tab":
        if (cell && depth === 1) cell.text += "\t";
        break;
      case "text:line-break":
        if (cell && depth === 1) cell.text += "\n";
        break;
    }
  }
  return sheets;

  function closeCell() {
    if (!cell || !row || !sheet) return;
    const { text, number, repeat, spanColumns, spanRows } = cell;
    const value: GridCell = number === undefined ? { text } : { text, number };
    const left = row.length + pendingCells;
    if ((spanColumns > 1 || spanRows > 1) && text !== "") {
      const top = sheet.rows.length + pendingRows;
      const range: CellRange = { top, left, bottom: top + spanRows - 1, right: left + spanColumns - 1 };
      sheet.merges.push(range);
    }
    place(value, repeat);
    cell = null;
  }
}
