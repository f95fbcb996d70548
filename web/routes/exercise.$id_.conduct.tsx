import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { ArrowLeft } from "~/components/ui/icons";
import { ExerciseSessions } from "~/components/conduct/sessions-list";
import { Button } from "~/components/ui/button";
import { requireUserContext } from "~/lib/context.server";
import { exercisePagePath } from "~/lib/exercise-paths";
import { readSearchParams } from "~/lib/search-params";
import { HttpError } from "../../worker/lib/errors";
import { findExercise, inCampaign, personal } from "../../worker/exercises/scope";

/** ?campaignId= for a campaign exercise; absent or blank, the caller's own exercise. */
const searchSchema = z.object({ campaignId: z.string().trim().optional().catch(undefined) });

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Conduct · ${data?.exercise.name || "Exercise"} · Readyroom` }];

/**
 * /exercise/{id}/conduct (issue 15): an exercise's conduct sessions — outside the editor's layout
 * (the `_` in the file name), so no editor lock is taken. A campaign exercise is the same page with
 * ?campaignId=. Whoever may open the exercise sees its sessions; whoever may change it starts one.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { ctx } = await requireUserContext(args);
  const id = (args.params.id ?? "").trim();
  const campaignId = readSearchParams(args.request, searchSchema).campaignId || null;
  const scope = campaignId ? inCampaign(campaignId) : personal;
  const notFound = () => new Response("Not found", { status: 404 });
  const row = await findExercise(ctx, scope, id, "read").catch((e: unknown) => {
    if (e instanceof HttpError && (e.status === 404 || e.status === 400 || e.status === 403)) throw notFound();
    throw e;
  });
  const canControl = await findExercise(ctx, scope, id, "write").then(
    () => true,
    () => false,
  );
  return { exercise: { id: row.id, name: row.name?.trim() || "Untitled exercise", campaignId, canControl } };
}

export default function ExerciseConductPage() {
  const { exercise } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 p-4 md:p-6">
      <div>
        <Button asChild variant="ghost" size="sm" className="-ml-2">
          <Link to={exercisePagePath({ id: exercise.id, campaignId: exercise.campaignId })}>
            <ArrowLeft aria-hidden /> Back to the exercise
          </Link>
        </Button>
      </div>
      <header>
        <p className="text-sm text-muted-foreground">{exercise.name}</p>
        <h1 className="text-xl font-semibold">Conduct</h1>
      </header>
      <ExerciseSessions exercise={exercise} />
    </div>
  );
}
