import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { FindingsPage } from "~/components/collaborate/findings-page";
import { requireUserContext } from "~/lib/context.server";
import { canAccessCampaign } from "../../worker/accounts/collaborate";

export const meta: MetaFunction = () => [{ title: "Findings · Collaborate · Readyroom" }];

/** Spec §2 findings page, reached from Processing Complete in generate-findings mode: the campaign's managers only, 404 otherwise. */
export async function loader(args: LoaderFunctionArgs) {
  const { ctx } = await requireUserContext(args);
  const campaignId = (args.params.campaignId ?? "").trim();
  if (!campaignId || !(await canAccessCampaign(ctx, campaignId))) throw new Response("Not found", { status: 404 });
  return { campaignId };
}

export default function FindingsRoute() {
  const { campaignId } = useLoaderData<typeof loader>();
  return <FindingsPage key={campaignId} campaignId={campaignId} />;
}
