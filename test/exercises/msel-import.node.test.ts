import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { HttpError } from "../../worker/lib/errors";
import { columnForHeader, proposeMapping } from "../../worker/exercises/msel-import/vocabulary";
import { cellValue } from "../../worker/exercises/msel-import/values";
import { previewMsel } from "../../worker/exercises/msel-import/service";
import {
  HSEEP_TRUTH,
  HSEEP_WORKBOOK,
  makeDocxTable,
  makeOds,
  makeXls,
  makeXlsx,
  mappingAccuracy,
  OTHER_TOOL_CSV,
  OTHER_TOOL_TRUTH,
  serialOf,
  textFile,
  WORD_MSEL_ROWS,
  WORD_TRUTH,
} from "./msel-fixtures";

const preview = (bytes: ArrayBuffer, fileName: string, options = {}) => previewMsel({ bytes, fileName }, options);

function refusal(run: () => unknown): { status: number; code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return { status: error.status, code: error.code, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("MSEL column vocabulary", () => {
  it.each([
    ["Seq No", "event"],
    ["#", "event"],
    ["Inject No.", "event"],
    ["Date/Time Delivered", "time"],
    ["H-hour", "time"],
    ["Time (EST)", "time"],
    ["Inject Type", "category"],
    ["Delivery Method / Mode", "injectMode"],
    ["Originator / From / Simulated by", "from"],
    ["Recipient / To / Player", "to"],
    ["Inject Description / Event / Synopsis", "synopsis"],
    ["Message / Inject Text", "message"],
    ["Expected Player Action / Expected Response", "expectedAction"],
    ["Core Capability / Objective / Notes / Controller Notes", "comment"],
    ["Responsible Agency", "responsibleOrganization"],
    ["POC / Author", "pocAuthor"],
    ["Responsible Controller", "pocAuthor"],
  ])("%s → %s", (header, column) => {
    expect(columnForHeader(header)).toBe(column);
  });

  it("a title or banner is no column, and a column nobody names goes to comment with its header", () => {
    expect(columnForHeader("FOR OFFICIAL USE ONLY")).toBeNull();
    expect(columnForHeader("Operation Rising Water — Full-Scale Exercise — Master Scenario Events List (revised)")).toBeNull();
    expect(proposeMapping(["Time", "Location"], [["09:00", "EOC"]])).toEqual(["time", "comment"]);
  });

  it('"Event" is the number when its values are numbers, the description otherwise; a second column for one target is kept in comment', () => {
    expect(proposeMapping(["Event", "Synopsis"], [["1", "Flood"]])).toEqual(["event", "synopsis"]);
    expect(proposeMapping(["Event", "Time"], [["Levee breach at mile 4", "09:00"]])).toEqual(["synopsis", "time"]);
    expect(proposeMapping(["Time", "Scheduled Time"], [])).toEqual(["time", "comment"]);
  });
});

describe("MSEL values", () => {
  it("Excel serials become times and dates; text conduct reads is kept as written", () => {
    expect(cellValue("time", { text: "0.385416666666667", number: 0.385416666666667 })).toEqual({ text: "09:15", unreadable: false });
    expect(cellValue("time", { text: "915", number: 915 })).toEqual({ text: "09:15", unreadable: false });
    expect(cellValue("date", { text: "46082", number: serialOf("2026-03-01T00:00:00") })).toEqual({ text: "2026-03-01", unreadable: false });
    expect(cellValue("time", { text: "x", number: serialOf("2026-03-01T14:30:00") })).toEqual({ text: "14:30", date: "2026-03-01", unreadable: false });
    for (const text of ["0915", "09:15", "9:15 AM", "T+30", "H+1", "Day 2 08:00"]) expect(cellValue("time", { text })).toEqual({ text, unreadable: false });
    expect(cellValue("date", { text: "Day 2" })).toEqual({ text: "Day 2", unreadable: false });
    expect(cellValue("date", { text: "March 1, 2026" })).toEqual({ text: "March 1, 2026", unreadable: false });
  });

  it("a window is due at its start; a date and time in one cell are split; the unreadable is kept as written", () => {
    expect(cellValue("time", { text: "09:00-09:30" })).toEqual({ text: "09:00", unreadable: false, note: "Time window: 09:00-09:30" });
    expect(cellValue("time", { text: "0900–0930" })).toEqual({ text: "0900", unreadable: false, note: "Time window: 0900–0930" });
    expect(cellValue("time", { text: "3/1/2026 09:15" })).toEqual({ text: "09:15", date: "3/1/2026", unreadable: false });
    expect(cellValue("time", { text: "TBD" })).toEqual({ text: "TBD", unreadable: true });
    expect(cellValue("date", { text: "next week" })).toEqual({ text: "next week", unreadable: true });
    expect(cellValue("message", { text: "#REF!" })).toEqual({ text: "#REF!", unreadable: true });
  });
});

describe("MSEL files (fixtures made in the test)", () => {
  it("xlsx: the MSEL sheet is chosen over the instructions, the header found under the banner and title, merged header cells read, the hidden column and the DAY 2 banner left out", () => {
    const result = preview(makeXlsx(HSEEP_WORKBOOK), "rising-water.xlsx");
    expect(result.sheets.map((s) => s.name)).toEqual(["Instructions", "MSEL"]);
    expect(result.sheet).toBe("MSEL");
    expect(result.headerRow).toBe(6);
    expect(result.columns.map((c) => c.header)).not.toContain("Sort key");
    expect(mappingAccuracy(result.columns, HSEEP_TRUTH)).toEqual({ right: 13, total: 13, wrong: [] });
    expect(result.rowCount).toBe(4);
    expect(result.unreadableCells).toBe(1);
    const [first, second, third, fourth] = result.rows;
    expect(first).toMatchObject({
      event: "1",
      date: "2026-03-01",
      time: "08:00",
      category: "Contextual",
      injectMode: "Phone",
      from: "SimCell (NWS)",
      to: "EOC Director",
    });
    expect(first!.comment).toBe("Core Capability: Situational Assessment\nController Notes: Start the clock\nLocation: EOC");
    expect(second).toMatchObject({ time: "0915", message: "Crews report seepage at levee mile 4.\nSandbags needed." });
    expect(third!.time).toBe("TBD");
    expect(fourth).toMatchObject({ event: "4", date: "2026-03-02", time: "07:30", synopsis: "Overnight update" });
    expect(result.warnings.join("\n")).toMatch(/hidden column is left out/);
    expect(result.warnings).toContain("Kept in Comment, with their header: Location.");
    // "Mass Search and Rescue Operations" is a core capability; "Planning" is too; "Infrastructure Systems" and "Situational Assessment" likewise.
    expect(result.warnings).toContain(
      "The new exercise lists the file's 4 core capabilities (Situational Assessment, Infrastructure Systems, Mass Search and Rescue Operations, Planning) under Core capabilities.",
    );
    expect(result.warnings.join("\n")).toMatch(/section heading row/);
    expect(result.warnings.join("\n")).toMatch(/1 date or time could not be read.*row 9 \(Time \(EST\)\)/);
  });

  it("xls and ods of the same workbook read the same rows as the xlsx", () => {
    const xlsx = preview(makeXlsx(HSEEP_WORKBOOK), "rising-water.xlsx");
    for (const [bytes, name] of [
      [makeXls(HSEEP_WORKBOOK), "rising-water.xls"],
      [makeOds(HSEEP_WORKBOOK), "rising-water.ods"],
    ] as const) {
      const other = preview(bytes, name);
      expect(other.columns.map((c) => [c.header, c.target])).toEqual(xlsx.columns.map((c) => [c.header, c.target]));
      expect(other.rows).toEqual(xlsx.rows);
      expect(other.unreadableCells).toBe(1);
    }
  });

  it("a hidden sheet is marked hidden and not chosen, even with the more MSEL-like header, in xlsx, xls and ods alike", () => {
    // A workbook's hidden "Lookup" copy of the MSEL (full header) beside the visible, shorter one.
    const workbook = [
      {
        name: "Lookup",
        hidden: true,
        rows: [
          ["#", "Time", "Inject Type", "From", "To", "Synopsis", "Message", "Expected Action"],
          ["1", "08:00", "Contextual", "NWS", "EOC", "Old copy", "x", "y"],
        ],
      },
      {
        name: "Injects",
        rows: [
          ["#", "Time", "Synopsis", "Message"],
          ["1", "09:00", "River rising", "Gauge at 18 ft."],
        ],
      },
    ];
    for (const [bytes, name] of [
      [makeXlsx(workbook), "hidden.xlsx"],
      [makeXls(workbook), "hidden.xls"],
      [makeOds(workbook), "hidden.ods"],
    ] as const) {
      const result = preview(bytes, name);
      expect(
        result.sheets.map((s) => [s.name, s.hidden]),
        name,
      ).toEqual([
        ["Lookup", true],
        ["Injects", false],
      ]);
      expect(result.sheet, name).toBe("Injects");
      expect(result.rows[0]!.synopsis, name).toBe("River rising");
      // Asked for by name, the hidden sheet is read.
      expect(preview(bytes, name, { sheet: "Lookup" }).rows[0]!.synopsis, name).toBe("Old copy");
    }
  });

  it("csv in another tool's vocabulary: every column mapped, offsets kept, a quoted multi-line message one cell", () => {
    const result = preview(textFile(OTHER_TOOL_CSV), "hazmat-msel.csv");
    expect(mappingAccuracy(result.columns, OTHER_TOOL_TRUTH)).toEqual({ right: 12, total: 12, wrong: [] });
    expect(result.rows.map((r) => r.time)).toEqual(["H+0", "H+0:30", "T+45"]);
    expect(result.rows[0]!.message).toBe("Caller reports a green cloud near the rail yard.\nSeveral people coughing.");
    expect(result.rows[1]!.comment).toBe("Objective: Obj 2: Protective actions\nRemarks: Key decision point");
    expect(result.unreadableCells).toBe(0);
    expect(result.warnings).toContain("The new exercise lists the file's 3 objectives under Objectives.");
  });

  it("tsv with a quoted cell holding a tab and a line break", () => {
    const result = preview(textFile('Time\tSynopsis\tMessage\n09:00\tShelter opens\t"Doors open\tat 9.\nBring ID."\n'), "msel.tsv");
    expect(result.rows).toHaveLength(1);
    expect(result.rows[0]).toMatchObject({ time: "09:00", synopsis: "Shelter opens", message: "Doors open\tat 9.\nBring ID." });
  });

  it("docx: the first table is the MSEL", () => {
    const result = preview(makeDocxTable("Shelter exercise MSEL", WORD_MSEL_ROWS), "shelter.docx");
    expect(mappingAccuracy(result.columns, WORD_TRUTH)).toEqual({ right: 7, total: 7, wrong: [] });
    expect(result.rows[1]).toMatchObject({
      event: "2",
      time: "9:45 AM",
      synopsis: "Generator failure",
      from: "School district",
      message: "The shelter generator has failed.\nThe gym is dark.",
    });
    expect(result.warnings).toContain("Only the document's first table is read.");
  });

  it("a two-row header: a group merged across columns over its own column names", () => {
    const sheet = {
      name: "MSEL",
      rows: [
        ["Inject No.", "Delivery", null, "Synopsis", "From", "To", "Message"],
        [null, "Date", "Time"],
        [1, "Day 1", 0.375, "Flood warning", "NWS", "EOC", "Warning issued"],
      ],
      merges: ["B1:C1"],
    };
    const result = preview(makeXlsx([sheet]), "two-row.xlsx");
    expect(result.headerRow).toBe(1);
    expect(result.columns.map((c) => [c.header, c.target])).toEqual([
      ["Inject No.", "event"],
      ["Date", "date"],
      ["Time", "time"],
      ["Synopsis", "synopsis"],
      ["From", "from"],
      ["To", "to"],
      ["Message", "message"],
    ]);
    expect(result.rows).toEqual([expect.objectContaining({ event: "1", date: "Day 1", time: "09:00", synopsis: "Flood warning" })]);
  });

  it("many merges each spanning every row are filled within a budget, not merges × rows", () => {
    const rows = [["Time", "Synopsis", "Message"], ...Array.from({ length: 3000 }, (_, i) => ["09:00", `Inject ${i}`, "Text"])];
    const merges = Array.from({ length: 2000 }, () => "A1:C3001");
    const result = preview(makeXlsx([{ name: "MSEL", rows, merges }]), "merges.xlsx");
    expect(result.rowCount).toBe(3000);
  });

  it("the planner's choices: another sheet, another header row, a changed mapping", () => {
    const bytes = makeXlsx(HSEEP_WORKBOOK);
    const base = preview(bytes, "w.xlsx");
    const mapping = base.columns.map((c) => (c.header === "Inject Type" ? "skip" : c.header === "Location" ? "responsibleOrganization" : c.target));
    const changed = preview(bytes, "w.xlsx", { mapping });
    expect(changed.rows[0]).toMatchObject({ category: null, responsibleOrganization: "EOC" });
    expect(changed.rows[0]!.comment).not.toMatch(/Location/);
    expect(changed.warnings.join("\n")).toMatch(/Not imported \(skipped\): Inject Type/);
    expect(refusal(() => preview(bytes, "w.xlsx", { sheet: "Instructions" }))).toMatchObject({ status: 400, code: "not_an_msel" });
    expect(refusal(() => preview(bytes, "w.xlsx", { sheet: "Nope" }))).toMatchObject({
      status: 400,
      code: "sheet_not_found",
      message: expect.stringContaining("Instructions, MSEL"),
    });
    expect(refusal(() => preview(bytes, "w.xlsx", { mapping: ["time"] }))).toMatchObject({ status: 400, code: "mapping_mismatch" });
  });

  it("files that are not an MSEL, empty, of another type or damaged are refused with what to do", () => {
    expect(refusal(() => preview(textFile("Shelter,Capacity\nLincoln High,450\n"), "shelters.csv"))).toMatchObject({ status: 400, code: "not_an_msel" });
    expect(refusal(() => preview(new ArrayBuffer(0), "msel.xlsx"))).toMatchObject({ status: 400, code: "empty_file" });
    expect(refusal(() => preview(textFile("hello"), "msel.pdf"))).toMatchObject({
      status: 400,
      code: "unsupported_type",
      message: expect.stringContaining(".xlsx"),
    });
    expect(refusal(() => preview(textFile("not a zip"), "msel.xlsx"))).toMatchObject({
      status: 400,
      code: "unreadable_file",
      message: expect.stringContaining("Save it again as .xlsx"),
    });
    expect(refusal(() => preview(textFile("Time,Synopsis\n"), "msel.csv"))).toMatchObject({ status: 400, code: "no_rows" });
  });

  it("more than 5,000 rows is refused", () => {
    const rows = Array.from({ length: 5001 }, (_, i) => `${i + 1},09:00,Inject ${i + 1}`);
    const refused = refusal(() => preview(textFile(["#,Time,Synopsis", ...rows].join("\n")), "big.csv"));
    expect(refused).toMatchObject({ status: 400, code: "too_many_rows", message: expect.stringContaining("5,000") });
  });
});

describe("MSEL files built to be large", () => {
  it("an .ods row repeated a million times is refused as too many rows, not materialised", () => {
    const row = `<table:table-row table:number-rows-repeated="1000000"><table:table-cell office:value-type="string"><text:p>09:00</text:p></table:table-cell><table:table-cell office:value-type="string" table:number-columns-repeated="16000"><text:p>Flood</text:p></table:table-cell></table:table-row>`;
    const header = `<table:table-row><table:table-cell><text:p>Time</text:p></table:table-cell><table:table-cell><text:p>Synopsis</text:p></table:table-cell></table:table-row>`;
    const content = `<office:document-content xmlns:office="o" xmlns:table="t" xmlns:text="x"><office:body><office:spreadsheet><table:table table:name="MSEL">${header}${row}</table:table></office:spreadsheet></office:body></office:document-content>`;
    const zipped = zipSync({ mimetype: strToU8("application/vnd.oasis.opendocument.spreadsheet"), "content.xml": strToU8(content) });
    const bytes = zipped.buffer.slice(zipped.byteOffset, zipped.byteOffset + zipped.byteLength) as ArrayBuffer;
    expect(refusal(() => preview(bytes, "bomb.ods"))).toMatchObject({ status: 400, code: "too_many_rows" });
  });
});
