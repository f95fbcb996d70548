import type { UserContext } from "../../context";
import { groupDigits } from "../../../shared/lib/digits";
import { columnLetter } from "../../documents/parse/table";
import type { SheetGrid } from "../../documents/parse/grid";
import { badRequest } from "../../lib/errors";
import { importedName } from "../copy";
import { findExercise, personal } from "../scope";
import { assertCanCreate, insertExercise } from "../service";
import { appendMselRows } from "../msel-append";
import { MSEL_MAX_ROWS } from "../../../shared/exercises/msel-append";
import { recogniseAims, type AimsRecognition, type ExerciseAims } from "./capabilities";
import { readMselFile, type MselFileFormat } from "./read";
import { buildMselRows, type BuiltRows, type ImportedMselRow } from "./rows";
import { HEADER_SEARCH_ROWS } from "../../../shared/exercises/msel-import";
import { detectHeader, tableAt, type MselTable } from "./table";
import { cellValue } from "./values";
import { columnForHeader, proposeMapping, type MappingTarget } from "./vocabulary";

/**
 * MSEL import (issue 32): a planner's own MSEL file — read, its header found, its columns mapped —
 * previewed, then imported into a new exercise or appended to one's MSEL. The preview stores
 * nothing: the import sends the file again with the final mapping, so no copy of a possibly
 * sensitive file outlives the request and there is nothing to expire.
 */

/** Rows shown in the preview. */
const PREVIEW_ROWS = 10;
const SAMPLES = 3;

/** What the planner chose in the preview; anything left out is proposed. `headerRow` is 1-based. */
export type MselReadOptions = { sheet?: string | undefined; headerRow?: number | undefined; mapping?: MappingTarget[] | undefined };
export type MselFileInput = { bytes: ArrayBuffer; fileName: string };

type MselPreviewColumn = {
  /** The header as the file writes it ("" when the column has none). */
  header: string;
  /** Where the column sits in the sheet ("C"). */
  column: string;
  target: MappingTarget;
  /** What Readyroom proposed from the header. */
  proposed: MappingTarget;
  /** The column's first values, as they will be imported under its target. */
  samples: string[];
};

export type MselPreview = {
  fileName: string;
  format: MselFileFormat;
  sheets: { name: string; score: number; hidden: boolean }[];
  sheet: string;
  /** 1-based row of the header in the sheet. */
  headerRow: number;
  columns: MselPreviewColumn[];
  /** The first rows as they will be imported. */
  rows: ImportedMselRow[];
  rowCount: number;
  unreadableCells: number;
  warnings: string[];
};

/** `rows`: the rows imported, so an open editor can add them to the MSEL it holds. */
export type MselImportResult = { exerciseId: string; created: boolean; imported: number; unreadableCells: number; rows: ImportedMselRow[] };

type HeaderFound = ReturnType<typeof detectHeader>;

type Prepared = {
  format: MselFileFormat;
  grids: SheetGrid[];
  /** detectHeader of each sheet, in order. */
  found: HeaderFound[];
  sheet: SheetGrid;
  table: MselTable;
  proposed: MappingTarget[];
  mapping: MappingTarget[];
  built: BuiltRows;
  /** The capabilities and objectives the file names, against the exercise the rows go to (capabilities.ts). */
  aims: AimsRecognition;
  /** Whether the rows go to an exercise of their own (its aims are `aims.newAims`). */
  appending: boolean;
};

/** The sheet to read: the one asked for, else the visible one with the most MSEL-like header (`found`: each sheet's detectHeader). */
function chooseSheet(grids: SheetGrid[], found: HeaderFound[], asked: string | undefined): number {
  if (grids.length === 0) throw badRequest("This file has no sheets with cells. Check it is the MSEL and import it again.", "not_an_msel");
  if (asked !== undefined) {
    const index = grids.findIndex((g) => g.name === asked);
    if (index < 0) throw badRequest(`This workbook has no sheet named “${asked}”. Pick one of: ${grids.map((g) => g.name).join(", ")}.`, "sheet_not_found");
    return index;
  }
  let best = Math.max(
    0,
    grids.findIndex((g) => !g.hidden),
  );
  let bestScore = -1;
  grids.forEach((grid, i) => {
    const score = found[i]!.score - (grid.hidden ? 100 : 0);
    if (score > bestScore) [best, bestScore] = [i, score];
  });
  return best;
}

