import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Pause, Pencil, Play, Plus, Trash2 } from "~/components/ui/icons";
import * as React from "react";
import { CADENCE_LABEL } from "../../../../shared/alerts/cadence";
import { alertQueryKeys, alertsApi, type AlertInput, type AlertLimits, type AlertView } from "~/lib/alerts-api";
import { ApiError, refetchAfterWrite } from "~/lib/query";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { toast } from "~/hooks/use-toast";
import { ShareControls, type ShareActionsFor } from "../share-controls";
import { AlertForm } from "./alert-form";
import { AlertHistory, AlertSummary } from "./alert-summary";
import { useDates } from "~/lib/dates-context";

/** A query to open the create form with; a new `key` reopens it even for the same words. */
export type AlertDraft = { queryText: string; key: number };

export type AlertsPanelProps = {
  /** Opens the create form prefilled and focused ("Watch as alert" on an intelligence answer). */
  draft?: AlertDraft | null;
  className?: string;
};

const message = (err: unknown) => (err instanceof Error ? err.message : "Something went wrong. Try again.");

/**
 * News alerts (issue 12): the planner's alerts with their latest summary and trigger history, and
 * create, edit, pause/resume and delete. Shown only to accounts with `alertsEnabled`: without the
 * flag the API answers 404 `alerts_disabled` and the panel says alerts are not available.
 */
/**
 * Share, new link and stop sharing for one alert at a time: the answer replaces the alert in the
 * cached list (no refetch); a failure is said in a toast, and an alert deleted elsewhere leaves the list.
 */
function useAlertSharing(refresh: () => void): ShareActionsFor<AlertView> {
  const queryClient = useQueryClient();
  return React.useMemo(() => {
    const sharing = (call: (id: string) => Promise<{ alert: AlertView }>, title: string) => async (alert: AlertView) => {
      try {
        const { alert: next } = await call(alert.id);
        queryClient.setQueryData<{ alerts: AlertView[]; limits: AlertLimits }>(alertQueryKeys.list, (old) =>
          old ? { ...old, alerts: old.alerts.map((a) => (a.id === next.id ? next : a)) } : old,
        );
        return next;
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) refresh();
        toast({ title, description: message(err), variant: "destructive" });
        return null;
      }
    };
    return {
      share: sharing(alertsApi.share, "Could not share the alert"),
      rotate: sharing(alertsApi.rotate, "Could not make a new link"),
      revoke: sharing(alertsApi.revoke, "Could not stop sharing"),
    };
  }, [queryClient, refresh]);
}

