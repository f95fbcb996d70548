import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { EegEditor } from "~/components/evaluation/eeg-editor";
import { requireUserContext } from "~/lib/context.server";
import { findEeg } from "../../worker/evaluation/eeg-service";
import { HttpError } from "../../worker/lib/errors";

export const meta: MetaFunction = () => [{ title: "Evaluation guides · Readyroom" }];

/** The session's Exercise Evaluation Guides (issue 15): editable by whoever controls the session, read by whoever may watch it. */
export async function loader(args: LoaderFunctionArgs) {
  const { ctx } = await requireUserContext(args);
  const sessionId = (args.params.sessionId ?? "").trim();
  try {
    const found = await findEeg(ctx, sessionId);
    return { sessionId: found.sessionId, canEdit: found.access === "control", eeg: found.eeg };
  } catch (e) {
    if (e instanceof HttpError && e.status === 404) throw new Response("Not found", { status: 404 });
    throw e;
  }
}

export default function SessionEegRoute() {
  const { sessionId, canEdit, eeg } = useLoaderData<typeof loader>();
  return <EegEditor key={sessionId} sessionId={sessionId} canEdit={canEdit} initial={eeg} />;
}
