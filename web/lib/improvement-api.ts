/**
 * Browser calls of corrective actions and capability trends (/api/improvement). Types are the
 * service's own (worker/improvement/views.ts, docs/decisions/0008).
 */
import type { TrendsView, UpdateCorrectiveActionInput } from "../../shared/improvement/model";
import type { ImprovementRoutes } from "../../worker/improvement/routes";
import type {
  CapabilityTrendsView,
  CapabilityTrendView,
  CorrectiveActionListView,
  CorrectiveActionStatus,
  CorrectiveActionView,
  VerifyingSessionView,
} from "../../shared/improvement/views";
import { apiClient, unwrap } from "./api-client";

export type {
  CapabilityTrendsView,
  CapabilityTrendView,
  CorrectiveActionListView,
  CorrectiveActionStatus,
  CorrectiveActionView,
  TrendsView,
  UpdateCorrectiveActionInput,
  VerifyingSessionView,
};

export type ActionFilters = { status?: CorrectiveActionStatus; capability?: string; overdue?: boolean };

const improvement = apiClient<ImprovementRoutes>("/api/improvement");

/** The filters as the API's query (the page keeps them in its URL). */
const actionsQuery = (filters: ActionFilters) => ({
  status: filters.status,
  capability: filters.capability || undefined,
  overdue: filters.overdue ? ("true" as const) : undefined,
});

export const improvementApi = {
  list: (filters: ActionFilters = {}) => unwrap(improvement.actions.$get({ query: actionsQuery(filters) })),
  update: (id: string, input: UpdateCorrectiveActionInput) => unwrap(improvement.actions[":id"].$patch({ param: { id: encodeURIComponent(id) }, json: input })),
  trends: (view: TrendsView = "mine") => unwrap(improvement.trends.$get({ query: { view } })),
  sessions: () => unwrap(improvement.sessions.$get()),
  /** The planner's subscribable calendar of due dates: its secret URL, or null (worker/improvement/calendar-feed.ts). */
  calendarFeed: {
    create: () => unwrap(improvement["calendar-feed"].$post()),
    revoke: () => unwrap(improvement["calendar-feed"].$delete()),
  },
};

export type { CalendarFeedView } from "../../worker/improvement/calendar-feed";
