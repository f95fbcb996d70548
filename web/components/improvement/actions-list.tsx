import { Form, Link } from "@remix-run/react";
import { ClipboardCheck } from "~/components/ui/icons";
import * as React from "react";
import { CORE_CAPABILITY_NAMES } from "../../../shared/exercises/capabilities";
import { SampleBadge } from "~/components/sample/sample-badge";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { EmptyState } from "~/components/ui/empty-state";
import { inputClass } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { DataTable } from "~/components/ui/table";
import type { ActionFilters, CorrectiveActionListView, CorrectiveActionView } from "~/lib/improvement-api";
import { exercisePagePath } from "~/lib/exercise-paths";
import { cn } from "~/lib/utils";
import { ActionSheet } from "./action-sheet";
import { STATUS_LABELS, STATUS_OPTIONS } from "./labels";
import { useActionChange } from "./use-action-change";
import { VerifyDialog } from "./verify-dialog";
import { useDates } from "~/lib/dates-context";

const COLUMNS = [
  { header: "Capability" },
  { header: "Issue" },
  { header: "Corrective action" },
  { header: "Element" },
  { header: "Organisation" },
  { header: "POC" },
  { header: "Due" },
  { header: "Status" },
  { header: "Exercise" },
  { header: "Actions" },
];

/** The cross-exercise list of the planner's corrective actions: summary, filters, table, edits. */
export function ActionsList({ list, filters }: { list: CorrectiveActionListView; filters: ActionFilters }) {
  const [editing, setEditing] = React.useState<CorrectiveActionView | null>(null);
  const [verifying, setVerifying] = React.useState<CorrectiveActionView | null>(null);
  const [completing, setCompleting] = React.useState<CorrectiveActionView | null>(null);
  const { busy, save } = useActionChange();
  const total = list.counts.open + list.counts.in_progress + list.counts.completed + list.counts.verified;
  const filtered = Boolean(filters.status || filters.capability || filters.overdue);

  if (total === 0) {
    return (
      <EmptyState icon={ClipboardCheck} title="No corrective actions yet">
        Corrective actions come from the Improvement Plan of an after-action report. Conduct an exercise, draft its after-action report and publish it: each
        improvement-plan row is then tracked here to completion, with reminders before it is due.
      </EmptyState>
    );
  }

  return (
    <div className="grid gap-6">
      <Summary counts={list.counts} />
      <Filters filters={filters} />
      {list.actions.length === 0 ? (
        <EmptyState icon={ClipboardCheck} title="No corrective actions match these filters">
          Change or clear the filters to see the others.
        </EmptyState>
      ) : (
        <DataTable
          caption={`Corrective actions${filtered ? " (filtered)" : ""}, overdue first, then by due date`}
          columns={COLUMNS}
          rows={list.actions.map((a) => ({
            key: a.id,
            header: a.capability,
            cells: [
              <span key="issue" className="block min-w-48">
                {a.issue}
              </span>,
              <span key="action" className="block min-w-56">
                {a.action}
              </span>,
              a.element,
              a.organization || "—",
              a.pointOfContact || "—",
              <DueCell key="due" action={a} />,
              <StatusCell key="status" action={a} />,
              <Link
                key="exercise"
                to={a.sessionId ? `/conduct/sessions/${encodeURIComponent(a.sessionId)}/aar` : exercisePagePath({ id: a.exerciseId, campaignId: a.campaignId })}
                className="font-medium text-primary hover:underline"
              >
                {a.exerciseName || "Exercise"}
              </Link>,
              <div key="actions" className="flex flex-wrap gap-1">
                <Button size="sm" variant="outline" onClick={() => setEditing(a)} aria-label={`Edit: ${a.action}`}>
                  Edit
                </Button>
                {a.status === "open" || a.status === "in_progress" ? (
                  <Button size="sm" variant="outline" disabled={busy === a.id} onClick={() => setCompleting(a)} aria-label={`Mark complete: ${a.action}`}>
                    Mark complete
                  </Button>
                ) : null}
                {a.status !== "verified" ? (
                  <Button size="sm" variant="outline" onClick={() => setVerifying(a)} aria-label={`Verify: ${a.action}`}>
                    Verify…
                  </Button>
                ) : null}
              </div>,
            ],
          }))}
        />
      )}
      <ActionSheet
        action={editing}
        onOpenChange={(open) => !open && setEditing(null)}
        onVerify={(a) => {
          setEditing(null);
          setVerifying(a);
        }}
      />
      <VerifyDialog action={verifying} onOpenChange={(open) => !open && setVerifying(null)} />
      <ConfirmDialog
        open={completing !== null}
        onOpenChange={(open) => !open && setCompleting(null)}
        title="Mark this corrective action complete?"
        description={
          completing ? (
            <>“{completing.action}” will be recorded as complete today, under your name. Verify it later, once an exercise shows the fix works.</>
          ) : null
        }
        confirmLabel="Mark complete"
        destructive={false}
        onConfirm={() => {
          const a = completing;
          setCompleting(null);
          if (a) void save(a, { status: "completed" }, { toastOnError: true, done: "Marked complete" });
        }}
      />
    </div>
  );
}

