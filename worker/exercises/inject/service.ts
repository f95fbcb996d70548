import type { UserContext } from "../../context";
import type { InjectSource } from "../../../shared/exercises/inject-source";
import type { MselAppendResult } from "../../../shared/exercises/msel-append";
import { appendMselRows } from "../msel-append";
import { findExercise, personal, type ExerciseScope } from "../scope";
import { createExercise } from "../service";
import { readCapFile } from "./cap-file";
import { injectFromCap } from "./prefill";
import { injectFor } from "./sources";

/**
 * "Use as inject" and the CAP file import (issue 32 item 11): rows made from a source, appended to
 * an exercise's MSEL through the one MSEL writer (../msel-append.ts). The exercise is looked up
 * first (404 before any source or file is read) and the edit rule applies at the write (423).
 */

/** The source's inject, appended to an exercise the caller may change. */
export async function injectIntoExercise(ctx: UserContext, scope: ExerciseScope, exerciseId: string, source: InjectSource): Promise<MselAppendResult> {
  await findExercise(ctx, scope, exerciseId);
  return appendMselRows(ctx, scope, exerciseId, [await injectFor(ctx, source)]);
}

/**
 * A new personal exercise, named by the planner, holding the source's inject. The source is read
 * first, so a source that is not the caller's creates nothing; creating follows the New exercise
 * rules (a plan, the enterprise client).
 */
export async function injectIntoNewExercise(
  ctx: UserContext,
  body: { source: InjectSource; name: string; clientId?: string | null },
): Promise<MselAppendResult> {
  const row = await injectFor(ctx, body.source);
  const { id } = await createExercise(ctx, personal, { clientId: body.clientId ?? null, exercise: { name: body.name } });
  return appendMselRows(ctx, personal, id, [row]);
}

/** Every alert of a CAP file (XML or zip) as an inject, in the order they were sent. */
export async function importCapFile(ctx: UserContext, scope: ExerciseScope, exerciseId: string, file: File): Promise<MselAppendResult> {
  await findExercise(ctx, scope, exerciseId);
  const name = file.name || "The file";
  const found = readCapFile(await file.arrayBuffer(), name);
  const sentAt = (sent: string) => Date.parse(sent) || 0;
  const ordered = found.map((f, i) => ({ ...f, i })).sort((a, b) => sentAt(a.alert.sent) - sentAt(b.alert.sent) || a.i - b.i);
  const rows = ordered.map(({ alert, entry }) => injectFromCap(alert, { label: `the CAP file ${name}${entry ? ` (${entry})` : ""}` }));
  return appendMselRows(ctx, scope, exerciseId, rows);
}
