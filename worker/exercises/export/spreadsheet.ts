import { strToU8, zipSync } from "fflate";
import { xmlEscape } from "../../lib/xml";
import { columnLetter } from "../../documents/parse/table";

/**
 * A small SpreadsheetML (.xlsx, ECMA-376) writer on fflate, for one-sheet exports: just what a
 * planner's workbook needs — a few fixed cell styles, column widths, a frozen header, merged title
 * cells, real date and time values, a header and footer on every printed page. A spreadsheet library
 * would add hundreds of KiB to the Worker for features an export never uses.
 *
 * Text is written inline (`t="inlineStr"`), never as a formula, so a cell that begins with "=" is
 * text in every spreadsheet program: the CSV export's formula guard is not needed here.
 */

const CELL_STYLES = ["default", "title", "caveat", "note", "header", "text", "date", "time", "timeSeconds"] as const;
type CellStyle = (typeof CELL_STYLES)[number];

export type Cell =
  | { text: string; style?: CellStyle }
  /** A number as Excel stores it: a date is days since 1899-12-30, a time of day a fraction of a day. */
  | { number: number; style?: CellStyle }
  | null;

export type Sheet = {
  name: string;
  /** Column widths in characters. */
  widths: number[];
  rows: Cell[][];
  /** Rows above the pane that stays put while scrolling (the title block and the header row). */
  frozenRows: number;
  /** Cell ranges shown as one cell, e.g. "A1:N1". */
  merges: string[];
  /** Rows printed at the top of every page (1-based, inclusive). */
  printTitleRows?: [number, number];
  /** Printed at the top centre of every page (a handling caveat). */
  pageHeader?: string;
  /** The document's title in its properties. */
  title: string;
};

/** Excel's limit for one cell's text; longer text makes Excel report the file as damaged. */
const MAX_CELL_CHARS = 32_767;
const TRUNCATED = " […]";

const MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships";

/** Days since Excel's epoch (1899-12-30) of a UTC calendar day: Excel's serial for dates after February 1900. */
export const excelDateSerial = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day) / 86_400_000 + 25_569;

