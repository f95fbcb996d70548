/**
 * News alerts' schedule and limits (issue 12), pure and shared with the browser (shared/): no
 * server imports here.
 *
 * An alert's trigger dates lie on a grid: its stored `nextRunAt` plus whole multiples of its
 * cadence's interval. The cron (every 15 minutes) takes an alert whose nextRunAt has passed, runs
 * it once for the LATEST grid point at or before the tick (its trigger date), and moves nextRunAt
 * to the grid point after that. So a missed window (the cron was down for a day) is caught up
 * once, not once per missed tick, and two overlapping runs reading the same row compute the same
 * trigger date, which the AlertSummary (alertId, triggerDate) unique key turns into one summary.
 */

export const ALERT_CADENCES = ["hourly", "daily", "weekly"] as const;
export type AlertCadence = (typeof ALERT_CADENCES)[number];

const HOUR = 60 * 60 * 1000;
export const CADENCE_INTERVAL_MS: Record<AlertCadence, number> = { hourly: HOUR, daily: 24 * HOUR, weekly: 7 * 24 * HOUR };
export const CADENCE_LABEL: Record<AlertCadence, string> = { hourly: "Every hour", daily: "Every day", weekly: "Every week" };

/** Limits of the alerts API. */
export const ALERT_QUERY_MIN = 3;
export const ALERT_QUERY_MAX = 300;
export const MAX_ALERTS_PER_USER = 25;
/** Trigger history shown with an alert (older summaries stay stored). */
export const ALERT_HISTORY_LIMIT = 20;

/**
 * A question from the intelligence chat as an alert's query: one line, cut at a word boundary to
 * ALERT_QUERY_MAX (no ellipsis: the query is search words, not a title).
 */
export function alertQueryFrom(question: string): string {
  const text = question.replace(/\s+/g, " ").trim();
  if (text.length <= ALERT_QUERY_MAX) return text;
  const cut = text.lastIndexOf(" ", ALERT_QUERY_MAX);
  return text.slice(0, cut > ALERT_QUERY_MAX / 2 ? cut : ALERT_QUERY_MAX).trimEnd();
}

export function isCadence(value: unknown): value is AlertCadence {
  return typeof value === "string" && (ALERT_CADENCES as readonly string[]).includes(value);
}

/**
 * The trigger date a run at `now` is for: the latest grid point `nextRunAt + k × interval` (k ≥ 0)
 * at or before `now`, or null when the alert is not due yet (`nextRunAt > now`).
 */
export function dueTriggerDate(nextRunAt: number, cadence: AlertCadence, now: number): number | null {
  if (!Number.isFinite(nextRunAt) || nextRunAt > now) return null;
  const interval = CADENCE_INTERVAL_MS[cadence];
  return nextRunAt + Math.floor((now - nextRunAt) / interval) * interval;
}

/** The next trigger date after a run for `triggerDate`: one interval later (always after the run's `now`). */
export function nextRunAfter(triggerDate: number, cadence: AlertCadence): number {
  return triggerDate + CADENCE_INTERVAL_MS[cadence];
}

/**
 * Where the next run goes when a planner changes the cadence: one new interval after the last
 * trigger date, or — never triggered — the current nextRunAt (the first summary stays on time).
 */
export function nextRunForCadenceChange(input: {
  lastTriggerDate: number | null;
  currentNextRunAt: number | null;
  cadence: AlertCadence;
  now: number;
}): number {
  if (input.lastTriggerDate !== null) return nextRunAfter(input.lastTriggerDate, input.cadence);
  return input.currentNextRunAt ?? input.now;
}

/**
 * Where the next run goes when a paused alert is resumed: kept when still ahead, otherwise now
 * (the next tick writes one summary for the gap rather than one per missed window).
 */
export function nextRunOnResume(currentNextRunAt: number | null, now: number): number {
  return currentNextRunAt !== null && currentNextRunAt > now ? currentNextRunAt : now;
}

/** The window a summary covers: from the previous trigger date (or one interval back) to this one. */
export function summaryWindowStart(previousTriggerDate: number | null, triggerDate: number, cadence: AlertCadence): number {
  return previousTriggerDate ?? triggerDate - CADENCE_INTERVAL_MS[cadence];
}
