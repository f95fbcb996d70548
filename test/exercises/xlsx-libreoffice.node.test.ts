import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { MSEL_COLUMN_LABELS, mselColumns, type MselRow } from "../../shared/db/exercise-shapes";
import { MSEL_CAVEAT, MSEL_TITLE_ROWS, mselToXlsx } from "../../worker/exercises/export/xlsx";
import { PLAN_REFERENCE_HEADER } from "../../worker/exercises/export/plan-references";
import { parseCsv } from "../helpers/csv";

/**
 * The xlsx MSEL opens in LibreOffice and reads back the same rows (issue 32 item 7): LibreOffice's
 * own converter turns the workbook into CSV, cell values as shown. LibreOffice is a test dependency
 * like Chromium: .ci/run installs Debian's libreoffice-calc-nogui, and a machine without it fails here
 * saying so — never skips.
 */

const dir = mkdtempSync(path.join(tmpdir(), "readyroom-xlsx-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function soffice(args: string[]): void {
  try {
    // Its own profile directory: parallel runs (and a desktop LibreOffice) would otherwise share one and block.
    execFileSync("soffice", [`-env:UserInstallation=${pathToFileURL(path.join(dir, "profile")).href}`, "--headless", ...args], {
      stdio: "pipe",
      timeout: 120_000,
    });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") {
      throw new Error("LibreOffice is not installed (no `soffice` on PATH): run `apt-get install libreoffice-calc-nogui` (.ci/run does).");
    }
    throw err;
  }
}

/** LibreOffice ends CSV lines with LF; the RFC 4180 reader wants CRLF. LFs inside quoted cells are kept. */
function crlf(text: string): string {
  let out = "";
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    out += ch === "\n" && !quoted ? "\r\n" : ch;
  }
  return out;
}

function roundTrip(name: string, rows: MselRow[]): string[][] {
  const file = path.join(dir, `${name}.xlsx`);
  writeFileSync(file, mselToXlsx("Harbor Flood TTX", rows, new Date("2026-03-31T12:00:00Z")));
  // 44 = comma, 34 = double quote, 76 = UTF-8, 1 = from the first row.
  soffice(["--convert-to", "csv:Text - txt - csv (StarCalc):44,34,76,1", "--outdir", dir, file]);
  return parseCsv(crlf(readFileSync(path.join(dir, `${name}.csv`), "utf8")));
}

const row = (values: Partial<Record<(typeof mselColumns)[number], string>>): MselRow => values;

describe("xlsx MSEL in LibreOffice", () => {
  it("reads back the title block, the header by its labels and every inject's cells as written", () => {
    const rows: MselRow[] = [
      row({
        event: "1",
        date: "2026-03-01",
        time: "09:15",
        category: "Contextual",
        injectMode: "Phone",
        synopsis: "Levee seepage reported",
        from: "SimCell",
        to: "EOC",
        message: "Caller reports water\non Levee Rd & 5th <urgent>",
        expectedAction: "Dispatch",
        responsibleOrganization: "Public Works",
        pocAuthor: "J. Doe",
        comment: "",
      }),
      row({ event: "2", date: "Day 2", time: "T+30", category: "Alert", synopsis: "=1+1 is text, not a formula", message: "Évacuation — zone A, 100 %" }),
      row({ event: "3", time: "08:00:30", synopsis: "Seconds kept" }),
      row({ event: "4", time: "9:15 AM", date: "2026-02-30", synopsis: "Not a date, not a canonical time: text" }),
      { event: "5", synopsis: "Grounded", source: { documentId: "d", chunkId: "c", quote: "Open the EOC.", documentName: "EOP" } },
    ];
    const csv = roundTrip("msel", rows);
    expect(csv[0]![0]).toBe("Harbor Flood TTX");
    expect(csv[1]![0]).toBe(MSEL_CAVEAT);
    expect(csv[2]![0]).toMatch(/^Master Scenario Events List · 5 injects · exported 2026-03-31/);
    expect(csv[MSEL_TITLE_ROWS]).toEqual([...mselColumns.map((c) => MSEL_COLUMN_LABELS[c]), PLAN_REFERENCE_HEADER]);
    const body = csv.slice(MSEL_TITLE_ROWS + 1);
    expect(body).toEqual([
      [
        "1",
        "2026-03-01",
        "09:15",
        "Contextual",
        "Phone",
        "Levee seepage reported",
        "SimCell",
        "EOC",
        "Caller reports water\non Levee Rd & 5th <urgent>",
        "Dispatch",
        "Public Works",
        "J. Doe",
        "",
        "",
      ],
      ["2", "Day 2", "T+30", "Alert", "", "=1+1 is text, not a formula", "", "", "Évacuation — zone A, 100 %", "", "", "", "", ""],
      ["3", "", "08:00:30", "", "", "Seconds kept", "", "", "", "", "", "", "", ""],
      ["4", "2026-02-30", "9:15 AM", "", "", "Not a date, not a canonical time: text", "", "", "", "", "", "", "", ""],
      ["5", "", "", "", "", "Grounded", "", "", "", "", "", "", "", "EOP — “Open the EOC.”"],
    ]);
  });

  it("stores canonical dates and times as date and time values, not text", () => {
    const file = path.join(dir, "values.xlsx");
    writeFileSync(
      file,
      mselToXlsx("Values", [row({ event: "1", date: "2026-03-01", time: "09:15", comment: "2026-03-01" })], new Date("2026-03-31T12:00:00Z")),
    );
    // LibreOffice's flat XML names each cell's value type: what it read, not what it shows.
    soffice(["--convert-to", "fods", "--outdir", dir, file]);
    const fods = readFileSync(path.join(dir, "values.fods"), "utf8");
    expect(fods).toMatch(/office:value-type="date" office:date-value="2026-03-01"/);
    expect(fods).toMatch(/office:value-type="time" office:time-value="PT09H15M00S"/);
    // The same text in a prose column stays text.
    expect(fods.match(/office:value-type="date"/g)).toHaveLength(1);
  });
});
