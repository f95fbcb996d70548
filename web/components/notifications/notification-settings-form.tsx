import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { notificationQueryKeys, notificationsApi, type NotificationSettingsInput, type NotificationSettingsView } from "~/lib/notifications-api";
import { Label } from "~/components/ui/label";
import { Switch } from "~/components/ui/switch";

const SWITCHES: { key: keyof NotificationSettingsInput; label: string; help: string }[] = [
  {
    key: "inApp",
    label: "In-app notifications",
    help: "Under the bell: alert summaries, a teammate joining or leaving, contributions and syntheses of your campaigns, published after-action reports, corrective actions assigned to you, due or overdue.",
  },
  { key: "email", label: "E-mail notifications", help: "A copy of each of these is e-mailed to you." },
  { key: "digest", label: "Daily e-mail digest", help: "One e-mail a day (around 12:00 UTC) with everything since the last, instead of one e-mail each." },
  { key: "live", label: "Live updates", help: "The bell refreshes on its own while Readyroom is open." },
  { key: "push", label: "Push notifications", help: "Saved for when browser push is available; nothing is pushed yet." },
];

export type NotificationSettingsFormProps = { className?: string };

/**
 * The spec's Notifications settings (live, e-mail, in-app, push). Each switch saves at once
 * (PUT /api/notifications/settings with that one field), optimistically, and rolls back on failure.
 */
export function NotificationSettingsForm({ className }: NotificationSettingsFormProps) {
  const id = React.useId();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: notificationQueryKeys.settings, queryFn: notificationsApi.settings });
  const save = useMutation({
    mutationFn: (input: NotificationSettingsInput) => notificationsApi.saveSettings(input),
    onMutate: async (input) => {
      const previous = queryClient.getQueryData<{ settings: NotificationSettingsView }>(notificationQueryKeys.settings);
      if (previous) queryClient.setQueryData(notificationQueryKeys.settings, { settings: { ...previous.settings, ...input } });
      return { previous };
    },
    onError: (_err, _input, context) => {
      if (context?.previous) queryClient.setQueryData(notificationQueryKeys.settings, context.previous);
    },
    onSuccess: (data) => queryClient.setQueryData(notificationQueryKeys.settings, data),
  });

  return (
    <section className={className} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="mb-3 text-base font-semibold">
        Notifications
      </h2>
      {settings.isPending ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : settings.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {settings.error.message}
        </p>
      ) : (
        <ul className="grid gap-3">
          {SWITCHES.map((s) => (
            <li key={s.key} className="flex items-start justify-between gap-4">
              <div className="grid gap-0.5">
                <Label htmlFor={`${id}-${s.key}`}>{s.label}</Label>
                <p id={`${id}-${s.key}-help`} className="text-xs text-muted-foreground">
                  {s.help}
                </p>
              </div>
              <Switch
                id={`${id}-${s.key}`}
                aria-describedby={`${id}-${s.key}-help`}
                checked={settings.data.settings[s.key]}
                onCheckedChange={(checked) => save.mutate({ [s.key]: checked })}
              />
            </li>
          ))}
        </ul>
      )}
      {save.isError ? (
        <p role="alert" className="mt-2 text-sm font-medium text-destructive">
          {save.error.message}
        </p>
      ) : null}
    </section>
  );
}
