import type { UserContext } from "../context";
import { badRequest } from "../lib/errors";
import { mselColumns, type MselRow } from "../../shared/db/exercise-shapes";
import { MSEL_MAX_ROWS, type MselAppendResult } from "../../shared/exercises/msel-append";
import { nextEvents } from "../../shared/exercises/msel-events";
import { assertEditable } from "./lock-service";
import type { ExerciseScope } from "./scope";
import { saveExercise } from "./service";

/**
 * Appends rows to an exercise's MSEL: the one MSEL writer behind every way rows arrive from outside
 * the editor ("Use as inject", a CAP file). The exercise must be the caller's to change and not
 * held by someone else (assertEditable: 404, 423); the rows get the next event numbers of the
 * MSEL's own sequence (a row's event, if it has one, is replaced) and every column as text.
 */
export async function appendMselRows(ctx: UserContext, scope: ExerciseScope, exerciseId: string, rows: readonly MselRow[]): Promise<MselAppendResult> {
  if (rows.length === 0) throw badRequest("There is nothing to add to the MSEL.", "msel_nothing_to_add");
  const row = await assertEditable(ctx, scope, exerciseId);
  const current = row.mselTable ?? [];
  if (current.length + rows.length > MSEL_MAX_ROWS) {
    throw badRequest(
      `This MSEL has ${current.length} rows; adding ${rows.length} would pass the limit of ${MSEL_MAX_ROWS}. Remove rows or use another exercise.`,
      "msel_full",
    );
  }
  const events = nextEvents(current, rows.length);
  const added = rows.map((r, i) => ({ ...completeRow(r), event: events[i]! }));
  await saveExercise(ctx, scope, row, { mselTable: [...current, ...added] });
  return { exerciseId: row.id, firstIndex: current.length, count: added.length, events, rows: added };
}

/** Every column present (as the editor's own new row), so the table and exports show blanks, not gaps. */
function completeRow(row: MselRow): MselRow {
  const out: MselRow = { ...row };
  for (const column of mselColumns) out[column] = row[column] ?? "";
  return out;
}
