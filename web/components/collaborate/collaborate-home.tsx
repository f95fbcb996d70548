import { useQuery } from "@tanstack/react-query";
import { Inbox, Loader2, Users } from "~/components/ui/icons";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { EmptyState } from "~/components/ui/empty-state";
import { campaignsQuery, errorMessage, interviewsQuery } from "~/lib/collaborate-api";
import { ApiError } from "~/lib/query";
import { CampaignsTable } from "./campaigns-table";
import { InterviewsList } from "./interviews-list";
import { NewCampaignDialog } from "./new-campaign-dialog";

function Loading({ what }: { what: string }) {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
      <Loader2 className="size-4 animate-spin" aria-hidden /> Loading {what}…
    </p>
  );
}

/** The collaborate page: the team's campaigns for managers, the user's own interviews for everyone who has some. */
export function CollaborateHome({ canManage }: { canManage: boolean }) {
  const campaigns = useQuery({ ...campaignsQuery, enabled: canManage });
  const interviews = useQuery(interviewsQuery);
  const interviewRows = interviews.data?.interviews ?? [];
  // A 404 from the interviews list means "none" (someone who takes part in no campaign).
  const noInterviews = (interviews.isSuccess && interviewRows.length === 0) || (interviews.error instanceof ApiError && interviews.error.status === 404);
  const nothing = !canManage && noInterviews;
  // Managers see the section only when they contribute somewhere too; others see it loading.
  const showInterviews = !noInterviews && (!canManage || interviewRows.length > 0 || interviews.isError);

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-8 p-4 sm:p-6 lg:p-8">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Collaborate</h1>
          <p className="text-sm text-muted-foreground">
            {canManage
              ? "Campaigns gather what colleagues and partner agencies know about a hazard, then synthesise it into findings or an exercise."
              : "The campaigns you were invited to contribute to."}
          </p>
        </div>
        {canManage && (campaigns.data?.campaigns.length ?? 0) > 0 ? <NewCampaignDialog /> : null}
      </header>

      {canManage ? (
        <section aria-labelledby="campaigns-heading" className="grid gap-3">
          <h2 id="campaigns-heading" className="text-lg font-semibold">
            Campaigns
          </h2>
          {campaigns.isPending ? (
            <Loading what="campaigns" />
          ) : campaigns.isError ? (
            <Alert variant="destructive">{errorMessage(campaigns.error)}</Alert>
          ) : campaigns.data.campaigns.length === 0 ? (
            <div className="grid justify-items-center gap-3">
              <EmptyState icon={Users} title="No campaigns yet" heading="h3">
                Start a campaign to interview colleagues and partner agencies about a hazard. Readyroom anonymises what they say and turns it into findings or a
                draft exercise.
              </EmptyState>
              <NewCampaignDialog />
            </div>
          ) : (
            <CampaignsTable campaigns={campaigns.data.campaigns} />
          )}
        </section>
      ) : null}

      {nothing ? (
        <EmptyState icon={Inbox} title="Nothing to collaborate on yet">
          Campaigns are run by a team's admins and campaign managers on a plan with Collaborate. When someone invites you to contribute to a campaign, your
          interviews appear here. To run campaigns yourself, ask your team admin for the campaign manager role.
        </EmptyState>
      ) : showInterviews ? (
        <section aria-labelledby="interviews-heading" className="grid gap-3">
          <h2 id="interviews-heading" className="text-lg font-semibold">
            Your interviews
          </h2>
          {interviews.isPending ? (
            <Loading what="your interviews" />
          ) : interviews.isError ? (
            <Alert variant="destructive">
              {errorMessage(interviews.error)}{" "}
              <Button variant="link" className="h-auto p-0" onClick={() => void interviews.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : (
            <InterviewsList interviews={interviewRows} />
          )}
        </section>
      ) : null}
    </div>
  );
}
