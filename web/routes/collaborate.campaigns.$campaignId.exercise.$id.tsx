import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ExerciseEditorRoute } from "~/components/exercise/editor";
import { editorShouldRevalidate } from "~/lib/exercise-editor-revalidate";
import { loadEditorExercise } from "~/lib/exercise-editor.server";
import { inCampaign } from "../../worker/exercises/scope";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.exercise.name.trim() || "Untitled exercise"} · Campaign exercise · Readyroom` },
];

/**
 * /collaborate/campaigns/{campaignId}/exercise/{id}/{step…}: a campaign exercise in the same
 * editor as a personal one. Those of the campaign's team who may collaborate (the flag, and team
 * admin or campaign manager: worker/accounts/collaborate.ts) open it, anyone else gets 404; the
 * edit lock keeps two of them from writing at once (the second sees the lock modal and can read).
 */
export function loader(args: LoaderFunctionArgs) {
  const campaignId = args.params.campaignId ?? "";
  return loadEditorExercise(args, inCampaign(campaignId.trim()), { id: args.params.id ?? "", campaignId });
}

export const shouldRevalidate = editorShouldRevalidate;

export default function CampaignExercisePage() {
  const { exercise } = useLoaderData<typeof loader>();
  return <ExerciseEditorRoute exercise={exercise} />;
}
