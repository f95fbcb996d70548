import { Link } from "@remix-run/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { TeamSettingsCard } from "./team-settings";
import * as React from "react";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Input, inputClass } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { toast } from "~/hooks/use-toast";
import { ApiError, refetchAfterWrite } from "~/lib/query";
import { teamMembersQuery, teamQueryKeys, teamsApi, type CollaborateRole, type TeamMembersView, type TeamMemberView, type TeamRole } from "~/lib/teams-api";
import { cn } from "~/lib/utils";
import { useDates } from "~/lib/dates-context";

const ROLE_LABELS: Record<TeamRole, string> = { ADMIN: "Admin", MEMBER: "Member" };
const COLLABORATE_LABELS: Record<CollaborateRole, string> = { CAMPAIGN_MANAGER: "Campaign manager", STANDARD_USER: "Standard user" };

/** A day, or "Never" for someone who has not been active. */
function useDayText() {
  const { day } = useDates();
  return (iso: string | null) => (iso ? day(iso) : "Never");
}
const nameOf = (m: TeamMemberView) => [m.user.firstName, m.user.lastName].filter(Boolean).join(" ") || m.user.email;
const messageOf = (error: unknown) => (error instanceof ApiError || error instanceof Error ? error.message : "Request Could Not Be Completed");

function fail(error: unknown) {
  toast({ title: "Request Could Not Be Completed", description: messageOf(error), variant: "destructive" });
}

/**
 * The User management page (nav item UserManagement, team admins only): members with their roles,
 * joined and last-active dates; role changes and removal; pending invitations with resend and
 * revoke; seats used and available with the way to add more.
 */
