import { useRevalidator } from "@remix-run/react";
import { Archive, ArchiveRestore, Building2, Loader2, Pencil, Plus, Users } from "~/components/ui/icons";
import * as React from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { EmptyState } from "~/components/ui/empty-state";
import { Input } from "~/components/ui/input";
import { RenameForm } from "~/components/ui/rename-form";
import { toast } from "~/hooks/use-toast";
import { clientsApi, type ClientGroupView, type ClientPersonView, type ClientsPage, type ManagedClientView } from "~/lib/clients-api";

const NAME_MAX = 120;
const validateName = (value: string) => (!value.trim() ? "Enter a name." : value.trim().length > NAME_MAX ? `At most ${NAME_MAX} characters.` : null);

/** Runs a change, reports a failure as a toast, and reloads the page's data. */
function useChange() {
  const revalidator = useRevalidator();
  const [busy, setBusy] = React.useState<string | null>(null);
  const run = async (key: string, what: string, change: () => Promise<unknown>): Promise<boolean> => {
    setBusy(key);
    try {
      await change();
      revalidator.revalidate();
      return true;
    } catch (err) {
      toast({ title: `Could not ${what}`, description: err instanceof Error ? err.message : "Try again in a moment.", variant: "destructive" });
      return false;
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
}

/** The Clients page: create, rename, archive clients; assign people and groups (owners and admins). */
export function ClientsManager({ page }: { page: ClientsPage }) {
  const { busy, run } = useChange();
  const active = page.clients.filter((c) => !c.archived);
  const archived = page.clients.filter((c) => c.archived);
  return (
    <div className="grid gap-6">
      {page.canManage ? (
        <CreateForm
          label="New client"
          placeholder="County, city or agency"
          busy={busy === "create"}
          onCreate={(name) => run("create", "create the client", () => clientsApi.create(name))}
        />
      ) : null}
      {page.clients.length === 0 ? (
        <EmptyState icon={Building2} title={page.canManage ? "No clients yet" : "No clients assigned to you"}>
          {page.canManage
            ? "Add the jurisdictions you serve; then file exercises and documents under them."
            : "Ask your account's owner or an admin to assign you to a client."}
        </EmptyState>
      ) : (
        <ul className="grid gap-4" aria-label="Clients">
          {[...active, ...archived].map((client) => (
            <li key={client.id}>
              <ClientCard client={client} page={page} busy={busy} run={run} />
            </li>
          ))}
        </ul>
      )}
      {page.canManage ? <GroupsCard groups={page.groups} people={page.people} busy={busy} run={run} /> : null}
    </div>
  );
}

type Run = ReturnType<typeof useChange>["run"];

function CreateForm({
  label,
  placeholder,
  busy,
  onCreate,
}: {
  label: string;
  placeholder: string;
  busy: boolean;
  onCreate: (name: string) => Promise<boolean>;
}) {
  const [name, setName] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);
  const id = React.useId();
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const problem = validateName(name);
    if (problem) return setError(problem);
    setError(null);
    if (await onCreate(name.trim())) setName("");
  };
  return (
    <form onSubmit={submit} className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="flex flex-wrap gap-2">
        <Input
          id={id}
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder={placeholder}
          maxLength={NAME_MAX + 50}
          className="max-w-sm"
          aria-invalid={error ? true : undefined}
        />
        <Button type="submit" disabled={busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Plus aria-hidden />} {label === "New client" ? "Add client" : "Add group"}
        </Button>
      </div>
      {error ? <p className="text-sm text-destructive">{error}</p> : null}
    </form>
  );
}

