import { Link } from "@remix-run/react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, Loader2, UserPlus } from "~/components/ui/icons";
import type { CampaignDetailView } from "../../../shared/collaborate/views";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { campaignQuery, collaborateKeys, errorMessage } from "~/lib/collaborate-api";
import { CampaignActions } from "./campaign-actions";
import { ContributorsTable } from "./contributors-table";
import { languageName, PURPOSE_LABELS } from "./format";
import { InvitationsList, InviteForm } from "./invitations-panel";
import { CampaignStatusBadge } from "./status-badges";
import { campaignIsOpen } from "../../../shared/collaborate/model";
import { useDates } from "~/lib/dates-context";
import { refetchAfterWrite } from "~/lib/query";

/**
 * Resend and Revoke follow the server's rule (model.ts campaignIsOpen): a campaign whose synthesis
 * ran (or is running) still takes contributors, so its pending invitations stay manageable.
 */
export function invitationsReadOnly(status: CampaignDetailView["status"]): boolean {
  return !campaignIsOpen(status);
}

export function inviteBlockedReason(campaign: Pick<CampaignDetailView, "status" | "invitations" | "maxContributors">): string | null {
  if (!campaignIsOpen(campaign.status)) return "The campaign is closed to new contributors.";
  const taken = campaign.invitations.filter((i) => i.status === "PENDING" || i.status === "USED").length;
  if (campaign.maxContributors !== null && taken >= campaign.maxContributors) return `The campaign has reached its ${campaign.maxContributors} contributors.`;
  return null;
}

/** One campaign as its managers see it: the brief, contributors' progress, invitations and the actions. */
export function CampaignPage({ campaignId }: { campaignId: string }) {
  const { day: formatDate } = useDates();
  const queryClient = useQueryClient();
  const query = useQuery(campaignQuery(campaignId));
  const refresh = () =>
    refetchAfterWrite(queryClient, collaborateKeys.campaign(campaignId)).then(() => refetchAfterWrite(queryClient, collaborateKeys.campaigns));

  if (query.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 p-8 text-sm text-muted-foreground">
        <Loader2 className="size-4 animate-spin" aria-hidden /> Loading the campaign…
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className="mx-auto grid max-w-3xl gap-3 p-8">
        <Alert variant="destructive">{errorMessage(query.error)}</Alert>
        <div>
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      </div>
    );
  }
  const campaign = query.data;
  const p = campaign.parameters;
  const completed = campaign.contributors.filter((c) => c.status === "COMPLETED").length;
  const readOnly = invitationsReadOnly(campaign.status);

  return (
    <div className="mx-auto grid w-full max-w-6xl grid-cols-[minmax(0,1fr)] gap-6 p-4 sm:p-6 lg:p-8">
      <div>
        <Button asChild variant="ghost" size="sm" className="-ml-2">
          <Link to="/collaborate">
            <ArrowLeft aria-hidden /> Collaborate
          </Link>
        </Button>
      </div>
      <header className="grid gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-semibold tracking-tight">{campaign.campaignName}</h1>
          <CampaignStatusBadge status={campaign.status} />
        </div>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
          <div className="flex gap-1.5">
            <dt className="text-muted-foreground">Produces</dt>
            <dd className="font-medium">{PURPOSE_LABELS[p.purpose]}</dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="text-muted-foreground">Hazard</dt>
            <dd className="font-medium">{p.hazard}</dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="text-muted-foreground">Deadline</dt>
            <dd className="font-medium tabular-nums">{formatDate(p.deadline)}</dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="text-muted-foreground">Language</dt>
            <dd className="font-medium">{languageName(p.language)}</dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="text-muted-foreground">Created by</dt>
            <dd className="font-medium">{campaign.isCreator ? "You" : campaign.createdBy.name || campaign.createdBy.email || "—"}</dd>
          </div>
        </dl>
        <CampaignActions campaign={campaign} onChanged={refresh} />
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card>
          <CardHeader>
            <CardTitle>Contributors</CardTitle>
            <CardDescription>
              {completed} of {campaign.contributors.length} completed
              {campaign.maxContributors !== null ? ` · up to ${campaign.maxContributors}` : ""}. Their answers stay private: the synthesis works on anonymised
              copies.
            </CardDescription>
          </CardHeader>
          <CardContent>
            {campaign.contributors.length === 0 ? (
              <EmptyState icon={UserPlus} title="No contributors yet" heading="h3">
                Invite colleagues and partner agencies: each gets an e-mail with a link to their interview.
              </EmptyState>
            ) : (
              <ContributorsTable contributors={campaign.contributors} />
            )}
          </CardContent>
        </Card>
        <div className="grid min-w-0 grid-cols-[minmax(0,1fr)] content-start gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Invite a contributor</CardTitle>
              <CardDescription>
                Links last 14 days; resend for a fresh one.
                {campaign.status === "COMPLETED"
                  ? " The findings are ready, and new contributors can still join: run the synthesis again to include them, or close the campaign."
                  : ""}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <InviteForm campaignId={campaign.campaignId} onInvited={refresh} disabledReason={inviteBlockedReason(campaign)} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Invitations</CardTitle>
            </CardHeader>
            <CardContent>
              <InvitationsList campaignId={campaign.campaignId} invitations={campaign.invitations} onChanged={refresh} readOnly={readOnly} />
            </CardContent>
          </Card>
        </div>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>Brief</CardTitle>
          <CardDescription>What the interviews ask about.</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
            <dt className="text-muted-foreground">Scenario</dt>
            <dd className="whitespace-pre-wrap">{p.scenario || "—"}</dd>
            <dt className="text-muted-foreground">Core capabilities</dt>
            <dd>{p.capabilities.length ? p.capabilities.join(" · ") : "—"}</dd>
            <dt className="text-muted-foreground">Your questions</dt>
            <dd>
              {p.questions.length ? (
                <ol className="list-decimal space-y-1 pl-5">
                  {p.questions.map((q, i) => (
                    <li key={i}>{q}</li>
                  ))}
                </ol>
              ) : (
                "—"
              )}
            </dd>
          </dl>
        </CardContent>
      </Card>
    </div>
  );
}