function Summary({ counts }: { counts: CorrectiveActionListView["counts"] }) {
  const items = [
    { label: "Open", value: counts.open },
    { label: "In progress", value: counts.in_progress },
    { label: "Overdue", value: counts.overdue, alert: counts.overdue > 0 },
    { label: "Completed", value: counts.completed },
    { label: "Verified", value: counts.verified },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" aria-label="Corrective actions by status">
      {items.map((item) => (
        <div key={item.label} className={cn("rounded-lg border bg-card p-3", item.alert && "border-destructive")}>
          <dt className="text-xs font-medium text-muted-foreground">{item.label}</dt>
          <dd className={cn("text-2xl font-semibold tabular-nums", item.alert && "text-destructive")}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A GET form: the filters live in the URL, so a filtered list can be bookmarked and works without JavaScript. */
function Filters({ filters }: { filters: ActionFilters }) {
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3" aria-label="Filter corrective actions">
      <div className="grid gap-1.5">
        <Label htmlFor="filter-status">Status</Label>
        <select id="filter-status" name="status" defaultValue={filters.status ?? ""} className={cn(inputClass, "h-9 w-40")}>
          <option value="">All statuses</option>
          {STATUS_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="filter-capability">Capability</Label>
        <select id="filter-capability" name="capability" defaultValue={filters.capability ?? ""} className={cn(inputClass, "h-9 w-64")}>
          <option value="">All capabilities</option>
          {CORE_CAPABILITY_NAMES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div className="flex h-9 items-center gap-2">
        <input id="filter-overdue" type="checkbox" name="overdue" value="true" defaultChecked={filters.overdue} className="size-4 accent-primary" />
        <Label htmlFor="filter-overdue">Overdue only</Label>
      </div>
      <Button type="submit" variant="secondary">
        Apply filters
      </Button>
      {filters.status || filters.capability || filters.overdue ? (
        <Button asChild variant="ghost">
          <Link to="/improvement">Clear</Link>
        </Button>
      ) : null}
    </Form>
  );
}

function DueCell({ action }: { action: CorrectiveActionView }) {
  const { day: formatDay } = useDates();
  if (!action.dueDate) return <span className="text-muted-foreground">Not set</span>;
  return (
    <span className={cn("grid justify-items-start gap-1 whitespace-nowrap", action.overdue && "font-medium text-destructive")}>
      {formatDay(action.dueDate)}
      {action.overdue ? <Badge variant="destructive">Overdue</Badge> : null}
    </span>
  );
}

function StatusCell({ action }: { action: CorrectiveActionView }) {
  const { day: formatDay } = useDates();
  return (
    <span className="grid justify-items-start gap-1">
      <Badge variant={action.status === "verified" ? "success" : action.status === "completed" ? "secondary" : "outline"}>{STATUS_LABELS[action.status]}</Badge>
      {action.sample ? <SampleBadge /> : null}
      {action.verifiedAt ? (
        <span className="text-xs text-muted-foreground">
          {formatDay(action.verifiedAt)}
          {action.verifiedByName ? ` by ${action.verifiedByName}` : ""}
          {action.verifiedBy ? `, in ${action.verifiedBy.exerciseName || action.verifiedBy.name}` : ""}
        </span>
      ) : action.completedAt ? (
        <span className="text-xs text-muted-foreground">
          {formatDay(action.completedAt)}
          {action.completedByName ? ` by ${action.completedByName}` : ""}
        </span>
      ) : null}
    </span>
  );
}