function ClientCard({ client, page, busy, run }: { client: ManagedClientView; page: ClientsPage; busy: string | null; run: Run }) {
  const [renaming, setRenaming] = React.useState(false);
  const assignedUsers = new Set(client.userIds);
  const assignedGroups = new Set(client.groupIds);
  return (
    <Card aria-label={client.name}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3 space-y-0">
        {renaming ? (
          <RenameForm
            id={`rename-${client.id}`}
            label={`New name for ${client.name}`}
            initial={client.name}
            maxLength={NAME_MAX}
            validate={validateName}
            onSave={(name) => run(`rename:${client.id}`, "rename the client", () => clientsApi.rename(client.id, name))}
            onDone={() => setRenaming(false)}
          />
        ) : (
          <div className="grid gap-1">
            <CardTitle className="flex items-center gap-2">
              <Building2 className="size-4 text-primary" aria-hidden /> {client.name}
              {client.archived ? <Badge variant="outline">Archived</Badge> : null}
            </CardTitle>
            {page.canManage ? (
              <CardDescription>
                {/* "assigned": the lists below show everyone who could be, ticked or not. */}
                {assignedSummary(client.userIds.length, client.groupIds.length)}
              </CardDescription>
            ) : null}
          </div>
        )}
        {page.canManage && !renaming ? (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => setRenaming(true)} aria-label={`Rename ${client.name}`}>
              <Pencil aria-hidden /> Rename
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={busy === `archive:${client.id}`}
              onClick={() =>
                void run(`archive:${client.id}`, client.archived ? "unarchive the client" : "archive the client", () =>
                  clientsApi.setArchived(client.id, !client.archived),
                )
              }
              aria-label={`${client.archived ? "Unarchive" : "Archive"} ${client.name}`}
            >
              {client.archived ? <ArchiveRestore aria-hidden /> : <Archive aria-hidden />} {client.archived ? "Unarchive" : "Archive"}
            </Button>
          </div>
        ) : null}
      </CardHeader>
      {page.canManage ? (
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <CheckList
            title="People"
            empty="No one else in the account yet."
            items={page.people.map((p) => ({ id: p.id, label: p.name, hint: p.email }))}
            checked={assignedUsers}
            disabled={busy !== null}
            onChange={(userId, on) =>
              void run(`user:${client.id}`, on ? "assign the person" : "unassign the person", () =>
                on ? clientsApi.assignUser(client.id, userId) : clientsApi.unassignUser(client.id, userId),
              )
            }
            name={client.name}
          />
          <CheckList
            title="Groups"
            empty="No groups yet: add one below."
            items={page.groups.map((g) => ({ id: g.id, label: g.name, hint: `${g.userIds.length} ${g.userIds.length === 1 ? "member" : "members"}` }))}
            checked={assignedGroups}
            disabled={busy !== null}
            onChange={(groupId, on) =>
              void run(`group:${client.id}`, on ? "assign the group" : "unassign the group", () =>
                on ? clientsApi.assignGroup(client.id, groupId) : clientsApi.unassignGroup(client.id, groupId),
              )
            }
            name={client.name}
          />
        </CardContent>
      ) : null}
    </Card>
  );
}

function CheckList({
  title,
  empty,
  items,
  checked,
  disabled,
  onChange,
  name,
}: {
  title: string;
  empty: string;
  items: { id: string; label: string; hint: string }[];
  checked: Set<string>;
  disabled: boolean;
  onChange: (id: string, on: boolean) => void;
  name: string;
}) {
  return (
    <fieldset className="grid content-start gap-2">
      <legend className="mb-1 text-sm font-medium">{title}</legend>
      {items.length === 0 ? <p className="text-sm text-muted-foreground">{empty}</p> : null}
      {items.map((item) => {
        const id = `${name}-${title}-${item.id}`;
        return (
          <div key={item.id} className="flex items-center gap-2">
            <Checkbox
              id={id}
              checked={checked.has(item.id)}
              disabled={disabled}
              onCheckedChange={(v) => onChange(item.id, v === true)}
              aria-label={`${item.label} works on ${name}`}
            />
            <label htmlFor={id} className="grid text-sm leading-tight">
              <span>{item.label}</span>
              <span className="text-xs text-muted-foreground">{item.hint}</span>
            </label>
          </div>
        );
      })}
    </fieldset>
  );
}

function GroupsCard({ groups, people, busy, run }: { groups: ClientGroupView[]; people: ClientPersonView[]; busy: string | null; run: Run }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Users className="size-4 text-primary" aria-hidden /> Groups
        </CardTitle>
        <CardDescription>Assign a group to a client and everyone in it works on that client.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <CreateForm
          label="New group"
          placeholder="e.g. Coastal team"
          busy={busy === "group"}
          onCreate={(name) => run("group", "create the group", () => clientsApi.createGroup(name))}
        />
        {groups.map((group) => (
          <CheckList
            key={group.id}
            title={group.name}
            empty="No one in the account yet."
            items={people.map((p) => ({ id: p.id, label: p.name, hint: p.email }))}
            checked={new Set(group.userIds)}
            disabled={busy !== null}
            onChange={(userId, on) =>
              void run(`member:${group.id}`, on ? "add the member" : "remove the member", () =>
                on ? clientsApi.addGroupMember(group.id, userId) : clientsApi.removeGroupMember(group.id, userId),
              )
            }
            name={group.name}
          />
        ))}
      </CardContent>
    </Card>
  );
}

function assignedSummary(people: number, groups: number): string {
  if (people === 0 && groups === 0) return "No one assigned yet";
  const part = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return `Assigned: ${part(people, "person", "people")}, ${part(groups, "group", "groups")}`;
}
