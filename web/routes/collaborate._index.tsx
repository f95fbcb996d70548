import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CollaborateHome } from "~/components/collaborate/collaborate-home";
import { requireUserContext } from "~/lib/context.server";
import { collaborateTeamIdsOf } from "../../worker/accounts/collaborate";
import { membershipOf } from "../../worker/accounts/membership";

export const meta: MetaFunction = () => [{ title: "Collaborate · Readyroom" }];

/**
 * /collaborate: campaign managers (spec §6: the collaborate flag and team ADMIN or
 * CAMPAIGN_MANAGER) see their team's campaigns; everyone sees the interviews they were invited
 * to. A campaign-only person (no plan, no team) is let in by the access guard and sees only those.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { ctx } = await requireUserContext(args);
  // membershipOf is memoised per page load: the root loader's guard already read it.
  const teamIds = collaborateTeamIdsOf(await membershipOf(ctx));
  return { canManage: teamIds.length > 0 };
}

export default function CollaborateRoute() {
  const { canManage } = useLoaderData<typeof loader>();
  return <CollaborateHome canManage={canManage} />;
}
