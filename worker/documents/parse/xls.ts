import { oldOfficeMessages, withCompoundFile } from "./cfb";
import { rowsWithHeaders } from "./table";
import { finish, ParseError, type ParsedDocument, type ParsedSection } from "./types";
import { MAX_COLUMNS, MAX_ROWS } from "./xlsx";
import { EMPTY_CELL, gridText, type CellRange, type GridCell, type SheetGrid } from "./grid";

const { notOpenable: NOT_XLS, encrypted: ENCRYPTED } = oldOfficeMessages("Excel", "workbook", ".xlsx");
const OLD_BIFF =
  "This workbook is in the Excel 95 (or older) format, which Readyroom cannot read. Open it in Excel or LibreOffice, save it as .xlsx and upload that.";

/** BIFF8 record types read here (MS-XLS 2.3). */
const R = {
  BOF: 0x0809,
  EOF: 0x000a,
  FILEPASS: 0x002f,
  BOUNDSHEET: 0x0085,
  SST: 0x00fc,
  CONTINUE: 0x003c,
  LABELSST: 0x00fd,
  LABEL: 0x0204,
  RSTRING: 0x00d6,
  NUMBER: 0x0203,
  RK: 0x027e,
  MULRK: 0x00bd,
  FORMULA: 0x0006,
  STRING: 0x0207,
  BOOLERR: 0x0205,
  MERGEDCELLS: 0x00e5,
  COLINFO: 0x007d,
} as const;

const ERRORS: Record<number, string> = { 0x00: "#NULL!", 0x07: "#DIV/0!", 0x0f: "#VALUE!", 0x17: "#REF!", 0x1d: "#NAME?", 0x24: "#NUM!", 0x2a: "#N/A" };

type BiffRecord = { type: number; data: Uint8Array; next: number };

/**
 * The record at `at` in a BIFF stream, or null at its end. Records are read one at a time, never
 * listed: a 30 MB stream of empty records would be millions of objects. A record running past the
 * stream's end is refused.
 */
function recordAt(stream: Uint8Array, at: number): BiffRecord | null {
  if (at + 4 > stream.length) return null;
  const type = stream[at]! | (stream[at + 1]! << 8);
  const length = stream[at + 2]! | (stream[at + 3]! << 8);
  if (at + 4 + length > stream.length) throw new ParseError(NOT_XLS);
  return { type, data: stream.subarray(at + 4, at + 4 + length), next: at + 4 + length };
}

/** A record's data and that of the CONTINUE records after it. */
function withContinues(stream: Uint8Array, record: BiffRecord): Uint8Array[] {
  const pieces = [record.data];
  for (let next = recordAt(stream, record.next); next?.type === R.CONTINUE; next = recordAt(stream, next.next)) pieces.push(next.data);
  return pieces;
}

/**
 * Reads a record's data and the CONTINUE records after it as one sequence. A string's characters
 * may be split across records; the continuation then starts with a fresh option byte saying
 * whether the rest is 8-bit or UTF-16 (MS-XLS 2.5.293 XLUnicodeRichExtendedString), which is why
 * this cannot simply concatenate the pieces.
 */
class ContinuedReader {
  private piece = 0;
  private at = 0;
  constructor(private readonly pieces: Uint8Array[]) {}

  get done(): boolean {
    this.skipEmpty();
    return this.piece >= this.pieces.length;
  }

  private skipEmpty(): void {
    while (this.piece < this.pieces.length && this.at >= this.pieces[this.piece]!.length) {
      this.piece++;
      this.at = 0;
    }
  }

  byte(): number {
    this.skipEmpty();
    const data = this.pieces[this.piece];
    if (!data) throw new RangeError("past the end of the record");
    return data[this.at++]!;
  }

  u16(): number {
    return this.byte() | (this.byte() << 8);
  }

  u32(): number {
    return (this.u16() | (this.u16() << 16)) >>> 0;
  }

  skip(n: number): void {
    for (let left = n; left > 0;) {
      this.skipEmpty();
      const data = this.pieces[this.piece];
      if (!data) throw new RangeError("past the end of the record");
      const step = Math.min(left, data.length - this.at);
      this.at += step;
      left -= step;
    }
  }

  /** `count` characters, 8-bit or UTF-16 as `wide` says, re-reading the option byte at each record boundary. */
  chars(count: number, wide: boolean): string {
    let out = "";
    let highByte = wide;
    for (let left = count; left > 0;) {
      if (this.at >= (this.pieces[this.piece]?.length ?? 0)) {
        this.piece++;
        this.at = 0;
        if (this.piece >= this.pieces.length) throw new RangeError("past the end of the record");
        highByte = (this.pieces[this.piece]![this.at++]! & 0x01) !== 0;
        continue;
      }
      const data = this.pieces[this.piece]!;
      const available = Math.floor((data.length - this.at) / (highByte ? 2 : 1));
      const n = Math.min(left, available);
      if (n === 0) throw new RangeError("a character split across records");
      const slice = data.subarray(this.at, this.at + n * (highByte ? 2 : 1));
      out += highByte ? new TextDecoder("utf-16le").decode(slice) : latin1(slice);
      this.at += slice.length;
      left -= n;
    }
    return out;
  }

