/**
 * Browser calls of news alerts (issue 12, /api/intelligence/alerts), through the router's typed
 * client. Types are the service's own view types (docs/decisions/0008).
 */
import type { AlertCadence } from "../../shared/alerts/cadence";
export { alertQueryFrom } from "../../shared/alerts/cadence";
import type { AlertRoutes } from "../../worker/alerts/routes";
import type { AlertLimits, AlertSummaryView, AlertTriggerView, AlertView } from "../../worker/alerts/service";
import { apiClient, unwrap } from "./api-client";

export type { AlertCadence, AlertLimits, AlertSummaryView, AlertTriggerView, AlertView };

const enc = encodeURIComponent;
const alerts = apiClient<AlertRoutes>("/api/intelligence/alerts");
const one = (id: string) => ({ param: { id: enc(id) } });

export const alertQueryKeys = {
  list: ["intelligence", "alerts"] as const,
  one: (id: string) => ["intelligence", "alerts", id] as const,
};

export type AlertInput = { queryText: string; cadence: AlertCadence; isActive?: boolean };

export const alertsApi = {
  list: () => unwrap(alerts.index.$get()),
  get: (id: string) => unwrap(alerts[":id"].$get(one(id))),
  create: (input: AlertInput) => unwrap(alerts.index.$post({ json: input })),
  update: (id: string, input: Partial<AlertInput>) => unwrap(alerts[":id"].$patch({ ...one(id), json: input })),
  pause: (id: string) => unwrap(alerts[":id"].pause.$post(one(id))),
  resume: (id: string) => unwrap(alerts[":id"].resume.$post(one(id))),
  remove: (id: string) => unwrap(alerts[":id"].$delete(one(id))),
  share: (id: string) => unwrap(alerts[":id"].share.$post(one(id))),
  rotate: (id: string) => unwrap(alerts[":id"].share.rotate.$post(one(id))),
  revoke: (id: string) => unwrap(alerts[":id"].share.$delete(one(id))),
};
