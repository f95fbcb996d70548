/**
 * Browser calls of corrective actions and capability trends (/api/improvement). Types are the
 * service's own (shared/improvement/views.ts, docs/decisions/0008).
 */
import type { UpdateCorrectiveActionInput } from "../../shared/improvement/model";
import type {
  CapabilityTrendsView,
  CapabilityTrendView,
  CorrectiveActionListView,
  CorrectiveActionStatus,
  CorrectiveActionView,
  TrendPointView,
  VerifyingSessionView,
} from "../../shared/improvement/views";
import { apiFetch } from "./query";

export type {
  CapabilityTrendsView,
  CapabilityTrendView,
  CorrectiveActionListView,
  CorrectiveActionStatus,
  CorrectiveActionView,
  TrendPointView,
  UpdateCorrectiveActionInput,
  VerifyingSessionView,
};

export type ActionFilters = { status?: CorrectiveActionStatus; capability?: string; overdue?: boolean };

const base = "/api/improvement";

/** The filters as the page's and the API's query string (the page keeps them in its URL). */
export function filtersQuery(filters: ActionFilters): string {
  const params = new URLSearchParams();
  if (filters.status) params.set("status", filters.status);
  if (filters.capability) params.set("capability", filters.capability);
  if (filters.overdue) params.set("overdue", "true");
  const qs = params.toString();
  return qs ? `?${qs}` : "";
}

export const improvementApi = {
  list: (filters: ActionFilters = {}) => apiFetch<CorrectiveActionListView>(`${base}/actions${filtersQuery(filters)}`),
  update: (id: string, input: UpdateCorrectiveActionInput) =>
    apiFetch<CorrectiveActionView>(`${base}/actions/${encodeURIComponent(id)}`, { method: "PATCH", json: input }),
  trends: () => apiFetch<CapabilityTrendsView>(`${base}/trends`),
  sessions: () => apiFetch<{ sessions: VerifyingSessionView[] }>(`${base}/sessions`),
};
