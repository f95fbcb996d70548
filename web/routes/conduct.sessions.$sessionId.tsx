import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Outlet, useLoaderData } from "@remix-run/react";
import { SessionLayout } from "~/components/conduct/session-layout";
import { requireUserContext } from "~/lib/context.server";
import { orPageNotFound } from "~/lib/not-found.server";
import { findSession } from "../../worker/conduct/access";
import { toSessionView } from "../../worker/conduct/session-view";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.session.name ?? "Conduct"} · Readyroom` }];

/**
 * A conduct session's pages (issue 15): console (index), evaluation guides, feedback, after-action
 * report, replay. Whoever may open the exercise may see them; others get 404 (worker/conduct/access.ts).
 */
export async function loader(args: LoaderFunctionArgs) {
  const { ctx } = await requireUserContext(args);
  const row = await orPageNotFound(findSession(ctx, (args.params.sessionId ?? "").trim(), "read"));
  return { session: toSessionView(row, row.access) };
}

export default function ConductSessionRoute() {
  const { session } = useLoaderData<typeof loader>();
  return (
    <SessionLayout session={session}>
      <Outlet />
    </SessionLayout>
  );
}
