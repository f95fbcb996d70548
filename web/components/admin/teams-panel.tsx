import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Field, SelectField } from "~/components/ui/field";
import { DataTable } from "~/components/ui/table";
import { toast } from "~/hooks/use-toast";
import { adminApi, adminQueryKeys, type AdminTeamView } from "~/lib/admin-api";
import { refetchAfterWrite } from "~/lib/query";

const failed = (title: string) => (err: unknown) =>
  toast({ variant: "destructive", title, description: err instanceof Error ? err.message : "Try again in a moment." });

/**
 * Teams and campaigns: what `npm run admin -- list-teams / create-team / add-team-member /
 * create-campaign` does, through the same statements (worker/admin/teams.ts). Each change is audited.
 */
export function TeamsPanel() {
  const queryClient = useQueryClient();
  // Read when the tab opens (Radix mounts a tab's content then), not on every /admin load.
  const teams = useQuery({ queryKey: adminQueryKeys.teams, queryFn: () => adminApi.teams().then((r) => r.teams) });
  const refresh = () => refetchAfterWrite(queryClient, adminQueryKeys.teams);
  const [owner, setOwner] = React.useState("");
  const [seats, setSeats] = React.useState("5");
  const create = useMutation({
    mutationFn: () => adminApi.createTeam({ email: owner.trim(), seats: Number(seats) }),
    onSuccess: (r) => {
      toast({ title: r.created ? "Team created" : "The account already had a team: its seats were set" });
      setOwner("");
      void refresh();
    },
    onError: failed("No team created"),
  });

  return (
    <section aria-labelledby="admin-teams-heading" className="grid gap-4">
      <h2 id="admin-teams-heading" className="sr-only">
        Teams
      </h2>
      <form
        aria-label="Create a team"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <Field
          className="min-w-64 flex-1"
          label="Owner's e-mail"
          type="email"
          required
          value={owner}
          onChange={(e) => setOwner(e.target.value)}
          description="The team goes on this user's own account; they become its admin."
        />
        <Field className="w-28" label="Seats" type="number" min={1} max={10000} required value={seats} onChange={(e) => setSeats(e.target.value)} />
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? "Creating…" : "Create team"}
        </Button>
      </form>
      {teams.isPending ? (
        <p className="text-sm text-muted-foreground">Loading teams…</p>
      ) : teams.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {(teams.error as Error).message}
        </p>
      ) : teams.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No teams yet.</p>
      ) : (
        <ul className="grid gap-3">
          {teams.data.map((team) => (
            <li key={team.id}>
              <TeamCard team={team} onChanged={refresh} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function TeamCard({ team, onChanged }: { team: AdminTeamView; onChanged: () => void }) {
  const id = React.useId();
  const [member, setMember] = React.useState({ email: "", role: "MEMBER", collaborateRole: "STANDARD_USER", growSeats: false });
  const [campaign, setCampaign] = React.useState({ name: "", email: "", status: "DRAFT" });
  const add = useMutation({
    mutationFn: () =>
      adminApi.addTeamMember(team.id, {
        ...member,
        email: member.email.trim(),
        role: member.role as "ADMIN" | "MEMBER",
        collaborateRole: member.collaborateRole as "CAMPAIGN_MANAGER" | "STANDARD_USER",
      }),
    onSuccess: (r) => {
      toast({ title: `Member saved (${r.members} of ${r.seats} seats)` });
      setMember((m) => ({ ...m, email: "" }));
      onChanged();
    },
    onError: failed("Member not added"),
  });
  const start = useMutation({
    mutationFn: () =>
      adminApi.createCampaign(team.id, { name: campaign.name.trim(), email: campaign.email.trim(), status: campaign.status as "DRAFT" | "ACTIVE" }),
    onSuccess: () => {
      toast({ title: "Campaign created" });
      setCampaign((c) => ({ ...c, name: "" }));
      onChanged();
    },
    onError: failed("Campaign not created"),
  });
  const label = team.accountName ?? team.id;

  return (
    <article aria-label={`Team ${label}`} className="grid gap-3 rounded-md border p-3">
      <header className="flex flex-wrap items-center gap-2">
        <h3 className="font-medium">{label}</h3>
        <Badge variant="outline">
          {team.members.length} of {team.seats} seats
        </Badge>
        <Badge variant={team.planStatus === "active" ? "success" : "secondary"}>
          {team.planType ? `${team.planType} ${team.planStatus ?? ""}` : "No plan"}
        </Badge>
        <code className="text-xs text-muted-foreground">{team.id}</code>
      </header>
      <DataTable
        caption={`Members of ${label}`}
        columns={[{ header: "Member" }, { header: "Role" }, { header: "Collaborate role" }]}
        rows={team.members.map((m) => ({ key: m.email, header: m.email, cells: [m.role, m.collaborateRole] }))}
      />
      {team.campaigns.length > 0 ? (
        <p className="text-sm text-muted-foreground">Campaigns: {team.campaigns.map((c) => `${c.name} (${c.status})`).join(", ")}</p>
      ) : null}
      <form
        aria-label={`Add a member to ${label}`}
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          add.mutate();
        }}
      >
        <Field
          className="min-w-56 flex-1"
          label="Member's e-mail"
          type="email"
          required
          value={member.email}
          onChange={(e) => setMember({ ...member, email: e.target.value })}
        />
        <SelectField
          id={`${id}-role`}
          name="role"
          label="Role"
          help="Admins manage the team."
          value={member.role}
          onChange={(v) => setMember({ ...member, role: v || "MEMBER" })}
          options={[
            { value: "MEMBER", label: "Member" },
            { value: "ADMIN", label: "Admin" },
          ]}
          emptyLabel="Choose a role"
        />
        <SelectField
          id={`${id}-collaborate`}
          name="collaborateRole"
          label="Collaborate role"
          help="Campaign managers run campaigns."
          value={member.collaborateRole}
          onChange={(v) => setMember({ ...member, collaborateRole: v || "STANDARD_USER" })}
          options={[
            { value: "STANDARD_USER", label: "Standard user" },
            { value: "CAMPAIGN_MANAGER", label: "Campaign manager" },
          ]}
          emptyLabel="Choose a role"
        />
        <label className="flex items-center gap-2 pb-2 text-sm">
          <Checkbox checked={member.growSeats} onCheckedChange={(v) => setMember({ ...member, growSeats: v === true })} />
          Add a seat if full
        </label>
        <Button type="submit" variant="outline" disabled={add.isPending}>
          {add.isPending ? "Saving…" : "Add member"}
        </Button>
      </form>
      <form
        aria-label={`Create a campaign for ${label}`}
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          start.mutate();
        }}
      >
        <Field
          className="min-w-56 flex-1"
          label="Campaign name"
          required
          maxLength={200}
          value={campaign.name}
          onChange={(e) => setCampaign({ ...campaign, name: e.target.value })}
        />
        <Field
          className="min-w-56 flex-1"
          label="Created by (a member's e-mail)"
          type="email"
          required
          value={campaign.email}
          onChange={(e) => setCampaign({ ...campaign, email: e.target.value })}
        />
        <SelectField
          id={`${id}-status`}
          name="status"
          label="Status"
          help="Drafts are not open yet."
          value={campaign.status}
          onChange={(v) => setCampaign({ ...campaign, status: v || "DRAFT" })}
          options={[
            { value: "DRAFT", label: "Draft" },
            { value: "ACTIVE", label: "Active" },
          ]}
          emptyLabel="Choose a status"
        />
        <Button type="submit" variant="outline" disabled={start.isPending}>
          {start.isPending ? "Creating…" : "Create campaign"}
        </Button>
      </form>
    </article>
  );
}
