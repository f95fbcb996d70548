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