const tooManyRows = (rows: number) =>
  badRequest(
    `This MSEL has ${groupDigits(rows)} rows; Readyroom imports up to ${groupDigits(MSEL_MAX_ROWS)} at a time. Split it into smaller files and import them one after another.`,
    "too_many_rows",
  );

/** The table with the cells the recognition wrote in the exercise's words. */
function withRewrites(table: MselTable, rewritten: Map<string, string>): MselTable {
  if (rewritten.size === 0) return table;
  const body = table.body.map((cells, r) =>
    cells.map((cell, i) => {
      const text = rewritten.get(`${r},${i}`);
      return text === undefined ? cell : { text };
    }),
  );
  return { ...table, body };
}

/** `own`: the aims of the exercise the rows are appended to; null for a new exercise. */
function prepare(file: MselFileInput, options: MselReadOptions, own: ExerciseAims | null = null): Prepared {
  const { format, sheets: grids } = readMselFile(file.bytes, file.fileName);
  // Once per sheet: the choice of sheet, its header row and the preview's scores all read it.
  const found = grids.map((g) => detectHeader(g));
  const chosen = chooseSheet(grids, found, options.sheet);
  const sheet = grids[chosen]!;
  let headerRow: number;
  if (options.headerRow !== undefined) {
    if (options.headerRow > sheet.rows.length)
      throw badRequest(
        `Row ${options.headerRow} is past the end of “${sheet.name}” (${sheet.rows.length} rows). Pick the row that names the columns.`,
        "header_row_out_of_range",
      );
    headerRow = options.headerRow - 1;
  } else {
    headerRow = found[chosen]!.row;
    if (headerRow < 0) {
      throw badRequest(
        `No MSEL header was found in the first ${HEADER_SEARCH_ROWS} rows of “${sheet.name}”. The header row names the columns (for example Time, Synopsis, From, To, Message). Add one, or pick the sheet or header row yourself.`,
        "not_an_msel",
      );
    }
  }
  // A sheet far past the limit is refused before its table is built (repeated rows can make a small file hold many).
  let filled = 0;
  for (const r of sheet.rows) if (r.some((c) => c.text.trim())) filled++;
  if (filled > MSEL_MAX_ROWS + HEADER_SEARCH_ROWS) throw tooManyRows(filled - headerRow - 1);
  const table = tableAt(sheet, headerRow);
  const proposed = proposeMapping(
    table.headers,
    table.body.slice(0, 20).map((r) => r.map((c) => c.text)),
  );
  if (options.mapping && options.mapping.length !== table.headers.length) {
    throw badRequest(
      `The mapping names ${options.mapping.length} columns but the table has ${table.headers.length}. Preview the file again and import from there.`,
      "mapping_mismatch",
    );
  }
  const mapping = options.mapping ?? proposed;
  const aims = recogniseAims(table, mapping, own);
  const built = buildMselRows(withRewrites(table, aims.rewritten), mapping);
  if (built.rows.length === 0)
    throw badRequest(
      `There are no rows under the header (row ${headerRow + 1} of “${sheet.name}”). Check the header row, or the mapping if every column is skipped.`,
      "no_rows",
    );
  if (built.rows.length > MSEL_MAX_ROWS) throw tooManyRows(built.rows.length);
  return { format, grids, found, sheet, table, proposed, mapping, built, aims, appending: own !== null };
}

const listed = (items: string[]) => items.map((i) => `“${i}”`).join(", ");

