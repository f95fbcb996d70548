import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { EegEditor } from "~/components/evaluation/eeg-editor";
import { requireUserContext } from "~/lib/context.server";
import { orPageNotFound } from "~/lib/not-found.server";
import { findEeg } from "../../worker/evaluation/eeg-service";

export const meta: MetaFunction = () => [{ title: "Evaluation guides · Readyroom" }];

/** The session's Exercise Evaluation Guides (issue 15): editable by whoever controls the session, read by whoever may watch it. */
export async function loader(args: LoaderFunctionArgs) {
  const { ctx } = await requireUserContext(args);
  const sessionId = (args.params.sessionId ?? "").trim();
  const found = await orPageNotFound(findEeg(ctx, sessionId));
  return { sessionId: found.sessionId, canEdit: found.access === "control", eeg: found.eeg };
}

export default function SessionEegRoute() {
  const { sessionId, canEdit, eeg } = useLoaderData<typeof loader>();
  return <EegEditor key={sessionId} sessionId={sessionId} canEdit={canEdit} initial={eeg} />;
}