  /** An XLUnicodeString / XLUnicodeRichExtendedString (16-bit length): its text, runs and phonetic data skipped. */
  unicodeString(): string {
    const count = this.u16();
    const flags = this.byte();
    const runs = flags & 0x08 ? this.u16() : 0;
    const ext = flags & 0x04 ? this.u32() : 0;
    const text = this.chars(count, (flags & 0x01) !== 0);
    this.skip(runs * 4 + ext);
    return text;
  }
}

/** 8-bit BIFF8 text is the low byte of each UTF-16 code unit, i.e. Latin-1. */
const latin1 = (bytes: Uint8Array) => String.fromCharCode(...bytes);

/** The shared string table: at most as many strings as its records hold, whatever count it declares. */
function sharedStrings(sst: Uint8Array[]): string[] {
  const reader = new ContinuedReader(sst);
  reader.skip(4);
  const declared = reader.u32();
  const strings: string[] = [];
  try {
    while (strings.length < declared && !reader.done) strings.push(reader.unicodeString());
  } catch (cause) {
    if (!(cause instanceof RangeError)) throw cause;
    // A table cut short keeps the strings read so far, as Excel does.
  }
  return strings;
}

/** An RK number (MS-XLS 2.5.217): a 30-bit integer or the high bits of a double, maybe divided by 100. */
function rkNumber(rk: number): number {
  let n: number;
  if (rk & 0x02) n = rk >> 2;
  else {
    const view = new DataView(new ArrayBuffer(8));
    view.setUint32(4, rk & 0xfffffffc, true);
    n = view.getFloat64(0, true);
  }
  return rk & 0x01 ? n / 100 : n;
}

const numberCell = (n: number): GridCell => (Number.isFinite(n) ? { text: String(n), number: n } : { text: "" });

/** A worksheet's cells (from its BOF to its EOF) as a grid, with its hidden columns and merged ranges. */
function sheetGrid(name: string, stream: Uint8Array, start: number, strings: string[]): SheetGrid {
  const rows = new Map<number, GridCell[]>();
  const hiddenColumns: number[] = [];
  const merges: CellRange[] = [];
  const put = (row: number, column: number, value: string | GridCell) => {
    const cell = typeof value === "string" ? { text: value } : value;
    // As in xlsx.ts: a cell far to the right must not materialise the gap before it.
    if (column >= MAX_COLUMNS || row >= MAX_ROWS || cell.text === "") return;
    let cells = rows.get(row);
    if (!cells) rows.set(row, (cells = []));
    cells[column] = cell;
  };
  let pendingFormula: { row: number; column: number } | null = null;
  for (let record = recordAt(stream, recordAt(stream, start)!.next); record; record = recordAt(stream, record.next)) {
    const { type, data } = record;
    if (type === R.EOF || type === R.BOF) break;
    if (data.length < 6 && type !== R.STRING && type !== R.CONTINUE) continue;
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    const row = data.length >= 4 ? view.getUint16(0, true) : 0;
    const column = data.length >= 4 ? view.getUint16(2, true) : 0;
    try {
      switch (type) {
        case R.LABELSST:
          if (data.length >= 10) put(row, column, strings[view.getUint32(6, true)] ?? "");
          break;
        case R.LABEL:
        case R.RSTRING:
          put(row, column, new ContinuedReader([data.subarray(6)]).unicodeString());
          break;
        case R.NUMBER:
          if (data.length >= 14) put(row, column, numberCell(view.getFloat64(6, true)));
          break;
        case R.RK:
          if (data.length >= 10) put(row, column, numberCell(rkNumber(view.getUint32(6, true))));
          break;
        case R.MULRK: {
          const count = Math.floor((data.length - 6) / 6);
          for (let k = 0; k < count; k++) put(row, column + k, numberCell(rkNumber(view.getUint32(4 + k * 6 + 2, true))));
          break;
        }
        case R.BOOLERR:
          if (data.length >= 8) put(row, column, data[7] ? (ERRORS[data[6]!] ?? "#ERROR") : data[6] ? "TRUE" : "FALSE");
          break;
        case R.FORMULA: {
          if (data.length < 14) break;
          // The cached result: a double, or (last two bytes 0xFFFF) a tagged string, boolean or error.
          if (view.getUint16(12, true) !== 0xffff) put(row, column, numberCell(view.getFloat64(6, true)));
          else if (data[6] === 0) pendingFormula = { row, column };
          else if (data[6] === 1) put(row, column, data[8] ? "TRUE" : "FALSE");
          else if (data[6] === 2) put(row, column, ERRORS[data[8]!] ?? "#ERROR");
          break;
        }
        case R.STRING: {
          if (!pendingFormula) break;
          put(pendingFormula.row, pendingFormula.column, new ContinuedReader(withContinues(stream, record)).unicodeString());
          pendingFormula = null;
          break;
        }
        case R.MERGEDCELLS: {
          // Ref8 ranges: first row, last row, first column, last column.
          const count = Math.min(view.getUint16(0, true), Math.floor((data.length - 2) / 8));
          for (let k = 0; k < count; k++) {
            const at = 2 + k * 8;
            merges.push({
              top: view.getUint16(at, true),
              bottom: view.getUint16(at + 2, true),
              left: view.getUint16(at + 4, true),
              right: view.getUint16(at + 6, true),
            });
          }
          break;
        }
        case R.COLINFO: {
          // colFirst, colLast, width, format, options (bit 0: hidden).
          if (data.length >= 10 && view.getUint16(8, true) & 0x0001) {
            for (let c = row; c <= Math.min(column, MAX_COLUMNS - 1); c++) hiddenColumns.push(c);
          }
          break;
        }
      }
    } catch (cause) {
      // One damaged cell record loses that cell, not the sheet.
      if (!(cause instanceof RangeError)) throw cause;
    }
  }
  // Dense, so a row's index is its row number (merged ranges point at rows).
  let last = -1;
  for (const r of rows.keys()) last = Math.max(last, r);
  const grid: GridCell[][] = [];
  for (let r = 0; r <= last; r++) grid.push(Array.from(rows.get(r) ?? [], (v) => v ?? EMPTY_CELL));
  return { name, rows: grid, hiddenColumns, merges };
}

