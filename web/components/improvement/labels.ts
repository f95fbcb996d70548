import { CORRECTIVE_ACTION_STATUSES, RATING_LABELS, type Rating } from "../../../shared/db/hseep-terms";
import type { CorrectiveActionStatus } from "~/lib/improvement-api";

/** What the screens call each status (the API's values stay as they are). */
export const STATUS_LABELS: Record<CorrectiveActionStatus, string> = {
  open: "Open",
  in_progress: "In progress",
  completed: "Completed",
  verified: "Verified",
};

export const STATUS_OPTIONS = CORRECTIVE_ACTION_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }));

/** HSEEP's ratings, best first, with the doctrine's wording (hseep.md). Level 3 is P, 0 is U. */
export const RATING_LEVELS: { rating: Rating; level: number; label: string }[] = [
  { rating: "P", level: 3, label: RATING_LABELS.P },
  { rating: "S", level: 2, label: RATING_LABELS.S },
  { rating: "M", level: 1, label: RATING_LABELS.M },
  { rating: "U", level: 0, label: RATING_LABELS.U },
];

export function ratingLevel(rating: Rating): number {
  return RATING_LEVELS.find((r) => r.rating === rating)?.level ?? 0;
}

export function ratingLabel(rating: Rating): string {
  return RATING_LABELS[rating];
}

// Fixed locale and zone so the server and the browser print the same date (no hydration mismatch).
const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

/** "Jan 31, 2027" for a YYYY-MM-DD day or an ISO instant. */
export function formatDay(value: string): string {
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value;
  return dayFormat.format(new Date(iso));
}
