import { strToU8, zipSync } from "fflate";
import { docxFromBody } from "../documents/ingest-fixtures.ts";
import { biff, cell, compoundFile, f64, u16, workbookStream, xlString } from "../documents/legacy-fixtures.ts";

/**
 * Real-shaped MSEL files (issue 32 item 13), built from scratch in the tests — in node and in
 * workerd alike, since neither can run LibreOffice there — so each test says exactly what is in the
 * file. The spreadsheets are written as Excel, LibreOffice and Word write them: shared strings,
 * numbers for dates and times, merged ranges, hidden columns, repeated OpenDocument rows and cells.
 */

/** A cell: text, a number (Excel serial for dates and times), or empty. */
type FixtureCell = string | number | null;
export type FixtureSheet = {
  name: string;
  rows: FixtureCell[][];
  /** "A1:I1" */
  merges?: string[];
  /** Zero-based hidden columns. */
  hiddenColumns?: number[];
  hidden?: boolean;
};

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const toBuffer = (bytes: Uint8Array) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
export const textFile = (text: string) => toBuffer(new TextEncoder().encode(text));

function letter(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** An .xlsx as Excel writes it: workbook, relationships, shared strings, one worksheet part per sheet. */
export function makeXlsx(sheets: FixtureSheet[]): ArrayBuffer {
  const strings: string[] = [];
  const stringIndex = new Map<string, number>();
  const shared = (s: string) => {
    if (!stringIndex.has(s)) {
      stringIndex.set(s, strings.length);
      strings.push(s);
    }
    return stringIndex.get(s)!;
  };
  const files: Record<string, Uint8Array> = {};
  sheets.forEach((sheet, i) => {
    const cols = (sheet.hiddenColumns ?? []).map((c) => `<col min="${c + 1}" max="${c + 1}" width="0" hidden="1" customWidth="1"/>`).join("");
    const rows = sheet.rows
      .map((row, r) => {
        const cells = row
          .map((value, c) => {
            if (value === null || value === "") return "";
            const ref = `${letter(c)}${r + 1}`;
            return typeof value === "number" ? `<c r="${ref}" s="1"><v>${value}</v></c>` : `<c r="${ref}" t="s"><v>${shared(value)}</v></c>`;
          })
          .join("");
        return cells ? `<row r="${r + 1}">${cells}</row>` : "";
      })
      .join("");
    const merges = sheet.merges?.length
      ? `<mergeCells count="${sheet.merges.length}">${sheet.merges.map((m) => `<mergeCell ref="${m}"/>`).join("")}</mergeCells>`
      : "";
    files[`xl/worksheets/sheet${i + 1}.xml`] = strToU8(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">${cols ? `<cols>${cols}</cols>` : ""}<sheetData>${rows}</sheetData>${merges}</worksheet>`,
    );
  });
  files["xl/workbook.xml"] = strToU8(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${sheets
      .map((s, i) => `<sheet name="${escapeXml(s.name)}" sheetId="${i + 1}"${s.hidden ? ' state="hidden"' : ""} r:id="rId${i + 1}"/>`)
      .join("")}</sheets></workbook>`,
  );
  files["xl/_rels/workbook.xml.rels"] = strToU8(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets
      .map(
        (_, i) =>
          `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
      )
      .join("")}</Relationships>`,
  );
  files["xl/sharedStrings.xml"] = strToU8(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.length}" uniqueCount="${strings.length}">${strings
      .map((s) => `<si><t xml:space="preserve">${escapeXml(s)}</t></si>`)
      .join("")}</sst>`,
  );
  files["[Content_Types].xml"] = strToU8(
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>`,
  );
  return toBuffer(zipSync(files));
}

/** Excel serial ↔ ISO (for building the sheets). */
export const serialOf = (iso: string) => Date.parse(`${iso}Z`) / 86_400_000 + 25_569;

/**
 * An .ods as LibreOffice Calc writes it: typed cells (float, date, time), a collapsed column,
 * spanned cells with covered cells after them, a run of empty cells as one repeated cell, and the
 * sheet's empty tail as one row repeated a million times.
 */
export function makeOds(sheets: FixtureSheet[]): ArrayBuffer {
  const tables = sheets
    .map((sheet) => {
      const width = Math.max(...sheet.rows.map((r) => r.length), 1);
      const hidden = new Set(sheet.hiddenColumns ?? []);
      const columns = Array.from({ length: width }, (_, c) => `<table:table-column${hidden.has(c) ? ' table:visibility="collapse"' : ""}/>`).join("");
      const spans = new Map<string, { columns: number; rows: number }>();
      const covered = new Set<string>();
      for (const m of sheet.merges ?? []) {
        const [a, b] = m.split(":");
        const [c1, r1] = [a!.charCodeAt(0) - 65, Number(a!.slice(1)) - 1];
        const [c2, r2] = [b!.charCodeAt(0) - 65, Number(b!.slice(1)) - 1];
        spans.set(`${r1},${c1}`, { columns: c2 - c1 + 1, rows: r2 - r1 + 1 });
        for (let r = r1; r <= r2; r++) for (let c = c1; c <= c2; c++) if (r !== r1 || c !== c1) covered.add(`${r},${c}`);
      }
      const rows = sheet.rows
        .map((row, r) => {
          const cells: string[] = [];
          let empties = 0;
          const flush = () => {
            if (empties) cells.push(empties > 1 ? `<table:table-cell table:number-columns-repeated="${empties}"/>` : "<table:table-cell/>");
            empties = 0;
          };
          row.forEach((value, c) => {
            if (covered.has(`${r},${c}`)) {
              flush();
              cells.push("<table:covered-table-cell/>");
              return;
            }
            if (value === null || value === "") {
              empties++;
              return;
            }
            flush();
            const span = spans.get(`${r},${c}`);
            const spanAttrs = span ? ` table:number-columns-spanned="${span.columns}" table:number-rows-spanned="${span.rows}"` : "";
            if (typeof value === "number") {
              const attrs = odsValue(value);
              cells.push(`<table:table-cell${attrs}${spanAttrs}><text:p>${value}</text:p></table:table-cell>`);
            } else {
              const paragraphs = value
                .split("\n")
                .map((p) => `<text:p>${escapeXml(p)}</text:p>`)
                .join("");
              cells.push(`<table:table-cell office:value-type="string"${spanAttrs}>${paragraphs}</table:table-cell>`);
            }
          });
          flush();
          return `<table:table-row>${cells.join("")}</table:table-row>`;
        })
        .join("");
      const tail = `<table:table-row table:number-rows-repeated="1048500"><table:table-cell table:number-columns-repeated="1024"/></table:table-row>`;
      return `<table:table table:name="${escapeXml(sheet.name)}" table:style-name="${sheet.hidden ? "ta2" : "ta1"}">${columns}${rows}${tail}</table:table>`;
    })
    .join("");
  // A hidden sheet as Calc marks it: its table style does not display.
  const styles = `<office:automatic-styles><style:style style:name="ta1" style:family="table" style:master-page-name="Default"><style:table-properties table:display="true" style:writing-mode="lr-tb"/></style:style><style:style style:name="ta2" style:family="table" style:master-page-name="Default"><style:table-properties table:display="false" style:writing-mode="lr-tb"/></style:style></office:automatic-styles>`;
  const content = `<?xml version="1.0" encoding="UTF-8"?>\n<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.3">${styles}<office:body><office:spreadsheet>${tables}</office:spreadsheet></office:body></office:document-content>`;
  return toBuffer(
    zipSync({
      mimetype: [strToU8("application/vnd.oasis.opendocument.spreadsheet"), { level: 0 }],
      "content.xml": strToU8(content),
    }),
  );
}

