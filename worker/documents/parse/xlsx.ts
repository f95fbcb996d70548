import { entryText, withZip, type ZipFormat } from "./office-zip";
import { rowsWithHeaders } from "./table";
import { finish, type ParsedDocument, type ParsedSection } from "./types";
import { attribute, xmlTokens } from "./xml-tokens";
import type { ZipArchive } from "./zip";

/** Columns read per row (A…ALL): planners' sheets are far narrower; see sheetRows. */
export const MAX_COLUMNS = 1000;

const EXCEL: ZipFormat = { noun: "Excel file", kind: "Excel workbook", app: "Excel", extension: ".xlsx", saveAs: ".xlsx (Excel 2007 or later)" };

/** Sheets in workbook order with their part names (xl/workbook.xml and its relationships). */
function sheetParts(zip: ZipArchive): { name: string; part: string }[] {
  const workbook = entryText(zip, "xl/workbook.xml") ?? "";
  const rels = entryText(zip, "xl/_rels/workbook.xml.rels") ?? "";
  const targets = new Map<string, string>();
  for (const token of xmlTokens(rels)) {
    if (token.kind !== "open" || !/(^|:)Relationship$/.test(token.name)) continue;
    const id = attribute(token.attributes, "Id");
    const target = attribute(token.attributes, "Target");
    if (id && target) targets.set(id, target.startsWith("/") ? target.slice(1) : `xl/${target.replace(/^\.\//, "")}`);
  }
  const sheets: { name: string; part: string }[] = [];
  for (const token of xmlTokens(workbook)) {
    if (token.kind !== "open" || !/(^|:)sheet$/.test(token.name)) continue;
    const id = attribute(token.attributes, "r:id");
    const part = id ? targets.get(id) : undefined;
    if (part) sheets.push({ name: attribute(token.attributes, "name") ?? part, part });
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

/** "BC12" → 54 (zero-based column index). */
function columnIndex(ref: string): number {
  let n = 0;
  for (const c of ref.toUpperCase()) {
    const code = c.charCodeAt(0);
    if (code < 65 || code > 90) break;
    n = n * 26 + (code - 64);
  }
  return n - 1;
}

/** A worksheet's rows as cell text, placed by their column reference (gaps stay empty). */
function sheetRows(xml: string, strings: string[]): string[][] {
  const rows: string[][] = [];
  let row: string[] | null = null;
  let cell: { column: number; type: string; value: string } | null = null;
  let reading: "v" | "t" | null = null;
  for (const token of xmlTokens(xml)) {
    if (token.kind === "open") {
      if (token.name === "row" && token.selfClosing) rows.push([]);
      else if (token.name === "row") row = [];
      else if (token.name === "c" && row) {
        const ref = attribute(token.attributes, "r");
        cell = { column: ref ? columnIndex(ref) : row.length, type: attribute(token.attributes, "t") ?? "n", value: "" };
        if (token.selfClosing) cell = null;
      } else if ((token.name === "v" || token.name === "t") && cell && !token.selfClosing) reading = token.name;
    } else if (token.kind === "close") {
      if (token.name === "v" || token.name === "t") reading = null;
      else if (token.name === "c" && cell && row) {
        const text = cell.type === "s" ? (strings[Number(cell.value)] ?? "") : cell.type === "b" ? (cell.value === "1" ? "TRUE" : "FALSE") : cell.value;
        // Cells far to the right are dropped: a row is materialised up to its last cell, so one
        // cell at column XFD on each of a million rows would otherwise allocate billions of slots.
        if (cell.column >= 0 && cell.column < MAX_COLUMNS) row[cell.column] = text;
        cell = null;
      } else if (token.name === "row" && row) {
        rows.push(Array.from(row, (v) => v ?? ""));
        row = null;
      }
    } else if (reading && cell) cell.value += token.text;
  }
  return rows;
}

/**
 * Excel .xlsx: one section per sheet (its name as heading), each row with its values named by the
 * header row ("Shelter: Lincoln High, Capacity: 450"). Cached values are read, formulas are not
 * recalculated.
 */
export function parseXlsx(bytes: ArrayBuffer): ParsedDocument {
  const sections = withZip(bytes, EXCEL, (zip) => {
    const strings = sharedStrings(zip);
    const out: ParsedSection[] = [];
    for (const sheet of sheetParts(zip)) {
      const xml = entryText(zip, sheet.part);
      if (xml) out.push({ heading: sheet.name, text: rowsWithHeaders(sheetRows(xml, strings)) });
    }
    return out;
  });
  return finish(sections, "This workbook has no cells with text or numbers to index.");
}