/**
 * Excel 97–2003 (.xls, BIFF8 in the "Workbook" stream): one section per worksheet in workbook
 * order, rows read as xlsx.ts reads them ("Shelter: Lincoln High, Capacity: 450"). Cached formula
 * results are read, not recalculated. Excel 95 and older ("Book" stream, BIFF5) are refused with
 * what to do: they predate the shared string table and are rare among planners' files.
 */
export function parseXls(bytes: ArrayBuffer): ParsedDocument {
  const sections: ParsedSection[] = xlsSheets(bytes).map((sheet) => ({ heading: sheet.name, text: rowsWithHeaders(gridText(sheet.rows)) }));
  return finish(sections, "This workbook has no cells with text or numbers to index.");
}

/** Every worksheet of an .xls as a grid, in workbook order (ParseError when it cannot be read). */
export function xlsSheets(bytes: ArrayBuffer): SheetGrid[] {
  return withCompoundFile(bytes, NOT_XLS, (cfb) => {
    const stream = cfb.read("Workbook");
    if (!stream) throw new ParseError(cfb.entries.has("Book") ? OLD_BIFF : NOT_XLS);
    return workbookGrids(stream);
  });
}

/** The worksheets of a BIFF8 Workbook stream. */
function workbookGrids(stream: Uint8Array): SheetGrid[] {
  const bof = recordAt(stream, 0);
  if (!bof || bof.type !== R.BOF || bof.data.length < 2) throw new ParseError(NOT_XLS);
  if ((bof.data[0]! | (bof.data[1]! << 8)) !== 0x0600) throw new ParseError(OLD_BIFF);

  // The workbook globals, up to their EOF: sheet names and offsets, the shared strings.
  const sheets: { name: string; offset: number; hidden: boolean }[] = [];
  let strings: string[] = [];
  for (let record = recordAt(stream, bof.next); record && record.type !== R.EOF; record = recordAt(stream, record.next)) {
    const { type, data } = record;
    if (type === R.FILEPASS) throw new ParseError(ENCRYPTED);
    if (type === R.BOUNDSHEET && data.length >= 8) {
      // Worksheets only (dt 0); chart and macro sheets have no cells to read.
      if (data[5] !== 0) continue;
      const offset = new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(0, true);
      // hsState: 0 visible, 1 hidden, 2 very hidden.
      const hidden = (data[4]! & 0x03) !== 0;
      const reader = new ContinuedReader([data.subarray(6)]);
      try {
        const count = reader.byte();
        sheets.push({ name: reader.chars(count, (reader.byte() & 0x01) !== 0), offset, hidden });
      } catch {
        sheets.push({ name: `Sheet ${sheets.length + 1}`, offset, hidden });
      }
    } else if (type === R.SST) strings = sharedStrings(withContinues(stream, record));
  }

  const grids: SheetGrid[] = [];
  // Each sheet is read once, however many sheet records name its offset.
  const read = new Set<number>();
  for (const sheet of sheets) {
    if (read.has(sheet.offset) || recordAt(stream, sheet.offset)?.type !== R.BOF) continue;
    read.add(sheet.offset);
    const grid = sheetGrid(sheet.name, stream, sheet.offset, strings);
    grids.push(sheet.hidden ? { ...grid, hidden: true } : grid);
  }
  return grids;
}
