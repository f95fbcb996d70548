import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useQueryClient } from "@tanstack/react-query";
import { membershipHasFlag } from "../../worker/accounts/flags";
import { membershipOf } from "../../worker/accounts/membership";
import { listBriefs } from "../../worker/briefs/service";
import { listIntelChats } from "../../worker/intelligence-chat/service";
import * as React from "react";
import { AlertsPanel, type AlertDraft } from "~/components/intelligence/alerts/alerts-panel";
import { BriefList } from "~/components/intelligence/brief-list";
import { IntelligenceChat } from "~/components/intelligence/intelligence-chat";
import { BRIEF_PAGE_SIZE, briefQueryKeys, briefsApi } from "~/lib/briefs-api";
import { requireUserContext } from "~/lib/context.server";
import { refetchAfterWrite } from "~/lib/query";

export const meta: MetaFunction = () => [{ title: "Intelligence · Readyroom" }];

/** The first page of briefs from the same service as GET /api/intelligence/briefs; the page pages on through the API. */
export async function loader(args: LoaderFunctionArgs) {
  const { ctx } = await requireUserContext(args);
  const [briefs, chats, membership] = await Promise.all([listBriefs(ctx, { limit: BRIEF_PAGE_SIZE }), listIntelChats(ctx), membershipOf(ctx)]);
  // News alerts are behind the account's alertsEnabled flag (spec §6); without it the panel is not offered.
  return { briefs, chats, alertsEnabled: membershipHasFlag(membership, "alertsEnabled") };
}

export default function IntelligencePage() {
  const data = useLoaderData<typeof loader>();
  const queryClient = useQueryClient();
  const [alertDraft, setAlertDraft] = React.useState<AlertDraft | null>(null);
  return (
    <div className="mx-auto grid max-w-5xl gap-6 p-4 sm:p-6 lg:p-8">
      <header className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Intelligence</h1>
        <p className="text-sm text-muted-foreground">
          Ask about current threats with cited public sources, keep answers as briefs, and watch topics with news alerts.
        </p>
      </header>

      <div id="intelligence-chat">
        <IntelligenceChat
          initialChats={data.chats}
          onSaveBrief={async (brief) => {
            await briefsApi.create(brief);
            await refetchAfterWrite(queryClient, briefQueryKeys.list);
          }}
          onCreateAlert={data.alertsEnabled ? (queryText) => setAlertDraft((d) => ({ queryText, key: (d?.key ?? 0) + 1 })) : undefined}
        />
      </div>

      <BriefList initialPage={data.briefs} />

      {data.alertsEnabled ? <AlertsPanel draft={alertDraft} /> : null}
    </div>
  );
}
