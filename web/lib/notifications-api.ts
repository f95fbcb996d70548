/**
 * Browser calls of notifications (/api/notifications): the spec's Notifications settings and the
 * in-app list behind the bell. Types are the service's own (docs/decisions/0008).
 */
import type { NotificationListView, NotificationSettingsView, NotificationView } from "../../worker/notifications/service";
import { apiFetch } from "./query";

export type { NotificationListView, NotificationSettingsView, NotificationView };
export type NotificationSettingsInput = Partial<Pick<NotificationSettingsView, "live" | "email" | "inApp" | "push">>;

const base = "/api/notifications";

export const notificationQueryKeys = {
  list: ["notifications", "list"] as const,
  unread: ["notifications", "unread"] as const,
  settings: ["notifications", "settings"] as const,
};

export const notificationsApi = {
  list: (options: { limit?: number; before?: string; unread?: boolean } = {}) => {
    const params = new URLSearchParams();
    if (options.limit) params.set("limit", String(options.limit));
    if (options.before) params.set("before", options.before);
    if (options.unread) params.set("unread", "1");
    const qs = params.toString();
    return apiFetch<NotificationListView>(qs ? `${base}?${qs}` : base);
  },
  unreadCount: () => apiFetch<{ unreadCount: number }>(`${base}/unread-count`),
  markRead: (ids: string[]) => apiFetch<{ unreadCount: number }>(`${base}/read`, { method: "POST", json: { ids } }),
  markAllRead: () => apiFetch<{ unreadCount: number }>(`${base}/read`, { method: "POST", json: { all: true } }),
  settings: () => apiFetch<{ settings: NotificationSettingsView }>(`${base}/settings`),
  saveSettings: (input: NotificationSettingsInput) => apiFetch<{ settings: NotificationSettingsView }>(`${base}/settings`, { method: "PUT", json: input }),
};
