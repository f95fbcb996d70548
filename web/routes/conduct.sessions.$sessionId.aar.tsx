import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { AarPage } from "~/components/aar/aar-page";
import { requireUserContext } from "~/lib/context.server";
import { orPageNotFound } from "~/lib/not-found.server";
import { findAar } from "../../worker/aar/service";
import type { loader as sessionLoader } from "./conduct.sessions.$sessionId";

export const meta: MetaFunction = () => [{ title: "After-action report · Readyroom" }];

/** The session's After-Action Report / Improvement Plan (null before one is drafted). Access as the session layout's. */
export async function loader(args: LoaderFunctionArgs) {
  const { ctx } = await requireUserContext(args);
  return { report: await orPageNotFound(findAar(ctx, (args.params.sessionId ?? "").trim())) };
}

export default function ConductSessionAarRoute() {
  const { report } = useLoaderData<typeof loader>();
  const parent = useRouteLoaderData<typeof sessionLoader>("routes/conduct.sessions.$sessionId");
  if (!parent) return null;
  return <AarPage key={report?.id ?? "none"} session={parent.session} initial={report} />;
}
