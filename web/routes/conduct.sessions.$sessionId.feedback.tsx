import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { FeedbackSummary } from "~/components/evaluation/feedback-summary";
import { requireUserContext } from "~/lib/context.server";
import { orPageNotFound } from "~/lib/not-found.server";
import type { ConductSessionView } from "../../shared/conduct/views";
import { getFeedbackSummary } from "../../worker/evaluation/feedback";

export const meta: MetaFunction = () => [{ title: "Participant feedback · Readyroom" }];

/** A session's participant feedback (issue 15): responses and the mean per statement, for whoever may open the session. */
export async function loader(args: LoaderFunctionArgs) {
  const { ctx } = await requireUserContext(args);
  const sessionId = (args.params.sessionId ?? "").trim();
  return { sessionId, summary: await orPageNotFound(getFeedbackSummary(ctx, sessionId)) };
}

export default function SessionFeedbackRoute() {
  const { sessionId, summary } = useLoaderData<typeof loader>();
  const layout = useRouteLoaderData<{ session: ConductSessionView }>("routes/conduct.sessions.$sessionId");
  return <FeedbackSummary key={sessionId} sessionId={sessionId} canCreateLink={layout?.session.access === "control"} summary={summary} />;
}
