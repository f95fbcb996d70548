import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { listOpenableExercises, openableQuerySchema } from "../../worker/exercises/openable";
import { ExercisesPage } from "~/components/exercise/exercises-page";
import { requireUserContext } from "~/lib/context.server";
import { readSearchParams } from "~/lib/search-params";

export const meta: MetaFunction = () => [{ title: "Exercises · Readyroom" }];

/** Every exercise the planner may open (GET /api/exercises/all's service), filtered by the query string. */
export async function loader(args: LoaderFunctionArgs) {
  const { ctx } = await requireUserContext(args);
  const query = readSearchParams(args.request, openableQuerySchema);
  return { ...(await listOpenableExercises(ctx, query)), query };
}

export default function ExercisesRoute() {
  const data = useLoaderData<typeof loader>();
  return <ExercisesPage exercises={data.exercises} counts={data.counts} query={data.query} />;
}