export function UserManagement({ initial }: { initial: TeamMembersView }) {
  const formatDate = useDayText();
  const queryClient = useQueryClient();
  const query = useQuery({ ...teamMembersQuery, initialData: initial });
  const view = query.data ?? initial;
  const refresh = () => refetchAfterWrite(queryClient, teamQueryKeys.members);
  const [removing, setRemoving] = React.useState<TeamMemberView | null>(null);

  const update = useMutation({
    mutationFn: ({ userId, ...change }: { userId: string; role?: TeamRole; collaborateRole?: CollaborateRole }) => teamsApi.updateMember(userId, change),
    onSuccess: () => {
      toast({ title: "Role updated" });
      return refresh();
    },
    onError: (error) => {
      fail(error);
      return refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (userId: string) => teamsApi.removeMember(userId),
    onSuccess: () => {
      toast({ title: "Member removed" });
      setRemoving(null);
      return refresh();
    },
    onError: (error) => {
      setRemoving(null);
      fail(error);
    },
  });
  const admins = view.teamMembers.filter((m) => m.role === "ADMIN").length;

  return (
    <div className="grid gap-6">
      <SeatsCard view={view} />
      <InviteCard view={view} onInvited={refresh} />
      {view.canManage ? <TeamSettingsCard /> : null}
      <Card>
        <CardHeader>
          <CardTitle>Members</CardTitle>
          <CardDescription>Admins manage the team; campaign managers run campaigns in Collaborate.</CardDescription>
        </CardHeader>
        <CardContent className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="team-members">
            <thead>
              <tr className="border-b text-left text-muted-foreground">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Name
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Role
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Collaborate role
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Joined
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Last active
                </th>
                <th scope="col" className="py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {view.teamMembers.map((m) => {
                const lastAdmin = m.role === "ADMIN" && admins <= 1;
                // The account's owner stays its admin (the API refuses otherwise, 409 owner_stays_admin).
                const fixedAdmin = lastAdmin || m.accountOwner;
                const you = m.userId === view.currentUserId;
                return (
                  <tr key={m.id} className="border-b last:border-0" data-testid="team-member-row" data-email={m.user.email}>
                    <th scope="row" className="py-2 pr-3 text-left font-normal">
                      <div className="font-medium">
                        {nameOf(m)} {you ? <Badge variant="outline">You</Badge> : null}{" "}
                        {m.accountOwner ? <Badge variant="secondary">Account owner</Badge> : null}
                      </div>
                      <div className="text-xs text-muted-foreground">{m.user.email}</div>
                    </th>
                    <td className="py-2 pr-3">
                      <select
                        aria-label={`Role of ${nameOf(m)}`}
                        className={cn(inputClass, "h-8 w-32")}
                        value={m.role}
                        disabled={!view.canManage || update.isPending || (fixedAdmin && m.role === "ADMIN")}
                        title={m.accountOwner ? "The account's owner stays the team's admin." : lastAdmin ? "The team needs at least one admin." : undefined}
                        onChange={(e) => update.mutate({ userId: m.userId, role: e.target.value as TeamRole })}
                      >
                        {(Object.keys(ROLE_LABELS) as TeamRole[]).map((r) => (
                          <option key={r} value={r}>
                            {ROLE_LABELS[r]}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td className="py-2 pr-3">
                      <select
                        aria-label={`Collaborate role of ${nameOf(m)}`}
                        className={cn(inputClass, "h-8 w-44")}
                        value={m.collaborateRole}
                        disabled={!view.canManage || update.isPending}
                        onChange={(e) => update.mutate({ userId: m.userId, collaborateRole: e.target.value as CollaborateRole })}
                      >
                        {(Object.keys(COLLABORATE_LABELS) as CollaborateRole[]).map((r) => (
                          <option key={r} value={r}>
                            {COLLABORATE_LABELS[r]}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td className="py-2 pr-3 whitespace-nowrap">{formatDate(m.joinedAt)}</td>
                    <td className="py-2 pr-3 whitespace-nowrap">{formatDate(m.lastActiveAt)}</td>
                    <td className="py-2 text-right">
                      {view.canManage && !you ? (
                        <Button variant="ghost" size="sm" disabled={fixedAdmin} onClick={() => setRemoving(m)}>
                          Remove
                        </Button>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </CardContent>
      </Card>
      <PendingInvitations view={view} onChanged={refresh} />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => (open ? null : setRemoving(null))}
        title={removing ? `Remove ${nameOf(removing)} from the team?` : "Remove member?"}
        description="They lose access to the team's plan, credits and campaigns. Their own exercises and documents stay theirs; what belongs to the team stays with the team."
        confirmLabel="Remove"
        busy={remove.isPending}
        busyLabel="Removing…"
        keepOpenWhileBusy
        onConfirm={() => removing && remove.mutate(removing.userId)}
      />
    </div>
  );
}

function SeatsCard({ view }: { view: TeamMembersView }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Seats</CardTitle>
        <CardDescription>Each member takes a seat; a pending invitation holds one until it is accepted, revoked or expires.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-4">
        <dl className="flex gap-6 text-sm" data-testid="team-seats">
          <div>
            <dt className="text-muted-foreground">Seats</dt>
            <dd className="text-lg font-semibold">{view.seats}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Used</dt>
            <dd className="text-lg font-semibold">{view.seatsUsed}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Invited</dt>
            <dd className="text-lg font-semibold">{view.seatsReserved}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Available</dt>
            <dd className="text-lg font-semibold">{view.seatsAvailable}</dd>
          </div>
        </dl>
        <Button variant="outline" asChild>
          <Link to="/account/pricing">Add seats</Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function InviteCard({ view, onInvited }: { view: TeamMembersView; onInvited: () => Promise<unknown> }) {
  const [email, setEmail] = React.useState("");
  const [role, setRole] = React.useState<CollaborateRole>("STANDARD_USER");
  const [error, setError] = React.useState<string | null>(null);
  const invite = useMutation({
    mutationFn: () => teamsApi.invite(email.trim().toLowerCase(), role),
    onSuccess: ({ invitation }) => {
      toast({ title: "Invitation sent", description: `We e-mailed an invitation to ${invitation.email}.` });
      setEmail("");
      setError(null);
      return onInvited();
    },
    onError: (e) => setError(messageOf(e)),
  });
  if (!view.canManage) return null;
  const full = view.seatsAvailable <= 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Invite a colleague</CardTitle>
        <CardDescription>They get an e-mail with a link that works once and expires in 7 days.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            invite.mutate();
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor="invite-email">E-mail address</Label>
            <Input id="invite-email" name="email" type="email" required autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="invite-role">Collaborate role</Label>
            <select id="invite-role" className={cn(inputClass, "w-44")} value={role} onChange={(e) => setRole(e.target.value as CollaborateRole)}>
              {(Object.keys(COLLABORATE_LABELS) as CollaborateRole[]).map((r) => (
                <option key={r} value={r}>
                  {COLLABORATE_LABELS[r]}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" disabled={invite.isPending || full || !email.trim()}>
            {invite.isPending ? "Sending…" : "Send invitation"}
          </Button>
        </form>
        {full ? (
          <p className="mt-3 text-sm text-muted-foreground">
            Every seat is taken.{" "}
            <Link to="/account/pricing" className="text-primary underline-offset-4 hover:underline">
              Add seats
            </Link>{" "}
            to invite more people.
          </p>
        ) : null}
        {error ? (
          <Alert variant="destructive" className="mt-3">
            {error}
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}

function PendingInvitations({ view, onChanged }: { view: TeamMembersView; onChanged: () => Promise<unknown> }) {
  const formatDate = useDayText();
  const act = useMutation({
    mutationFn: async ({ id, kind }: { id: string; kind: "resend" | "revoke" }): Promise<unknown> =>
      kind === "resend" ? teamsApi.resend(id) : teamsApi.revoke(id),
    onSuccess: (_data, { kind }) => {
      toast({ title: kind === "resend" ? "Invitation sent again" : "Invitation revoked" });
      return onChanged();
    },
    onError: fail,
  });
  if (!view.canManage) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Pending invitations</CardTitle>
      </CardHeader>
      <CardContent>
        {view.pendingInvitations.length === 0 ? (
          <p className="text-sm text-muted-foreground">No pending invitations.</p>
        ) : (
          <ul className="grid gap-2" data-testid="pending-invitations">
            {view.pendingInvitations.map((inv) => (
              <li key={inv.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3 text-sm" data-email={inv.email}>
                <div>
                  <div className="font-medium">{inv.email}</div>
                  <div className="text-xs text-muted-foreground">
                    {COLLABORATE_LABELS[inv.collaborateRole]} · {inv.expired ? "Expired" : `Expires ${formatDate(inv.expiresAt)}`}
                  </div>
                </div>
                <div className="flex gap-2">
                  <Button variant="outline" size="sm" disabled={act.isPending} onClick={() => act.mutate({ id: inv.id, kind: "resend" })}>
                    Resend
                  </Button>
                  <Button variant="ghost" size="sm" disabled={act.isPending} onClick={() => act.mutate({ id: inv.id, kind: "revoke" })}>
                    Revoke
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
