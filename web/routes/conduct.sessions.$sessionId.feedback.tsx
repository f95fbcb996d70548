import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { FeedbackSummary } from "~/components/evaluation/feedback-summary";
import { requireUserContext } from "~/lib/context.server";
import type { ConductSessionView } from "../../worker/conduct/views";
import { getFeedbackSummary } from "../../worker/evaluation/feedback";
import { HttpError } from "../../worker/lib/errors";

export const meta: MetaFunction = () => [{ title: "Participant feedback · Readyroom" }];

/** A session's participant feedback (issue 15): responses and the mean per statement, for whoever may open the session. */
export async function loader(args: LoaderFunctionArgs) {
  const { ctx } = await requireUserContext(args);
  const sessionId = (args.params.sessionId ?? "").trim();
  try {
    return { sessionId, summary: await getFeedbackSummary(ctx, sessionId) };
  } catch (e) {
    if (e instanceof HttpError && e.status === 404) throw new Response("Not found", { status: 404 });
    throw e;
  }
}

export default function SessionFeedbackRoute() {
  const { sessionId, summary } = useLoaderData<typeof loader>();
  const layout = useRouteLoaderData<{ session: ConductSessionView }>("routes/conduct.sessions.$sessionId");
  return <FeedbackSummary key={sessionId} sessionId={sessionId} canCreateLink={layout?.session.access === "control"} summary={summary} />;
}