const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<styleSheet xmlns="${MAIN}">
<numFmts count="3"><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd"/><numFmt numFmtId="165" formatCode="hh:mm"/><numFmt numFmtId="166" formatCode="hh:mm:ss"/></numFmts>
<fonts count="5">
<font><sz val="11"/><name val="Calibri"/><family val="2"/></font>
<font><b/><sz val="16"/><color rgb="FF1F3A5F"/><name val="Calibri"/><family val="2"/></font>
<font><b/><sz val="11"/><color rgb="FF9C0006"/><name val="Calibri"/><family val="2"/></font>
<font><i/><sz val="10"/><color rgb="FF555555"/><name val="Calibri"/><family val="2"/></font>
<font><b/><sz val="11"/><color rgb="FFFFFFFF"/><name val="Calibri"/><family val="2"/></font>
</fonts>
<fills count="3"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill><fill><patternFill patternType="solid"><fgColor rgb="FF1F3A5F"/><bgColor indexed="64"/></patternFill></fill></fills>
<borders count="2"><border><left/><right/><top/><bottom/><diagonal/></border><border><left style="thin"><color rgb="FFBFBFBF"/></left><right style="thin"><color rgb="FFBFBFBF"/></right><top style="thin"><color rgb="FFBFBFBF"/></top><bottom style="thin"><color rgb="FFBFBFBF"/></bottom><diagonal/></border></borders>
<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>
<cellXfs count="${CELL_STYLES.length}">
<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>
<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>
<xf numFmtId="0" fontId="2" fillId="0" borderId="0" xfId="0" applyFont="1"/>
<xf numFmtId="0" fontId="3" fillId="0" borderId="0" xfId="0" applyFont="1"/>
<xf numFmtId="0" fontId="4" fillId="2" borderId="1" xfId="0" applyFont="1" applyFill="1" applyBorder="1" applyAlignment="1"><alignment vertical="center" wrapText="1"/></xf>
<xf numFmtId="0" fontId="0" fillId="0" borderId="1" xfId="0" applyBorder="1" applyAlignment="1"><alignment vertical="top" wrapText="1"/></xf>
<xf numFmtId="164" fontId="0" fillId="0" borderId="1" xfId="0" applyNumberFormat="1" applyBorder="1" applyAlignment="1"><alignment horizontal="left" vertical="top"/></xf>
<xf numFmtId="165" fontId="0" fillId="0" borderId="1" xfId="0" applyNumberFormat="1" applyBorder="1" applyAlignment="1"><alignment horizontal="left" vertical="top"/></xf>
<xf numFmtId="166" fontId="0" fillId="0" borderId="1" xfId="0" applyNumberFormat="1" applyBorder="1" applyAlignment="1"><alignment horizontal="left" vertical="top"/></xf>
</cellXfs>
<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>
</styleSheet>`;

function cellXml(cell: Cell, ref: string): string {
  if (cell === null) return "";
  const s = cell.style && cell.style !== "default" ? ` s="${CELL_STYLES.indexOf(cell.style)}"` : "";
  if ("number" in cell) return Number.isFinite(cell.number) ? `<c r="${ref}"${s}><v>${cell.number}</v></c>` : "";
  const text = cell.text.length > MAX_CELL_CHARS ? cell.text.slice(0, MAX_CELL_CHARS - TRUNCATED.length) + TRUNCATED : cell.text;
  return `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${xmlEscape(text)}</t></is></c>`;
}

/** `&` starts a code in a page header (&P is the page number), so a literal one is doubled. */
const headerText = (text: string) => xmlEscape(`&C${text.replace(/&/g, "&&")}`);

function sheetXml(sheet: Sheet): string {
  const columns = Math.max(sheet.widths.length, ...sheet.rows.map((r) => r.length), 1);
  const last = `${columnLetter(columns - 1)}${Math.max(sheet.rows.length, 1)}`;
  const top = `A${sheet.frozenRows + 1}`;
  const pane = sheet.frozenRows
    ? `<pane ySplit="${sheet.frozenRows}" topLeftCell="${top}" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="${top}" sqref="${top}"/>`
    : "";
  const cols = sheet.widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join("");
  const rows = sheet.rows.map((row, r) => `<row r="${r + 1}">${row.map((cell, c) => cellXml(cell, `${columnLetter(c)}${r + 1}`)).join("")}</row>`).join("");
  const merges = sheet.merges.length
    ? `<mergeCells count="${sheet.merges.length}">${sheet.merges.map((m) => `<mergeCell ref="${m}"/>`).join("")}</mergeCells>`
    : "";
  const header = sheet.pageHeader
    ? `<headerFooter><oddHeader>${headerText(sheet.pageHeader)}</oddHeader><oddFooter>&amp;CPage &amp;P of &amp;N</oddFooter></headerFooter>`
    : "";
  return (
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${MAIN}" xmlns:r="${REL}">` +
    `<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr><dimension ref="A1:${last}"/>` +
    `<sheetViews><sheetView tabSelected="1" workbookViewId="0">${pane}</sheetView></sheetViews>` +
    `<sheetFormatPr defaultRowHeight="15"/>${cols ? `<cols>${cols}</cols>` : ""}<sheetData>${rows}</sheetData>${merges}` +
    `<pageMargins left="0.5" right="0.5" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>` +
    `<pageSetup orientation="landscape" fitToWidth="1" fitToHeight="0"/>${header}</worksheet>`
  );
}

function workbookXml(sheet: Sheet): string {
  const name = xmlEscape(sheetName(sheet.name));
  const titles = sheet.printTitleRows
    ? `<definedNames><definedName name="_xlnm.Print_Titles" localSheetId="0">'${name.replace(/'/g, "''")}'!$${sheet.printTitleRows[0]}:$${sheet.printTitleRows[1]}</definedName></definedNames>`
    : "";
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="${MAIN}" xmlns:r="${REL}"><bookViews><workbookView/></bookViews><sheets><sheet name="${name}" sheetId="1" r:id="rId1"/></sheets>${titles}</workbook>`;
}

/** Excel's rules for a sheet name: 1–31 characters, none of : \ / ? * [ ]. */
function sheetName(name: string): string {
  return (
    name
      .replace(/[:\\/?*[\]]/g, " ")
      .slice(0, 31)
      .trim() || "Sheet1"
  );
}

/** The workbook's files, zipped. `created` goes into the document properties. */
export function writeXlsx(sheet: Sheet, created: Date): Uint8Array {
  const when = created.toISOString().replace(/\.\d{3}Z$/, "Z");
  const files: Record<string, string> = {
    "[Content_Types].xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`,
    "_rels/.rels": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`,
    "docProps/core.xml": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>${xmlEscape(sheet.title)}</dc:title><dc:creator>Readyroom</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">${when}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${when}</dcterms:modified></cp:coreProperties>`,
    "xl/workbook.xml": workbookXml(sheet),
    "xl/_rels/workbook.xml.rels": `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${PKG_REL}"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`,
    "xl/styles.xml": STYLES,
    "xl/worksheets/sheet1.xml": sheetXml(sheet),
  };
  // A fixed modification time in the zip entries: the same workbook zips to the same bytes.
  return zipSync(Object.fromEntries(Object.entries(files).map(([path, text]) => [path, [strToU8(text), { mtime: created }]])), { level: 6 });
}