/** What the recognition found, in the planner's terms. */
function aimsWarnings({ aims, appending }: Prepared): string[] {
  const out: string[] = [];
  const objectives = aims.objectives.map((o) => String(o.number));
  if (appending) {
    const matched = [
      aims.capabilities.length ? `${aims.capabilities.length === 1 ? "capability" : "capabilities"} ${aims.capabilities.join(", ")}` : "",
      objectives.length ? `${objectives.length === 1 ? "objective" : "objectives"} ${objectives.join(", ")}` : "",
    ].filter(Boolean);
    if (matched.length) out.push(`Matched to this exercise's own ${matched.join(" and ")}, written in Comment as the exercise words them.`);
    if (aims.unmatched.length)
      out.push(
        `Not among this exercise's capabilities and objectives, kept in Comment as written: ${listed(aims.unmatched)}. Add them under Core capabilities or Objectives if they belong.`,
      );
    return out;
  }
  if (aims.capabilities.length || objectives.length) {
    const what = [
      aims.capabilities.length
        ? `${aims.capabilities.length === 1 ? "core capability" : `${aims.capabilities.length} core capabilities`} (${aims.capabilities.join(", ")})`
        : "",
      objectives.length ? `${objectives.length === 1 ? "1 objective" : `${objectives.length} objectives`}` : "",
    ].filter(Boolean);
    const steps = [aims.capabilities.length ? "Core capabilities" : "", objectives.length ? "Objectives" : ""].filter(Boolean).join(" and ");
    out.push(`The new exercise lists the file's ${what.join(" and ")} under ${steps}.`);
  }
  if (aims.unmatched.length) out.push(`Not core capabilities or objectives Readyroom can read, kept in Comment as written: ${listed(aims.unmatched)}.`);
  return out;
}

function warningsOf(prepared: Prepared): string[] {
  const { format, grids, table, mapping, built, sheet } = prepared;
  const warnings: string[] = [];
  if (table.headerRow > 0)
    warnings.push(
      `The header is row ${table.headerRow + 1}: the ${table.headerRow === 1 ? "row" : `${table.headerRow} rows`} above it (titles, banners) ${table.headerRow === 1 ? "is" : "are"} not imported.`,
    );
  if (format === "docx") warnings.push("Only the document's first table is read.");
  if (grids.length > 1) warnings.push(`This workbook has ${grids.length} sheets; “${sheet.name}” is read. Pick another above if the MSEL is elsewhere.`);
  if (table.hiddenColumns) warnings.push(`${table.hiddenColumns === 1 ? "1 hidden column is" : `${table.hiddenColumns} hidden columns are`} left out.`);
  if (table.banners)
    warnings.push(
      `${table.banners === 1 ? "1 section heading row" : `${table.banners} section heading rows`} across the table ${table.banners === 1 ? "is" : "are"} not imported as injects.`,
    );
  // Columns sent to Comment because no vocabulary names them, or because their column was taken.
  const extra = table.headers.filter((h, i) => mapping[i] === "comment" && columnForHeader(h) === null);
  const kept = table.headers.filter((h, i) => mapping[i] === "comment" && (columnForHeader(h) ?? "comment") !== "comment");
  if (extra.length) warnings.push(`Kept in Comment, with their header: ${extra.map((h) => h || "(no header)").join(", ")}.`);
  if (kept.length) warnings.push(`Also in Comment, as their column is already taken: ${kept.join(", ")}.`);
  warnings.push(...aimsWarnings(prepared));
  const skipped = table.headers.filter((_, i) => mapping[i] === "skip");
  if (skipped.length) warnings.push(`Not imported (skipped): ${skipped.map((h) => h || "(no header)").join(", ")}.`);
  if (built.unreadableCells) {
    const where = built.unreadableAt
      .slice(0, 5)
      .map((u) => `row ${u.row} (${u.header || "no header"})`)
      .join(", ");
    warnings.push(
      `${groupDigits(built.unreadableCells)} ${built.unreadableCells === 1 ? "date or time" : "dates or times"} could not be read and ${built.unreadableCells === 1 ? "is" : "are"} kept as written, e.g. ${where}. Live conduct releases such rows by hand.`,
    );
  }
  return warnings;
}

/**
 * POST /api/exercises/msel/preview: what the import would do, writing nothing. Appending, the
 * capabilities and objectives are recognised against that exercise's own (404 unless the caller
 * may change it, as the import).
 */
