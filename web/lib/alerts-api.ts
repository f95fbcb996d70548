/**
 * Browser calls of news alerts (issue 12, /api/intelligence/alerts), through the shared `apiFetch`.
 * Types are the service's own view types (docs/decisions/0008).
 */
import type { AlertCadence } from "../../shared/alerts/cadence";
export { alertQueryFrom } from "../../shared/alerts/cadence";
import type { AlertLimits, AlertSummaryView, AlertTriggerView, AlertView } from "../../worker/alerts/service";
import { apiFetch } from "./query";

export type { AlertCadence, AlertLimits, AlertSummaryView, AlertTriggerView, AlertView };

const enc = encodeURIComponent;
const base = "/api/intelligence/alerts";

export const alertQueryKeys = {
  list: ["intelligence", "alerts"] as const,
  one: (id: string) => ["intelligence", "alerts", id] as const,
};

export type AlertInput = { queryText: string; cadence: AlertCadence; isActive?: boolean };

export const alertsApi = {
  list: () => apiFetch<{ alerts: AlertView[]; limits: AlertLimits }>(base),
  get: (id: string) => apiFetch<{ alert: AlertView }>(`${base}/${enc(id)}`),
  create: (input: AlertInput) => apiFetch<{ alert: AlertView }>(base, { method: "POST", json: input }),
  update: (id: string, input: Partial<AlertInput>) => apiFetch<{ alert: AlertView }>(`${base}/${enc(id)}`, { method: "PATCH", json: input }),
  pause: (id: string) => apiFetch<{ alert: AlertView }>(`${base}/${enc(id)}/pause`, { method: "POST" }),
  resume: (id: string) => apiFetch<{ alert: AlertView }>(`${base}/${enc(id)}/resume`, { method: "POST" }),
  remove: (id: string) => apiFetch<{ success: true }>(`${base}/${enc(id)}`, { method: "DELETE" }),
  share: (id: string) => apiFetch<{ alert: AlertView }>(`${base}/${enc(id)}/share`, { method: "POST" }),
  rotate: (id: string) => apiFetch<{ alert: AlertView }>(`${base}/${enc(id)}/share/rotate`, { method: "POST" }),
  revoke: (id: string) => apiFetch<{ alert: AlertView }>(`${base}/${enc(id)}/share`, { method: "DELETE" }),
};
