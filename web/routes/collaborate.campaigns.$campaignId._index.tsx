import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { CampaignPage } from "~/components/collaborate/campaign-page";
import { requireUserContext } from "~/lib/context.server";
import { canAccessCampaign } from "../../worker/accounts/collaborate";

export const meta: MetaFunction = () => [{ title: "Campaign · Collaborate · Readyroom" }];

/** /collaborate/campaigns/{campaignId}: the team's managers only (worker/accounts/collaborate.ts); anyone else gets the 404 page. */
export async function loader(args: LoaderFunctionArgs) {
  const { ctx } = await requireUserContext(args);
  const campaignId = (args.params.campaignId ?? "").trim();
  if (!campaignId || !(await canAccessCampaign(ctx, campaignId))) throw new Response("Not found", { status: 404 });
  return { campaignId };
}

export default function CampaignRoute() {
  const { campaignId } = useLoaderData<typeof loader>();
  return <CampaignPage key={campaignId} campaignId={campaignId} />;
}
