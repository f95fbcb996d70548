import { keepPreviousData, useQuery } from "@tanstack/react-query";
import * as React from "react";
import { ADMIN_ACTIONS } from "../../../shared/admin/model";
import { Button } from "~/components/ui/button";
import { inputClass, Input } from "~/components/ui/input";
import { Pager } from "~/components/ui/pager";
import { DataTable } from "~/components/ui/table";
import { adminApi, adminQueryKeys, type AuditFilter, type AuditPage } from "~/lib/admin-api";
import { cn } from "~/lib/utils";
import { describeMetadata, formatInstant } from "./format";

/** The audit log, newest first, filtered by actor, action, target and dates. */
export function AuditPanel({ initialPage }: { initialPage: AuditPage }) {
  const [filter, setFilter] = React.useState<AuditFilter>({});
  const [page, setPage] = React.useState(1);
  const key = { ...filter, page };
  const audit = useQuery({
    queryKey: adminQueryKeys.audit(key),
    queryFn: () => adminApi.audit(key),
    initialData: Object.keys(filter).length === 0 && page === 1 ? initialPage : undefined,
    placeholderData: keepPreviousData,
  });
  const data = audit.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <section aria-labelledby="admin-audit-heading" className="grid gap-4">
      <h2 id="admin-audit-heading" className="sr-only">
        Audit log
      </h2>
      <form
        aria-label="Audit filters"
        className="grid gap-2 sm:grid-cols-3 lg:grid-cols-6"
        onSubmit={(e) => {
          e.preventDefault();
          const form = new FormData(e.currentTarget);
          const get = (name: string) => String(form.get(name) ?? "").trim() || undefined;
          setFilter({ actor: get("actor"), action: get("action"), target: get("target"), from: get("from"), to: get("to") });
          setPage(1);
        }}
      >
        <label className="grid gap-1 text-xs font-medium">
          Actor
          <Input name="actor" placeholder="E-mail or id" />
        </label>
        <label className="grid gap-1 text-xs font-medium">
          Action
          <select name="action" className={cn(inputClass, "h-9")} defaultValue="">
            <option value="">Any action</option>
            {ADMIN_ACTIONS.map((a) => (
              <option key={a}>{a}</option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-xs font-medium">
          Target
          <Input name="target" placeholder="User e-mail, user or account id" />
        </label>
        <label className="grid gap-1 text-xs font-medium">
          From
          <Input name="from" type="date" />
        </label>
        <label className="grid gap-1 text-xs font-medium">
          To
          <Input name="to" type="date" />
        </label>
        <div className="flex items-end">
          <Button type="submit">Filter</Button>
        </div>
      </form>
      {audit.isError ? <p className="text-sm text-destructive">{(audit.error as Error).message}</p> : null}
      {data && data.entries.length === 0 ? <p className="text-sm text-muted-foreground">No audit entries match.</p> : null}
      {data && data.entries.length > 0 ? (
        <DataTable
          caption="Audit log"
          columns={[{ header: "When" }, { header: "Action" }, { header: "Actor" }, { header: "Target" }, { header: "Details" }]}
          rows={data.entries.map((entry) => ({
            key: entry.id,
            header: <span className="whitespace-nowrap font-normal">{formatInstant(entry.createdAt)}</span>,
            cells: [
              <code key="action" className="text-xs">
                {entry.action}
              </code>,
              <span key="actor">{entry.actor?.email ?? entry.actor?.id ?? "—"}</span>,
              <span key="target" className="grid">
                <span>{entry.targetLabel ?? entry.targetId ?? "—"}</span>
                {entry.targetType ? <span className="text-xs text-muted-foreground">{entry.targetType}</span> : null}
              </span>,
              <span key="details" className="text-xs text-muted-foreground">
                {describeMetadata(entry.metadata)}
              </span>,
            ],
          }))}
        />
      ) : null}
      <Pager label="Audit pages" summary={data ? `${data.total} entr${data.total === 1 ? "y" : "ies"}` : ""} page={page} pages={pages} onPage={setPage} />
    </section>
  );
}