/** A number as OpenDocument types it: a date (with time) from 20000 on, a time of day below 1, else a float. */
function odsValue(n: number): string {
  if (n >= 20_000) {
    const iso = new Date(Math.round((n - 25_569) * 86_400_000)).toISOString().slice(0, 19);
    return ` office:value-type="date" office:date-value="${iso.endsWith("T00:00:00") ? iso.slice(0, 10) : iso}"`;
  }
  if (n > 0 && n < 1) {
    const minutes = Math.round(n * 1440);
    return ` office:value-type="time" office:time-value="PT${String(Math.floor(minutes / 60)).padStart(2, "0")}H${String(minutes % 60).padStart(2, "0")}M00S"`;
  }
  return ` office:value-type="float" office:value="${n}"`;
}

/** An .xls (BIFF8) as Excel 97–2003 writes it: LABEL and NUMBER cells, MERGEDCELLS, a hidden COLINFO. */
export function makeXls(sheets: FixtureSheet[]): ArrayBuffer {
  const stream = workbookStream(
    sheets.map((sheet) => {
      const records: Uint8Array[] = [];
      for (const c of sheet.hiddenColumns ?? []) records.push(biff(0x007d, [...u16(c), ...u16(c), ...u16(0), ...u16(15), ...u16(1), ...u16(0)]));
      sheet.rows.forEach((row, r) =>
        row.forEach((value, c) => {
          if (value === null || value === "") return;
          if (typeof value === "number") records.push(biff(0x0203, [...cell(r, c), ...f64(value)]));
          else
            records.push(
              biff(0x0204, [
                ...cell(r, c),
                ...xlString(
                  value,
                  [...value].some((ch) => ch.charCodeAt(0) > 0xff),
                ),
              ]),
            );
        }),
      );
      if (sheet.merges?.length) {
        const ranges = sheet.merges.flatMap((m) => {
          const [a, b] = m.split(":");
          return [...u16(Number(a!.slice(1)) - 1), ...u16(Number(b!.slice(1)) - 1), ...u16(a!.charCodeAt(0) - 65), ...u16(b!.charCodeAt(0) - 65)];
        });
        records.push(biff(0x00e5, [...u16(sheet.merges.length), ...ranges]));
      }
      return { name: sheet.name, records, hidden: sheet.hidden };
    }),
  );
  return compoundFile({ Workbook: stream });
}

