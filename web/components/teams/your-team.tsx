import { Link, useRevalidator } from "@remix-run/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { toast } from "~/hooks/use-toast";
import { ApiError, refetchAfterWrite } from "~/lib/query";
import {
  teamQueryKeys,
  teamsApi,
  type CampaignParticipationView,
  type CollaborateRole,
  type TeamMembersView,
  type TeamMemberView,
  type TeamRole,
} from "~/lib/teams-api";
import { useDates } from "~/lib/dates-context";

const ROLE_LABELS: Record<TeamRole, string> = { ADMIN: "Admin", MEMBER: "Member" };
const COLLABORATE_LABELS: Record<CollaborateRole, string> = { CAMPAIGN_MANAGER: "Campaign manager", STANDARD_USER: "Standard user" };
const nameOf = (m: TeamMemberView) => [m.user.firstName, m.user.lastName].filter(Boolean).join(" ") || m.user.email;

/**
 * The profile's "Your team" card, for every member of a team (the User management page is for its
 * admins): their roles, the team's admins and size, and leaving the team (DELETE
 * /api/teams/members/{own id}). The account's owner is not offered it (they stay its admin); the
 * last admin is refused by the API (409 last_admin) and the card shows its message. After leaving, every loader runs again so the plan, the account label and the
 * navigation no longer come from the team.
 */
export function YourTeamCard({ view }: { view: TeamMembersView }) {
  const { day: formatDay } = useDates();
  const queryClient = useQueryClient();
  const revalidator = useRevalidator();
  const [confirming, setConfirming] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const me = view.teamMembers.find((m) => m.userId === view.currentUserId);
  const admins = view.teamMembers.filter((m) => m.role === "ADMIN");
  const leave = useMutation({
    mutationFn: () => teamsApi.removeMember(view.currentUserId),
    onSuccess: async () => {
      setConfirming(false);
      toast({ title: "You left the team", description: "You now work in your own account again." });
      await refetchAfterWrite(queryClient, teamQueryKeys.members);
      revalidator.revalidate();
    },
    onError: (e) => {
      setConfirming(false);
      setError(e instanceof ApiError || e instanceof Error ? e.message : "Request Could Not Be Completed");
    },
  });

  return (
    <Card data-testid="your-team">
      <CardHeader>
        <CardTitle>Your team</CardTitle>
        <CardDescription>
          You share the team's plan and credits. {view.canManage ? "You manage it from User management." : "Its admins manage members and seats."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        <dl className="grid gap-3 sm:grid-cols-3">
          <div>
            <dt className="text-muted-foreground">Your role</dt>
            <dd className="font-medium">{me ? ROLE_LABELS[me.role] : "Member"}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Collaborate role</dt>
            <dd className="font-medium">{me ? COLLABORATE_LABELS[me.collaborateRole] : "Standard user"}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Members</dt>
            <dd className="font-medium">{view.seatsUsed}</dd>
          </div>
          <div className="sm:col-span-3">
            <dt className="text-muted-foreground">{admins.length === 1 ? "Admin" : "Admins"}</dt>
            <dd className="font-medium">{admins.map(nameOf).join(", ") || "None"}</dd>
          </div>
        </dl>
        {me ? <p className="text-muted-foreground">Joined {formatDay(me.joinedAt)}.</p> : null}
        {error ? (
          <Alert variant="destructive" data-testid="leave-team-error">
            {error}
          </Alert>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {view.canManage ? (
            <Button variant="outline" asChild>
              <Link to="/account/user-management">User management</Link>
            </Button>
          ) : null}
          {me?.accountOwner ? (
            <p className="self-center text-muted-foreground" data-testid="owner-stays">
              You own the team's account, so you stay its admin. To end the team, cancel its plan from the Pricing page.
            </p>
          ) : (
            <Button
              variant="outline"
              onClick={() => {
                setError(null);
                setConfirming(true);
              }}
              disabled={leave.isPending}
            >
              Leave team
            </Button>
          )}
        </div>
      </CardContent>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => (open ? null : setConfirming(false))}
        title="Leave the team?"
        description="You lose the team's plan, credits and campaigns, and work in your own account again. Your own exercises and documents stay yours; what belongs to the team stays with it. To come back, an admin has to invite you again."
        confirmLabel="Leave team"
        busy={leave.isPending}
        busyLabel="Leaving…"
        keepOpenWhileBusy
        onConfirm={() => leave.mutate()}
      />
    </Card>
  );
}

const STATUS_VARIANT: Record<string, "secondary" | "outline" | "success"> = { ACTIVE: "success" };

/** The campaigns the user takes part in (GET /api/users/campaign-participations), on the profile page. */
export function CampaignParticipationsCard({ participations }: { participations: CampaignParticipationView[] }) {
  const { day: formatDay } = useDates();
  return (
    <Card data-testid="campaign-participations">
      <CardHeader>
        <CardTitle>Your campaigns</CardTitle>
        <CardDescription>Collaborate campaigns you take part in.</CardDescription>
      </CardHeader>
      <CardContent className="text-sm">
        {participations.length === 0 ? (
          <p className="text-muted-foreground">You are not part of any campaign yet.</p>
        ) : (
          <ul className="grid gap-2">
            {participations.map((p) => (
              <li key={p.campaignId} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3">
                <div>
                  <div className="font-medium">{p.campaignName}</div>
                  <div className="text-xs text-muted-foreground">
                    {p.role.replaceAll("_", " ").toLowerCase()} · joined {formatDay(p.joinedAt)}
                  </div>
                </div>
                <Badge variant={STATUS_VARIANT[p.status] ?? "outline"}>{p.status.toLowerCase()}</Badge>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