export async function previewMselFor(ctx: UserContext, file: MselFileInput, options: MselReadOptions, target: MselImportTarget): Promise<MselPreview> {
  const own = target.target === "append" ? await ownAims(ctx, target.exerciseId) : null;
  return previewMsel(file, options, own);
}

async function ownAims(ctx: UserContext, exerciseId: string): Promise<ExerciseAims> {
  return (await findExercise(ctx, personal, exerciseId, "write")).capabilitiesAndObjectives ?? [];
}

/** The preview of a file for a new exercise (`own` null) or for appending to an exercise with those aims. */
export function previewMsel(file: MselFileInput, options: MselReadOptions = {}, own: ExerciseAims | null = null): MselPreview {
  const prepared = prepare(file, options, own);
  const { grids, sheet, table, proposed, mapping, built } = prepared;
  return {
    fileName: file.fileName,
    format: prepared.format,
    sheets: grids.map((g, i) => ({ name: g.name, score: prepared.found[i]!.score, hidden: Boolean(g.hidden) })),
    sheet: sheet.name,
    headerRow: table.headerRow + 1,
    columns: table.headers.map((header, i) => ({
      header,
      column: columnLetter(table.sourceColumns[i] ?? i),
      target: mapping[i] ?? "comment",
      proposed: proposed[i] ?? "comment",
      // As they will be imported: a serial in a time column reads 09:15, not 0.385416…
      samples: firstValues(table.body, SAMPLES, (r) => (mapping[i] && mapping[i] !== "skip" ? cellValue(mapping[i], r[i]).text : (r[i]?.text.trim() ?? ""))),
    })),
    rows: built.rows.slice(0, PREVIEW_ROWS),
    rowCount: built.rows.length,
    unreadableCells: built.unreadableCells,
    warnings: warningsOf(prepared),
  };
}

/** The first `count` non-empty values of the rows: only as many rows are converted as it takes. */
function firstValues<T>(rows: T[], count: number, value: (row: T) => string): string[] {
  const out: string[] = [];
  for (const row of rows) {
    if (out.length >= count) break;
    const text = value(row);
    if (text) out.push(text);
  }
  return out;
}

/** Every row of a file as the import would write it (the preview shows the first few); the round-trip property test reads exports back with it. */
export function readMselRows(file: MselFileInput, options: MselReadOptions = {}): ImportedMselRow[] {
  return prepare(file, options).built.rows;
}

/** Where the rows go: a new exercise (named `name`, else after the file) or the end of an exercise's MSEL. */
export type MselImportTarget = { target: "new"; name?: string | undefined } | { target: "append"; exerciseId: string };

/**
 * POST /api/exercises/msel/import: the file read as the preview read it, under the planner's final
 * mapping. Appending is an edit of the exercise: the caller must be able to change it (404
 * otherwise) and nobody else may hold its edit lock (423), as for every save.
 */
export async function importMsel(ctx: UserContext, file: MselFileInput, options: MselReadOptions, target: MselImportTarget): Promise<MselImportResult> {
  // Whose exercise it is is judged before the file: another planner's id is a 404 whatever is sent.
  const own = target.target === "append" ? await ownAims(ctx, target.exerciseId) : null;
  const { built, aims } = prepare(file, options, own);
  if (target.target === "append") {
    // The one MSEL writer: the edit lock, the 5,000-row limit and the MSEL's own event sequence.
    const added = await appendMselRows(ctx, personal, target.exerciseId, built.rows);
    return {
      exerciseId: target.exerciseId,
      created: false,
      imported: added.count,
      unreadableCells: built.unreadableCells,
      rows: built.rows.map((r, i) => ({ ...r, event: added.events[i]! })),
    };
  }
  await assertCanCreate(ctx);
  const stem = file.fileName.replace(/\.[^.]*$/, "").trim();
  const name = (target.name?.trim() || stem || "Imported MSEL").slice(0, 200);
  const { id } = await insertExercise(ctx, personal, {
    name: await importedName(ctx, name),
    mselTable: built.rows,
    capabilitiesAndObjectives: aims.newAims,
    completed: false,
  });
  return { exerciseId: id, created: true, imported: built.rows.length, unreadableCells: built.unreadableCells, rows: built.rows };
}