/** A .docx with a title paragraph and the rows as its first table (Word's w:tbl / w:tr / w:tc). */
export function makeDocxTable(title: string, rows: string[][]): ArrayBuffer {
  const cellXml = (text: string) =>
    `<w:tc><w:tcPr><w:tcW w:w="1000" w:type="dxa"/></w:tcPr>${text
      .split("\n")
      .map((p) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(p)}</w:t></w:r></w:p>`)
      .join("")}</w:tc>`;
  const table = `<w:tbl><w:tblPr><w:tblStyle w:val="TableGrid"/></w:tblPr>${rows.map((r) => `<w:tr>${r.map(cellXml).join("")}</w:tr>`).join("")}</w:tbl>`;
  return docxFromBody(`<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>${escapeXml(title)}</w:t></w:r></w:p>${table}<w:p/>`);
}

// ---------------------------------------------------------------------------------------------
// The fixtures: each with the mapping a planner would choose (the truth mapping accuracy is measured against).

const D = serialOf("2026-03-01T00:00:00");
const T = (hhmm: string) => (Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3))) / 1440;

/**
 * An HSEEP-style workbook: an instructions sheet first, then the MSEL under a handling banner and a
 * title block; "Delivery" merged over Date and Time in a two-row header; dates and times as Excel
 * serials (and one "0915" typed as text, one "TBD"); a "DAY 2" banner merged across the table; a
 * hidden helper column; an extra "Location" column.
 */
export const HSEEP_WORKBOOK: FixtureSheet[] = [
  { name: "Instructions", rows: [["How to use this MSEL"], ["Enter one inject per row on the MSEL sheet."], ["Times are Eastern."]] },
  {
    name: "MSEL",
    rows: [
      ["FOR OFFICIAL USE ONLY"],
      ["Operation Rising Water — Full-Scale Exercise"],
      ["Master Scenario Events List"],
      [],
      [
        "Inject No.",
        "Delivery",
        null,
        "Inject Type",
        "Delivery Method",
        "Originator",
        "Recipient",
        "Inject Description",
        "Message / Inject Text",
        "Expected Player Action",
        "Core Capability",
        "Controller Notes",
        "Sort key",
        "Location",
      ],
      [null, "Date", "Time (EST)"],
      [
        1,
        D,
        T("08:00"),
        "Contextual",
        "Phone",
        "SimCell (NWS)",
        "EOC Director",
        "Flood warning issued",
        "The NWS has issued a flood warning for the Harlow River.",
        "Activate the EOC to Level 2",
        "Situational Assessment",
        "Start the clock",
        101,
        "EOC",
      ],
      [
        2,
        D,
        "0915",
        "Expected Action",
        "Email",
        "SimCell (Public Works)",
        "Operations Section",
        "Levee seepage reported",
        "Crews report seepage at levee mile 4.\nSandbags needed.",
        "Deploy sandbag teams",
        "Infrastructure Systems",
        null,
        102,
        "Levee 4",
      ],
      [
        3,
        D,
        "TBD",
        "Contingency",
        "Radio",
        "SimCell (Fire)",
        "Fire Branch",
        "Swift-water rescue request",
        "Two people stranded on Route 9.",
        "Dispatch swift-water team",
        "Mass Search and Rescue Operations",
        "Use only if players stall",
        103,
        "Route 9",
      ],
      ["DAY 2"],
      [
        4,
        D + 1,
        T("07:30"),
        "Contextual",
        "Briefing",
        "Exercise Director",
        "All players",
        "Overnight update",
        "The river crested at 3 a.m.",
        "Update the IAP",
        "Planning",
        null,
        104,
        "EOC",
      ],
    ],
    merges: ["A1:N1", "A2:N2", "B5:C5", "A5:A6", "D5:D6", "E5:E6", "F5:F6", "G5:G6", "H5:H6", "I5:I6", "J5:J6", "K5:K6", "L5:L6", "N5:N6", "A10:N10"],
    hiddenColumns: [12],
  },
];

export const HSEEP_TRUTH: Record<string, string> = {
  "Inject No.": "event",
  Date: "date",
  "Time (EST)": "time",
  "Inject Type": "category",
  "Delivery Method": "injectMode",
  Originator: "from",
  Recipient: "to",
  "Inject Description": "synopsis",
  "Message / Inject Text": "message",
  "Expected Player Action": "expectedAction",
  "Core Capability": "comment",
  "Controller Notes": "comment",
  Location: "comment",
};

/** Another tool's CSV export: its own vocabulary, offsets from H-hour, a quoted multi-line message, "Event" holding the description. */
export const OTHER_TOOL_CSV = [
  "Seq #,H-Hour,Mode,Simulated By,Player,Event,Inject,Expected Response,Agency,POC,Objective,Remarks",
  '1,H+0,Phone,County 911,Dispatch,Chemical release at the rail yard,"Caller reports a green cloud near the rail yard.\nSeveral people coughing.",Dispatch HazMat,Fire,J. Ortiz,Obj 1: Notification,',
  "2,H+0:30,Radio,HazMat 1,Incident Command,Plume moving east,Wind has shifted; the plume is moving toward the school.,Order shelter-in-place,Emergency Management,K. Lee,Obj 2: Protective actions,Key decision point",
  "3,T+45,Email,State EOC,PIO,Media inquiry,A TV station asks for a statement.,Issue a holding statement,Public Information,K. Lee,Obj 3: Public information,",
].join("\r\n");

export const OTHER_TOOL_TRUTH: Record<string, string> = {
  "Seq #": "event",
  "H-Hour": "time",
  Mode: "injectMode",
  "Simulated By": "from",
  Player: "to",
  Event: "synopsis",
  Inject: "message",
  "Expected Response": "expectedAction",
  Agency: "responsibleOrganization",
  POC: "pocAuthor",
  Objective: "comment",
  Remarks: "comment",
};

/** A Word MSEL: a heading, then the table (Readyroom's own words mixed with others). */
export const WORD_MSEL_ROWS: string[][] = [
  ["#", "Time", "Synopsis", "From / Originator", "To / Recipient", "Message", "Expected Response"],
  ["1", "9:00 AM", "Shelter opens", "Red Cross", "Mass Care", "Lincoln High shelter is open with 450 beds.", "Track shelter population"],
  [
    "2",
    "9:45 AM",
    "Generator failure",
    "School district",
    "Logistics",
    "The shelter generator has failed.\nThe gym is dark.",
    "Source a replacement generator",
  ],
];

export const WORD_TRUTH: Record<string, string> = {
  "#": "event",
  Time: "time",
  Synopsis: "synopsis",
  "From / Originator": "from",
  "To / Recipient": "to",
  Message: "message",
  "Expected Response": "expectedAction",
};

/** Mapping accuracy against a truth: columns mapped as the truth says, out of the truth's columns. */
export function mappingAccuracy(
  columns: { header: string; target: string }[],
  truth: Record<string, string>,
): { right: number; total: number; wrong: string[] } {
  const wrong: string[] = [];
  let right = 0;
  for (const [header, target] of Object.entries(truth)) {
    const found = columns.find((c) => c.header === header);
    if (found?.target === target) right++;
    else wrong.push(`${header} → ${found?.target ?? "missing"} (want ${target})`);
  }
  return { right, total: Object.keys(truth).length, wrong };
}

/** An MSEL of `count` injects (header on row 1, serial times), for the bench and the size tests. */
export function generatedMsel(count: number): FixtureSheet {
  const header = [
    "Inject No.",
    "Date",
    "Time",
    "Inject Type",
    "Delivery Method",
    "Originator",
    "Recipient",
    "Inject Description",
    "Message",
    "Expected Player Action",
    "Notes",
  ];
  const rows: FixtureCell[][] = [header];
  for (let i = 0; i < count; i++) {
    rows.push([
      i + 1,
      D + Math.floor(i / 200),
      ((8 * 60 + (i % 200) * 3) % 1440) / 1440,
      i % 3 ? "Contextual" : "Expected Action",
      ["Phone", "Email", "Radio"][i % 3]!,
      `SimCell cell ${i % 7}`,
      `Player group ${i % 5}`,
      `Inject ${i + 1}: river gauge update`,
      `The river gauge at station ${i % 11} reads ${(12 + (i % 9) * 0.5).toFixed(1)} ft and rising; the levee crew at mile ${i % 13} reports seepage.`,
      "Review the protective action recommendation",
      i % 4 ? null : "Key decision point",
    ]);
  }
  return { name: "MSEL", rows };
}

/** The same rows as CSV (serials written as the times and dates they stand for, as a CSV export holds them). */
export function csvOfSheet(sheet: FixtureSheet, headerColumns: { date?: number; time?: number } = { date: 1, time: 2 }): string {
  const quote = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return sheet.rows
    .map((row, r) =>
      row
        .map((value, c) => {
          if (value === null) return "";
          if (typeof value !== "number" || r === 0) return quote(String(value));
          if (c === headerColumns.date) return new Date((value - 25_569) * 86_400_000).toISOString().slice(0, 10);
          if (c === headerColumns.time) {
            const m = Math.round(value * 1440);
            return `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
          }
          return String(value);
        })
        .join(","),
    )
    .join("\n");
}
