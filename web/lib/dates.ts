/**
 * The app's one way of writing dates (issue 30 item 8): "Nov 29, 2026" for a day, "Nov 29, 2026,
 * 3:04 PM UTC" for a moment. The locale and the zone are fixed so the server's render and the
 * browser's agree (a page that hydrates with other text throws its markup away), and a moment says
 * its zone. A bare "YYYY-MM-DD" is that calendar day everywhere. Missing or unreadable: "—".
 */
const DAY = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const DAY_TIME = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZone: "UTC" });

type DateInput = string | number | Date | null | undefined;

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function formatDay(value: DateInput): string {
  const date = toDate(value);
  return date ? DAY.format(date) : "—";
}

export function formatDayTime(value: DateInput): string {
  const date = toDate(value);
  return date ? `${DAY_TIME.format(date)} UTC` : "—";
}
