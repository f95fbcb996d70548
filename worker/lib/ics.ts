/**
 * An iCalendar (RFC 5545) writer for what the app publishes as calendars: an exercise's conduct
 * schedule and a planner's corrective-action due dates. Only VEVENTs, every time in UTC ("Z": no
 * VTIMEZONE to get wrong), all-day events as DATE values. Text is escaped (backslash, semicolon,
 * comma, newline) and every line folded at 75 octets without splitting a UTF-8 character; lines end
 * with CRLF.
 */

export type CalendarEvent = {
  /** Stable across exports, so a calendar that imports the file again updates rather than duplicates. */
  uid: string;
  summary: string;
  description?: string;
  /** A moment (epoch ms) or, for an all-day event, a day ("2026-03-01"). */
  start: number | string;
  /** Exclusive end: a moment, or the day after an all-day event's last day; none for a zero-length moment. */
  end?: number | string;
  categories?: string[];
  url?: string;
  /** An event that is done or cancelled: calendars show it as such. */
  status?: "CONFIRMED" | "CANCELLED";
};

export type Calendar = {
  /** The calendar's name in the subscriber's list (X-WR-CALNAME, understood by Google, Apple, Outlook). */
  name: string;
  events: CalendarEvent[];
  /** How often a subscribing client should fetch again, in minutes (REFRESH-INTERVAL, RFC 7986). */
  refreshMinutes?: number;
};

const PRODID = "-//Readyroom//Readyroom Calendar//EN";
const MAX_LINE_OCTETS = 75;

/** TEXT value escaping (RFC 5545 §3.3.11); CR is dropped, a lone one would end the line. */
export function escapeText(value: string): string {
  return value.replace(/\r\n?/g, "\n").replace(/[\\;,\n]/g, (ch) => (ch === "\n" ? "\\n" : `\\${ch}`));
}

/** "20260301T091500Z". */
export function utcDateTime(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}Z$/, "Z");
}

const dateValue = (day: string) => day.replace(/-/g, "");

const encoder = new TextEncoder();

/** One content line folded (RFC 5545 §3.1): at most 75 octets a line, continuation lines start with a space. */
export function foldLine(line: string): string {
  if (encoder.encode(line).length <= MAX_LINE_OCTETS) return line;
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    // The first line holds 75 octets; the rest 74 after their leading space.
    const limit = parts.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

function timeProperty(name: string, value: number | string): string {
  return typeof value === "number" ? `${name}:${utcDateTime(value)}` : `${name};VALUE=DATE:${dateValue(value)}`;
}

/** The calendar as text. `stamp` is DTSTAMP for every event: when the calendar was written. */
export function writeCalendar(calendar: Calendar, stamp: number): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", `PRODID:${PRODID}`, "CALSCALE:GREGORIAN", "METHOD:PUBLISH", `X-WR-CALNAME:${escapeText(calendar.name)}`];
  if (calendar.refreshMinutes) {
    lines.push(`REFRESH-INTERVAL;VALUE=DURATION:PT${calendar.refreshMinutes}M`, `X-PUBLISHED-TTL:PT${calendar.refreshMinutes}M`);
  }
  for (const event of calendar.events) {
    lines.push("BEGIN:VEVENT", `UID:${escapeText(event.uid)}`, `DTSTAMP:${utcDateTime(stamp)}`, timeProperty("DTSTART", event.start));
    if (event.end !== undefined) lines.push(timeProperty("DTEND", event.end));
    lines.push(`SUMMARY:${escapeText(event.summary)}`);
    if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
    if (event.categories?.length) lines.push(`CATEGORIES:${event.categories.map(escapeText).join(",")}`);
    if (event.url) lines.push(`URL:${event.url}`);
    if (event.status) lines.push(`STATUS:${event.status}`);
    lines.push("END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join("\r\n") + "\r\n";
}
