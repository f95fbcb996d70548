import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mselColumns, type MselColumn, type MselRow } from "../../shared/db/exercise-shapes";
import type { Exercise } from "../../worker/db/schema";
import { parseImport } from "../../worker/exercises/copy";
import { mselToCsv } from "../../worker/exercises/export/csv";
import { exerciseToJson } from "../../worker/exercises/export/json";
import { mselToXlsx } from "../../worker/exercises/export/xlsx";
import { readMselRows } from "../../worker/exercises/msel-import/service";

/**
 * Issue 32 item 12: any valid MSEL exported to xlsx, CSV and JSON and imported back gives the same
 * rows. "Valid" is what the editor holds in canonical form: events numbered in order, a date that
 * is an ISO day or "Day N", a time that is "HH:MM" or a scenario offset, and text that a planner
 * writes (words, numbers, punctuation, line breaks inside long cells) — never a spreadsheet formula,
 * which the CSV export neutralises on purpose (csv.ts).
 */
const word = fc.stringMatching(/^[A-Za-z][A-Za-z0-9]{0,11}$/);
const punctuation = fc.constantFrom("", ",", ".", ";", ":", "?", " —", " (EOC)", " & co", ' "quoted"', "'s", " 50%", " 1/2");
const phrase = fc.array(fc.tuple(word, punctuation), { minLength: 1, maxLength: 8 }).map((parts) => parts.map(([w, p]) => `${w}${p}`).join(" "));
const longText = fc.array(phrase, { minLength: 1, maxLength: 3 }).map((lines) => lines.join("\n"));
const maybe = <T extends string>(arb: fc.Arbitrary<T>) => fc.oneof({ weight: 1, arbitrary: fc.constant("") }, { weight: 3, arbitrary: arb });
const twoDigits = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, "0"));
const isoDay = fc
  .record({ y: fc.integer({ min: 2000, max: 2099 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }) })
  .map(({ y, m, d }) => `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`);
const date = maybe(
  fc.oneof(
    isoDay,
    fc.integer({ min: 1, max: 9 }).map((n) => `Day ${n}`),
  ),
);
const time = maybe(
  fc.oneof(
    fc.tuple(twoDigits(23), twoDigits(59)).map(([h, m]) => `${h}:${m}`),
    fc.integer({ min: 1, max: 600 }).map((n) => `T+${n}`),
    fc.integer({ min: 1, max: 48 }).map((n) => `H+${n}`),
  ),
);

const LONG = new Set<MselColumn>(["synopsis", "message", "expectedAction", "comment"]);
const row = fc.record({
  date,
  time,
  category: maybe(phrase),
  injectMode: maybe(fc.constantFrom("E-mail", "Phone", "Radio", "Simulated social media", "In person")),
  synopsis: phrase,
  from: maybe(phrase),
  to: maybe(phrase),
  message: maybe(longText),
  expectedAction: maybe(longText),
  responsibleOrganization: maybe(phrase),
  pocAuthor: maybe(phrase),
  comment: maybe(longText),
});
const msel = fc.array(row, { minLength: 1, maxLength: 8 }).map((rows) => rows.map((r, i) => ({ event: String(i + 1), ...r }) as MselRow));

/** The rows as plain text per column (an empty cell and a missing one are the same to a planner). */
function cells(rows: readonly Partial<Record<MselColumn, string | null | undefined>>[]) {
  return rows.map((r) => Object.fromEntries(mselColumns.map((c) => [c, String(r[c] ?? "")])));
}

const buffer = (bytes: Uint8Array | string) => {
  const u8 = typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes;
  return u8.buffer.slice(u8.byteOffset, u8.byteOffset + u8.byteLength) as ArrayBuffer;
};

const EXPORTED_AT = new Date(Date.UTC(2026, 10, 29, 12, 0));

describe("MSEL round trip (issue 32 item 12)", () => {
  it("xlsx: what the workbook export writes, the import reads back as the same rows", () => {
    fc.assert(
      fc.property(msel, (rows) => {
        const back = readMselRows({ bytes: buffer(mselToXlsx("Round trip", rows, EXPORTED_AT)), fileName: "msel.xlsx" });
        expect(cells(back)).toEqual(cells(rows));
      }),
      { numRuns: 60 },
    );
  });

  it("CSV: the same", () => {
    fc.assert(
      fc.property(msel, (rows) => {
        const back = readMselRows({ bytes: buffer(mselToCsv(rows)), fileName: "msel.csv" });
        expect(cells(back)).toEqual(cells(rows));
      }),
      { numRuns: 60 },
    );
  });

  it("JSON: the exercise export taken back by the exercise import keeps the MSEL", () => {
    fc.assert(
      fc.property(msel, (rows) => {
        const exercise = { id: "x", name: "Round trip", mselTable: rows, createdAt: EXPORTED_AT, updatedAt: EXPORTED_AT } as unknown as Exercise;
        const text = JSON.stringify(exerciseToJson(exercise, EXPORTED_AT));
        expect(cells(parseImport(JSON.parse(text)).mselTable ?? [])).toEqual(cells(rows));
      }),
      { numRuns: 60 },
    );
  });

  it("keeps long text columns' line breaks (not only one-line values)", () => {
    // Guards the generator: without multi-line cells the property would not test quoting.
    expect(LONG.size).toBe(4);
    const rows = [{ event: "1", synopsis: "Levee", message: "Line one\nLine two, with a comma" } as MselRow];
    const back = readMselRows({ bytes: buffer(mselToCsv(rows)), fileName: "msel.csv" });
    expect(back[0]?.message).toBe("Line one\nLine two, with a comma");
  });
});
