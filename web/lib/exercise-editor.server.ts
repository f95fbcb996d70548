import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isMissingId, type ExerciseScope } from "../../worker/exercises/scope";
import { getExercise } from "../../worker/exercises/service";
import { parseStepPath } from "../../shared/exercises/steps";
import { HttpError } from "../../worker/lib/errors";
import { timed } from "../../worker/lib/server-timing";
import { requireUserContext } from "./context.server";
import { exercisePagePath, type ExerciseRef } from "./exercise-paths";

/**
 * The loader of both editor routes (/exercise/{id}/… and
 * /collaborate/campaigns/{campaignId}/exercise/{id}/…): the exercise is read with the same
 * service the API uses, scoped to the signed-in user (not theirs, or a campaign they may not
 * work on → 404).
 * Without a valid step the editor opens at the spec §2 resume step.
 */
export async function loadEditorExercise(args: LoaderFunctionArgs, scope: ExerciseScope, ref: ExerciseRef) {
  const { ctx } = await requireUserContext(args);
  if (isMissingId(ref.id) || (ref.campaignId !== undefined && isMissingId(ref.campaignId ?? ""))) {
    throw new Response("Exercise ID required.", { status: 400 });
  }
  let exercise;
  try {
    exercise = await timed("exercise", () => getExercise(ctx, scope, ref.id));
  } catch (err) {
    if (err instanceof HttpError) throw new Response(err.message, { status: err.status });
    throw err;
  }
  const step = parseStepPath(args.params["*"] ?? "");
  const moduleCount = exercise.modules?.length ?? 0;
  if (!step) throw redirect(exercisePagePath(ref, exercise.resumeStep));
  if (step.kind === "module" && step.module > moduleCount) throw redirect(exercisePagePath(ref, "modules"));
  return { exercise };
}
