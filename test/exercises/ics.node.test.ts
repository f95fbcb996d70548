import { describe, expect, it } from "vitest";
import { escapeText, foldLine, utcDateTime, writeCalendar } from "../../worker/lib/ics";

/** RFC 5545 details of the calendar writer (worker/lib/ics.ts): folding, escaping, UTC times. */

const octets = (s: string) => new TextEncoder().encode(s).length;
const unfold = (s: string) => s.replace(/\r\n[ \t]/g, "");

describe("iCalendar writer", () => {
  it("folds long lines at 75 octets without splitting a UTF-8 character, and unfolds to the same text", () => {
    const line = `DESCRIPTION:${"Évacuation — zone A 🌊 ".repeat(20)}`;
    const folded = foldLine(line);
    const parts = folded.split("\r\n");
    expect(parts.length).toBeGreaterThan(5);
    for (const part of parts) expect(octets(part)).toBeLessThanOrEqual(75);
    for (const part of parts.slice(1)) expect(part.startsWith(" ")).toBe(true);
    expect(unfold(folded)).toBe(line);
    expect(folded).not.toContain("\uFFFD");
    expect(foldLine("SUMMARY:short")).toBe("SUMMARY:short");
  });

  it("escapes backslash, semicolon, comma and newlines in text", () => {
    expect(escapeText("a\\b;c,d\r\ne\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
  });

  it("writes moments in UTC and all-day events as dates, every line ending CRLF", () => {
    expect(utcDateTime(Date.UTC(2026, 2, 1, 9, 15, 30, 250))).toBe("20260301T091530Z");
    const ics = writeCalendar(
      {
        name: "Due dates",
        refreshMinutes: 60,
        events: [
          { uid: "a@x", summary: "Moment", start: Date.UTC(2026, 2, 1, 9), end: Date.UTC(2026, 2, 1, 10) },
          { uid: "b@x", summary: "All day", start: "2026-03-02", end: "2026-03-03", status: "CANCELLED" },
        ],
      },
      Date.UTC(2026, 1, 1),
    );
    expect(ics).toContain("DTSTART:20260301T090000Z\r\nDTEND:20260301T100000Z\r\n");
    expect(ics).toContain("DTSTART;VALUE=DATE:20260302\r\nDTEND;VALUE=DATE:20260303\r\n");
    expect(ics).toContain("DTSTAMP:20260201T000000Z");
    expect(ics).toContain("REFRESH-INTERVAL;VALUE=DURATION:PT60M");
    expect(ics).toContain("STATUS:CANCELLED");
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  });
});
