/**
 * Browser calls of notifications (/api/notifications): the spec's Notifications settings and the
 * in-app list behind the bell. Types are the service's own (docs/decisions/0008).
 */
import type { NotificationRoutes } from "../../worker/notifications/routes";
import type { NotificationSettingsView, NotificationView } from "../../worker/notifications/service";
import { apiClient, unwrap } from "./api-client";

export type { NotificationSettingsView, NotificationView };
export type NotificationSettingsInput = Partial<Pick<NotificationSettingsView, "live" | "email" | "inApp" | "push" | "digest">>;

const notifications = apiClient<NotificationRoutes>("/api/notifications");

export const notificationQueryKeys = {
  list: ["notifications", "list"] as const,
  unread: ["notifications", "unread"] as const,
  settings: ["notifications", "settings"] as const,
};

export const notificationsApi = {
  list: (options: { limit?: number; before?: string; unread?: boolean } = {}) =>
    unwrap(
      notifications.index.$get({
        query: { limit: options.limit ? String(options.limit) : undefined, before: options.before || undefined, unread: options.unread ? "1" : undefined },
      }),
    ),
  unreadCount: () => unwrap(notifications["unread-count"].$get()),
  markRead: (ids: string[]) => unwrap(notifications.read.$post({ json: { ids } })),
  markAllRead: () => unwrap(notifications.read.$post({ json: { all: true } })),
  settings: () => unwrap(notifications.settings.$get()),
  saveSettings: (input: NotificationSettingsInput) => unwrap(notifications.settings.$put({ json: input })),
};
