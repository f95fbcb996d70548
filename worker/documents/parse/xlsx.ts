import { columnIndex, EMPTY_CELL, gridText, isoToSerial, parseRange, type CellRange, type GridCell, type SheetGrid } from "./grid";
import { entryText, withZip, type ZipFormat } from "./office-zip";
import { rowsWithHeaders } from "./table";
import { finish, type ParsedDocument, type ParsedSection } from "./types";
import { attribute, xmlTokens } from "./xml-tokens";
import type { ZipArchive } from "./zip";

/** Columns read per row (A…ALL): planners' sheets are far narrower; see sheetRows. */
export const MAX_COLUMNS = 1000;
/** Empty rows materialised before a row numbered further down (a row at 1048576 alone is not a million rows). */
export const MAX_ROWS = 100_000;

const EXCEL: ZipFormat = { noun: "Excel file", kind: "Excel workbook", app: "Excel", extension: ".xlsx", saveAs: ".xlsx (Excel 2007 or later)" };

/** Sheets in workbook order with their part names (xl/workbook.xml and its relationships). */
function sheetParts(zip: ZipArchive): { name: string; part: string; hidden: boolean }[] {
  const workbook = entryText(zip, "xl/workbook.xml") ?? "";
  const rels = entryText(zip, "xl/_rels/workbook.xml.rels") ?? "";
  const targets = new Map<string, string>();
  for (const token of xmlTokens(rels)) {
    if (token.kind !== "open" || !/(^|:)Relationship$/.test(token.name)) continue;
    const id = attribute(token.attributes, "Id");
    const target = attribute(token.attributes, "Target");
    if (id && target) targets.set(id, target.startsWith("/") ? target.slice(1) : `xl/${target.replace(/^\.\//, "")}`);
  }
  const sheets: { name: string; part: string; hidden: boolean }[] = [];
  for (const token of xmlTokens(workbook)) {
    if (token.kind !== "open" || !/(^|:)sheet$/.test(token.name)) continue;
    const id = attribute(token.attributes, "r:id");
    const part = id ? targets.get(id) : undefined;
    const state = attribute(token.attributes, "state");
    if (part) sheets.push({ name: attribute(token.attributes, "name") ?? part, part, hidden: state === "hidden" || state === "veryHidden" });
  }
  return sheets;
}

/** xl/sharedStrings.xml: the text of each <si> (rich text runs joined). */
function sharedStrings(zip: ZipArchive): string[] {
  const xml = entryText(zip, "xl/sharedStrings.xml");
  if (!xml) return [];
  const strings: string[] = [];
  let current: string | null = null;
  let inText = false;
  let inPhonetic = false;
  for (const token of xmlTokens(xml)) {
    if (token.kind === "open") {
      if (token.name === "si" && token.selfClosing) strings.push("");
      else if (token.name === "si") current = "";
      else if (token.name === "rPh") inPhonetic = !token.selfClosing;
      else if (token.name === "t") inText = !token.selfClosing;
    } else if (token.kind === "close") {
      if (token.name === "si" && current !== null) {
        strings.push(current);
        current = null;
      } else if (token.name === "rPh") inPhonetic = false;
      else if (token.name === "t") inText = false;
    } else if (inText && !inPhonetic && current !== null) current += token.text;
  }
  return strings;
}

/** A worksheet's grid: cells placed by their column reference (gaps stay empty), hidden columns and merged ranges. */
function sheetGrid(name: string, xml: string, strings: string[]): SheetGrid {
  const rows: GridCell[][] = [];
  const hiddenColumns: number[] = [];
  const merges: CellRange[] = [];
  let row: GridCell[] | null = null;
  let cell: { column: number; type: string; value: string } | null = null;
  let reading: "v" | "t" | null = null;
  for (const token of xmlTokens(xml)) {
    if (token.kind === "open") {
      if (token.name === "row") {
        // Rows carry their number (r="5"): rows left out of the file are empty rows.
        const r = Number(attribute(token.attributes, "r") ?? "");
        if (Number.isInteger(r) && r > rows.length && r <= MAX_ROWS) while (rows.length < r - 1) rows.push([]);
        if (token.selfClosing) rows.push([]);
        else row = [];
      } else if (token.name === "c" && row) {
        const ref = attribute(token.attributes, "r");
        cell = { column: ref ? columnIndex(ref) : row.length, type: attribute(token.attributes, "t") ?? "n", value: "" };
        if (token.selfClosing) cell = null;
      } else if ((token.name === "v" || token.name === "t") && cell && !token.selfClosing) reading = token.name;
      else if (token.name === "col" && attribute(token.attributes, "hidden") === "1") {
        const min = Number(attribute(token.attributes, "min")) - 1;
        const max = Math.min(Number(attribute(token.attributes, "max")) - 1, MAX_COLUMNS - 1);
        for (let c = Math.max(min, 0); c <= max; c++) hiddenColumns.push(c);
      } else if (token.name === "mergeCell") {
        const range = parseRange(attribute(token.attributes, "ref") ?? "");
        if (range) merges.push(range);
      }
    } else if (token.kind === "close") {
      if (token.name === "v" || token.name === "t") reading = null;
      else if (token.name === "c" && cell && row) {
        // Cells far to the right are dropped: a row is materialised up to its last cell, so one
        // cell at column XFD on each of a million rows would otherwise allocate billions of slots.
        if (cell.column >= 0 && cell.column < MAX_COLUMNS) row[cell.column] = cellOf(cell.type, cell.value, strings);
        cell = null;
      } else if (token.name === "row" && row) {
        rows.push(Array.from(row, (v) => v ?? EMPTY_CELL));
        row = null;
      }
    } else if (reading && cell) cell.value += token.text;
  }
  return { name, rows, hiddenColumns, merges };
}

/** A cell's value by its type: a shared string, a boolean, text, or (the default) a number. */
function cellOf(type: string, value: string, strings: string[]): GridCell {
  if (type === "s") return { text: strings[Number(value)] ?? "" };
  if (type === "b") return { text: value === "1" ? "TRUE" : "FALSE" };
  // An ISO date cell (t="d", written by some tools instead of a serial) is the same serial.
  if (type === "d") {
    const serial = isoToSerial(value);
    return serial === null ? { text: value } : { text: value, number: serial };
  }
  if (type !== "n" || value.trim() === "") return { text: value };
  const number = Number(value);
  return Number.isFinite(number) ? { text: value, number } : { text: value };
}

/** Every worksheet of an .xlsx as a grid, in workbook order (ParseError when it cannot be opened). */
export function xlsxSheets(bytes: ArrayBuffer): SheetGrid[] {
  return withZip(bytes, EXCEL, (zip) => {
    const strings = sharedStrings(zip);
    const out: SheetGrid[] = [];
    for (const sheet of sheetParts(zip)) {
      const xml = entryText(zip, sheet.part);
      if (xml) out.push({ ...sheetGrid(sheet.name, xml, strings), ...(sheet.hidden ? { hidden: true } : {}) });
    }
    return out;
  });
}

/**
 * Excel .xlsx: one section per sheet (its name as heading), each row with its values named by the
 * header row ("Shelter: Lincoln High, Capacity: 450"). Cached values are read, formulas are not
 * recalculated.
 */
export function parseXlsx(bytes: ArrayBuffer): ParsedDocument {
  const sections: ParsedSection[] = xlsxSheets(bytes).map((sheet) => ({ heading: sheet.name, text: rowsWithHeaders(gridText(sheet.rows)) }));
  return finish(sections, "This workbook has no cells with text or numbers to index.");
}