export function AlertsPanel({ draft, className }: AlertsPanelProps) {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: alertQueryKeys.list, queryFn: alertsApi.list });
  const [creating, setCreating] = React.useState(Boolean(draft));
  React.useEffect(() => {
    if (draft) setCreating(true);
  }, [draft]);
  const refresh = React.useCallback(() => void refetchAfterWrite(queryClient, alertQueryKeys.list), [queryClient]);
  const sharing = useAlertSharing(refresh);
  const create = useMutation({
    mutationFn: (input: AlertInput) => alertsApi.create(input),
    onSuccess: () => {
      setCreating(false);
      void refresh();
    },
  });

  if (list.isPending) return <p className="text-sm text-muted-foreground">Loading alerts…</p>;
  if (list.isError) {
    const disabled = list.error instanceof ApiError && list.error.code === "alerts_disabled";
    return (
      <p role={disabled ? undefined : "alert"} className="text-sm text-muted-foreground">
        {disabled ? "News alerts are not enabled for this account." : message(list.error)}
      </p>
    );
  }
  const { alerts, limits } = list.data;
  const full = alerts.length >= limits.maxAlerts;

  return (
    <section id="news-alerts" className={className} aria-labelledby="alerts-heading">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="alerts-heading" className="text-base font-semibold">
          News alerts
        </h2>
        {!creating ? (
          <Button size="sm" onClick={() => setCreating(true)} disabled={full} title={full ? `You can keep up to ${limits.maxAlerts} alerts.` : undefined}>
            <Plus className="mr-1 size-4" aria-hidden /> New alert
          </Button>
        ) : null}
      </div>
      {creating ? (
        <div className="mb-4 rounded-md border p-3">
          <AlertForm
            key={draft?.key ?? 0}
            limits={limits}
            initial={{ queryText: draft?.queryText ?? "" }}
            autoFocus={Boolean(draft)}
            submitLabel="Create alert"
            busy={create.isPending}
            error={create.isError ? message(create.error) : null}
            onSubmit={(input) => create.mutate(input)}
            onCancel={() => setCreating(false)}
          />
        </div>
      ) : null}
      {alerts.length === 0 && !creating ? (
        <p className="text-sm text-muted-foreground">No alerts yet. An alert watches news and official feeds and writes a cited summary on a schedule.</p>
      ) : (
        <ul className="grid gap-3">
          {alerts.map((alert) => (
            <li key={alert.id}>
              <AlertCard alert={alert} limits={limits} onChanged={refresh} sharing={sharing} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AlertCard({
  alert,
  limits,
  onChanged,
  sharing,
}: {
  alert: AlertView;
  limits: AlertLimits;
  onChanged: () => void;
  sharing: ShareActionsFor<AlertView>;
}) {
  const { dayTime: formatUtc } = useDates();
  const [editing, setEditing] = React.useState(false);
  const [confirming, setConfirming] = React.useState(false);
  const [showHistory, setShowHistory] = React.useState(false);
  const update = useMutation({
    mutationFn: (input: AlertInput) => alertsApi.update(alert.id, input),
    onSuccess: () => {
      setEditing(false);
      onChanged();
    },
  });
  const toggle = useMutation({ mutationFn: () => (alert.isActive ? alertsApi.pause(alert.id) : alertsApi.resume(alert.id)), onSuccess: onChanged });
  const remove = useMutation({
    mutationFn: () => alertsApi.remove(alert.id),
    onSuccess: () => {
      setConfirming(false);
      onChanged();
    },
  });
  const failure = toggle.error ?? remove.error;

  return (
    <article className="grid gap-3 rounded-md border p-3" aria-label={`Alert: ${alert.queryText}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <p className="font-medium">{alert.queryText}</p>
          <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <Badge variant={alert.isActive ? "default" : "secondary"}>{alert.isActive ? "Active" : "Paused"}</Badge>
            {alert.sharePath ? <Badge variant="outline">Shared</Badge> : null}
            <span>{CADENCE_LABEL[alert.cadence]}</span>
            {alert.isActive ? <span>Next: {formatUtc(alert.nextRunAt)}</span> : null}
          </p>
        </div>
        <div className="flex gap-1">
          <Button size="sm" variant="ghost" onClick={() => setEditing((v) => !v)} aria-label={`Edit alert ${alert.queryText}`}>
            <Pencil className="size-4" aria-hidden />
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => toggle.mutate()}
            disabled={toggle.isPending}
            aria-label={`${alert.isActive ? "Pause" : "Resume"} alert ${alert.queryText}`}
          >
            {alert.isActive ? <Pause className="size-4" aria-hidden /> : <Play className="size-4" aria-hidden />}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(true)} aria-label={`Delete alert ${alert.queryText}`}>
            <Trash2 className="size-4" aria-hidden />
          </Button>
        </div>
      </div>
      {failure ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {message(failure)}
        </p>
      ) : null}
      {editing ? (
        <AlertForm
          limits={limits}
          initial={{ queryText: alert.queryText, cadence: alert.cadence }}
          submitLabel="Save alert"
          busy={update.isPending}
          error={update.isError ? message(update.error) : null}
          onSubmit={(input) => update.mutate(input)}
          onCancel={() => setEditing(false)}
        />
      ) : null}
      {alert.latestSummary ? (
        <AlertSummary summary={alert.latestSummary} alertId={alert.id} />
      ) : (
        <p className="text-xs text-muted-foreground">
          {alert.isActive ? "The first summary is written at the next scheduled run." : "Paused: no summaries are written."}
        </p>
      )}
      {alert.history.length > 0 ? (
        <div>
          <Button size="sm" variant="link" className="h-auto p-0 text-xs" aria-expanded={showHistory} onClick={() => setShowHistory((v) => !v)}>
            {showHistory ? "Hide" : "Show"} trigger history ({alert.history.length})
          </Button>
          {showHistory ? <AlertHistory history={alert.history} /> : null}
        </div>
      ) : null}
      <ShareControls item={alert} name={alert.queryText} noun="alert" actions={sharing} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this alert?"
        description={`“${alert.queryText}” and its summaries will be deleted${alert.sharePath ? " and its public link will stop working" : ""}. This cannot be undone.`}
        confirmLabel="Delete alert"
        busy={remove.isPending}
        busyLabel="Deleting…"
        keepOpenWhileBusy
        onConfirm={() => remove.mutate()}
      />
    </article>
  );
}
