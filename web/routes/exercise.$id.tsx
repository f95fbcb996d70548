import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ExerciseEditorRoute } from "~/components/exercise/editor";
import { editorShouldRevalidate } from "~/lib/exercise-editor-revalidate";
import { loadEditorExercise } from "~/lib/exercise-editor.server";
import { personal } from "../../worker/exercises/scope";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.exercise.name.trim() || "Untitled exercise"} · Readyroom` }];

/** /exercise/{id} and /exercise/{id}/{step…} (the step is the child splat route). */
export function loader(args: LoaderFunctionArgs) {
  return loadEditorExercise(args, personal, { id: args.params.id ?? "" });
}

export const shouldRevalidate = editorShouldRevalidate;

export default function ExercisePage() {
  const { exercise } = useLoaderData<typeof loader>();
  return <ExerciseEditorRoute exercise={exercise} />;
}
