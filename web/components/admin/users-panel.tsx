import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { ADMIN_PAGE_SIZE } from "../../../shared/admin/model";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Pager } from "~/components/ui/pager";
import { DataTable } from "~/components/ui/table";
import { adminApi, adminQueryKeys, type AdminUserPage, type AdminUserView } from "~/lib/admin-api";
import { fullName, planSummary } from "./format";
import { UserDialog } from "./user-dialog";
import { refetchAfterWrite } from "~/lib/query";

/** Users: search by e-mail or name, paged; "Manage" opens the user and their account. */
export function UsersPanel({ initialPage, currentUserId }: { initialPage: AdminUserPage; currentUserId: string }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = React.useState("");
  const [q, setQ] = React.useState("");
  const [page, setPage] = React.useState(1);
  const [selected, setSelected] = React.useState<AdminUserView | null>(null);
  const users = useQuery({
    queryKey: adminQueryKeys.users(q, page),
    queryFn: () => adminApi.users(q, page),
    initialData: q === "" && page === 1 ? initialPage : undefined,
    placeholderData: keepPreviousData,
  });
  const data = users.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / (data.pageSize || ADMIN_PAGE_SIZE))) : 1;

  return (
    <section aria-labelledby="admin-users-heading" className="grid gap-4">
      <h2 id="admin-users-heading" className="sr-only">
        Users
      </h2>
      <form
        role="search"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(draft.trim());
          setPage(1);
        }}
      >
        <label className="grid flex-1 gap-1 text-sm font-medium">
          Search users
          <Input value={draft} onChange={(e) => setDraft(e.target.value)} placeholder="E-mail or name" name="q" maxLength={200} />
        </label>
        <Button type="submit">Search</Button>
      </form>
      {users.isError ? <p className="text-sm text-destructive">{(users.error as Error).message}</p> : null}
      {data && data.users.length === 0 ? <p className="text-sm text-muted-foreground">No users match “{q}”.</p> : null}
      {data && data.users.length > 0 ? (
        <DataTable
          caption="Users"
          columns={[{ header: "User" }, { header: "Role" }, { header: "Status" }, { header: "Account" }, { header: "Actions" }]}
          rows={data.users.map((user) => ({
            key: user.id,
            header: (
              <span className="grid">
                <span>{user.email}</span>
                <span className="text-xs font-normal text-muted-foreground">{fullName(user)}</span>
              </span>
            ),
            cells: [
              <Badge key="role" variant={user.role === "admin" ? "default" : "outline"}>
                {user.role}
              </Badge>,
              <span key="status" className="flex flex-wrap gap-1">
                {user.disabledAt ? <Badge variant="destructive">Disabled</Badge> : <Badge variant="success">Active</Badge>}
                {user.isBeta ? <Badge variant="secondary">Beta</Badge> : null}
              </span>,
              <span key="account" className="text-xs">
                {planSummary(user)}
              </span>,
              <Button key="manage" size="sm" variant="outline" onClick={() => setSelected(user)} aria-label={`Manage ${user.email}`}>
                Manage
              </Button>,
            ],
          }))}
        />
      ) : null}
      <Pager label="User pages" summary={data ? `${data.total} user${data.total === 1 ? "" : "s"}` : ""} page={page} pages={pages} onPage={setPage} />
      {selected ? (
        <UserDialog
          user={selected}
          isSelf={selected.id === currentUserId}
          onUserChange={(user) => {
            setSelected(user);
            void refetchAfterWrite(queryClient, ["admin"]);
          }}
          onClose={() => setSelected(null)}
        />
      ) : null}
    </section>
  );
}
