import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { ExerciseEditor } from "~/components/exercise/editor";
import { envOf, requireUser } from "~/lib/auth.server";
import { getDb } from "../../worker/db/client";
import { getExercise, isMissingId, personal } from "../../worker/exercises/service";
import { parseStepPath } from "../../worker/exercises/steps";
import { HttpError } from "../../worker/lib/errors";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.exercise.name.trim() || "Untitled exercise"} · Readyroom` },
];

/**
 * /exercise/{id} and /exercise/{id}/{step…} (the step is the child splat route). The exercise is
 * read with the same service the API uses, scoped to the signed-in user (someone else's → 404).
 * Without a valid step the editor opens at the spec §2 resume step.
 */
export async function loader(args: LoaderFunctionArgs) {
  const user = await requireUser(args);
  const id = args.params.id ?? "";
  if (isMissingId(id)) throw new Response("Exercise ID required.", { status: 400 });
  let exercise;
  try {
    exercise = await getExercise(getDb(envOf(args.context).DB), personal(user.id), id);
  } catch (err) {
    if (err instanceof HttpError) throw new Response(err.message, { status: err.status });
    throw err;
  }
  const step = parseStepPath(args.params["*"] ?? "");
  const moduleCount = exercise.modules?.length ?? 0;
  if (!step) throw redirect(`/exercise/${encodeURIComponent(id)}/${exercise.resumeStep}`);
  if (step.kind === "module" && step.module > moduleCount) throw redirect(`/exercise/${encodeURIComponent(id)}/modules`);
  return { exercise };
}

/**
 * Moving between steps keeps the editor's own state (with any unsaved edits): the exercise is
 * loaded again only for another exercise.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentParams, nextParams, formMethod, defaultShouldRevalidate }) => {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  if (currentParams.id !== nextParams.id) return true;
  return !nextParams["*"];
};

export default function ExercisePage() {
  const { exercise } = useLoaderData<typeof loader>();
  const params = useParams();
  const stepPath = (params["*"] ?? "").replace(/^\/+|\/+$/g, "");
  // key: another exercise is a fresh editor (its own lock, autosave and state).
  return <ExerciseEditor key={exercise.id} initial={exercise} stepPath={stepPath} />;
}
