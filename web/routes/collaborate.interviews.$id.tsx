import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { getInterview } from "../../worker/collaborate/interviews";
import { HttpError } from "../../worker/lib/errors";
import { InterviewView } from "~/components/collaborate/interview/interview-view";
import { requireUserContext } from "~/lib/context.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.interview.campaignName ?? "Contribution"} · Readyroom` }];

/** The same service as GET /api/collaborate/interviews/:id: only the interview's author gets it, everyone else 404. */
export async function loader(args: LoaderFunctionArgs) {
  const { ctx } = await requireUserContext(args);
  try {
    return { interview: await getInterview(ctx, args.params.id ?? "") };
  } catch (err) {
    if (err instanceof HttpError && err.status === 404) throw new Response(err.message, { status: 404 });
    throw err;
  }
}

export default function InterviewRoute() {
  const { interview } = useLoaderData<typeof loader>();
  // Keyed by id: opening another interview starts from its own state.
  return <InterviewView key={interview.id} initial={interview} />;
}
