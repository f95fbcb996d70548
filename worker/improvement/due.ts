import { REMINDER_LEAD_DAYS } from "../../shared/improvement/model";
import type { CorrectiveActionStatus } from "../../shared/improvement/views";

/**
 * Due dates are calendar days (YYYY-MM-DD, no time zone): an action is overdue once the END of its
 * due day has passed in UTC, i.e. from 00:00 UTC the next day. Comparing the date strings is the same
 * test (ISO dates sort as strings), which is what lets SQL filter and order on the column directly.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC calendar day of an instant, as YYYY-MM-DD. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Statuses still being worked on: the only ones that can be overdue or reminded. */
export const ACTIVE_STATUSES = ["open", "in_progress"] as const satisfies readonly CorrectiveActionStatus[];

function isActiveStatus(status: CorrectiveActionStatus): boolean {
  return (ACTIVE_STATUSES as readonly string[]).includes(status);
}

/** A due date strictly before this day is overdue at `now`. */
export function overdueBefore(now: number): string {
  return utcDay(now);
}

export function isOverdue(action: { status: CorrectiveActionStatus; dueDate: string | null }, now: number): boolean {
  return isActiveStatus(action.status) && action.dueDate !== null && action.dueDate < overdueBefore(now);
}

/** Reminders cover due dates up to and including this day (REMINDER_LEAD_DAYS ahead), overdue ones too. */
export function reminderHorizon(now: number): string {
  return utcDay(now + REMINDER_LEAD_DAYS * DAY_MS);
}
