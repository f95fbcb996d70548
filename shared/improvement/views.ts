import type { CapabilityElement, Rating } from "../db/conduct-shapes";

/**
 * Corrective actions and capability trends (issue 15).
 *
 * API map (the caller's own corrective actions — the creator of the session's report; others 404):
 *   GET   /api/improvement/actions?status=&capability=&overdue=true → CorrectiveActionListView
 *   PATCH /api/improvement/actions/{id}        UpdateCorrectiveActionInput → CorrectiveActionView
 *   GET   /api/improvement/trends              → CapabilityTrendsView
 *   GET   /api/improvement/sessions            → { sessions: VerifyingSessionView[] } (ended sessions a closure can cite)
 * Pages: /improvement; the dashboard's "Capability trends" card.
 * Reminders: the Cron's `corrective-action-reminders` task (daily) e-mails and notifies the owner of
 * actions due within 7 days or overdue, at most once a week each.
 */

export type CorrectiveActionStatus = "open" | "in_progress" | "completed" | "verified";

export type CorrectiveActionView = {
  id: string;
  sessionId: string | null;
  reportId: string | null;
  exerciseId: string;
  campaignId: string | null;
  exerciseName: string;
  capability: string;
  issue: string;
  action: string;
  element: CapabilityElement;
  organization: string;
  pointOfContact: string;
  startDate: string | null;
  dueDate: string | null;
  status: CorrectiveActionStatus;
  /** Past its due date and not completed or verified, as of the server's clock. */
  overdue: boolean;
  completedAt: string | null;
  /** Who marked it complete (their name then); null when not completed. */
  completedByName: string | null;
  verifiedAt: string | null;
  /** Who verified it (their name then); null when not verified. */
  verifiedByName: string | null;
  verifiedBy: { sessionId: string; name: string; exerciseName: string } | null;
  verificationNote: string;
  /** Part of the sample workspace (worker/sample): listed with a "Sample" badge. */
  sample: boolean;
  createdAt: string;
  updatedAt: string;
};

export type CorrectiveActionListView = {
  actions: CorrectiveActionView[];
  counts: { open: number; in_progress: number; completed: number; verified: number; overdue: number };
};

export type VerifyingSessionView = { id: string; name: string; exerciseName: string; endedAt: string };

/** One rating of a capability in one conducted exercise (from its published AAR's analysis). */
type TrendPointView = { sessionId: string; exerciseName: string; date: string; rating: Rating };

export type CapabilityTrendView = {
  capability: string;
  /** Oldest first. */
  points: TrendPointView[];
  openActions: number;
  overdueActions: number;
};

export type CapabilityTrendsView = { capabilities: CapabilityTrendView[] };
