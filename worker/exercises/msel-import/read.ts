import { MSEL_FILE_FORMATS } from "../../../shared/exercises/msel-import";
import { docxFirstTable } from "../../documents/parse/docx";
import type { SheetGrid } from "../../documents/parse/grid";
import { odsSheets } from "../../documents/parse/ods";
import { decodeText, parseCsvRows } from "../../documents/parse/text";
import { ParseError } from "../../documents/parse/types";
import { xlsSheets } from "../../documents/parse/xls";
import { xlsxSheets } from "../../documents/parse/xlsx";
import { badRequest } from "../../lib/errors";

export type MselFileFormat = (typeof MSEL_FILE_FORMATS)[number];

const UNSUPPORTED_MSEL_FILE =
  "Import an MSEL from an Excel workbook (.xlsx or .xls), an OpenDocument spreadsheet (.ods), a .csv or .tsv file, or a Word document (.docx) whose first table is the MSEL.";

/** The format a file name says, or null. */
function mselFileFormat(fileName: string): MselFileFormat | null {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase();
  return (MSEL_FILE_FORMATS as readonly string[]).includes(ext ?? "") ? (ext as MselFileFormat) : null;
}

const textGrid = (name: string, rows: string[][]): SheetGrid => ({ name, rows: rows.map((r) => r.map((text) => ({ text }))), hiddenColumns: [], merges: [] });

/**
 * The file's sheets as grids, through the document readers (worker/documents/parse): each workbook
 * sheet, a delimited file as one sheet, a Word document's first table as one sheet. A file that
 * cannot be read is a 400 whose message says what to do (the readers' own ParseError messages).
 */
export function readMselFile(bytes: ArrayBuffer, fileName: string): { format: MselFileFormat; sheets: SheetGrid[] } {
  const format = mselFileFormat(fileName);
  if (!format) throw badRequest(UNSUPPORTED_MSEL_FILE, "unsupported_type");
  if (bytes.byteLength === 0) throw badRequest("The file is empty. Choose the MSEL workbook or file and try again.", "empty_file");
  try {
    return { format, sheets: sheetsOf(bytes, format, fileName) };
  } catch (cause) {
    if (cause instanceof ParseError) throw badRequest(cause.message, "unreadable_file");
    throw cause;
  }
}

function sheetsOf(bytes: ArrayBuffer, format: MselFileFormat, fileName: string): SheetGrid[] {
  const stem = fileName.replace(/\.[^.]*$/, "") || "MSEL";
  switch (format) {
    case "xlsx":
      return xlsxSheets(bytes);
    case "xls":
      return xlsSheets(bytes);
    case "ods":
      return odsSheets(bytes);
    case "csv":
      return [textGrid(stem, parseCsvRows(decodeText(bytes)))];
    case "tsv":
      return [textGrid(stem, parseCsvRows(decodeText(bytes), "\t"))];
    case "docx": {
      const table = docxFirstTable(bytes);
      if (!table) throw new ParseError("This Word document has no table. Put the MSEL in a table (one row per inject) and import it again.");
      return [textGrid("First table", table)];
    }
  }
}
