import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CapabilityTrendsList } from "../../web/components/improvement/trends-card";
import { isOverdue, reminderHorizon, utcDay } from "../../worker/improvement/due";
import { reminderMessage } from "../../worker/improvement/reminders";

describe("due dates (UTC calendar days)", () => {
  it("is overdue only once the end of the due day has passed in UTC, and only while open or in progress", () => {
    const lastMinute = Date.parse("2028-02-29T23:59:59.999Z");
    const nextDay = Date.parse("2028-03-01T00:00:00Z");
    expect(isOverdue({ status: "open", dueDate: "2028-02-29" }, lastMinute)).toBe(false);
    expect(isOverdue({ status: "open", dueDate: "2028-02-29" }, nextDay)).toBe(true);
    expect(isOverdue({ status: "in_progress", dueDate: "2028-02-29" }, nextDay)).toBe(true);
    expect(isOverdue({ status: "completed", dueDate: "2028-02-29" }, nextDay)).toBe(false);
    expect(isOverdue({ status: "verified", dueDate: "2028-02-29" }, nextDay)).toBe(false);
    expect(isOverdue({ status: "open", dueDate: null }, nextDay)).toBe(false);
  });

  it("looks seven days ahead for reminders across a month and a year end", () => {
    expect(utcDay(Date.parse("2027-12-31T23:30:00Z"))).toBe("2027-12-31");
    expect(reminderHorizon(Date.parse("2027-12-29T03:00:00Z"))).toBe("2028-01-05");
    expect(reminderHorizon(Date.parse("2027-02-25T03:00:00Z"))).toBe("2027-03-04");
  });
});

describe("reminder message", () => {
  it("names the count, the overdue ones and links to /improvement", () => {
    const now = Date.parse("2027-01-31T03:00:00Z");
    const m = reminderMessage(
      [
        { capability: "Mass Care Services", action: "Plan   pet\nsheltering.", exerciseName: "Levee TTX", dueDate: "2027-01-30", status: "open" },
        {
          capability: "Critical Transportation",
          action: "Sign a mutual-aid agreement.",
          exerciseName: "Levee TTX",
          dueDate: "2027-02-03",
          status: "in_progress",
        },
      ],
      now,
      "https://app.example/improvement",
    );
    expect(m.title).toBe("2 corrective actions need attention (1 overdue)");
    expect(m.text).toContain("- OVERDUE due 2027-01-30 · Mass Care Services: Plan pet sheltering. (Levee TTX)");
    expect(m.text).toContain("- due 2027-02-03 · Critical Transportation");
    expect(m.text).toContain("https://app.example/improvement");
  });
});

describe("capability trends card", () => {
  it("draws each capability's ratings with a text alternative and the same data as a table, with action counts", () => {
    const html = renderToStaticMarkup(
      createElement(CapabilityTrendsList, {
        capabilities: [
          {
            capability: "Operational Coordination",
            points: [
              { sessionId: "s1", exerciseName: "Levee TTX", date: "2027-02-01T16:00:00.000Z", rating: "M" },
              { sessionId: "s2", exerciseName: "Levee FE", date: "2027-05-01T16:00:00.000Z", rating: "S" },
            ],
            openActions: 2,
            overdueActions: 1,
          },
          { capability: "Critical Transportation", points: [], openActions: 1, overdueActions: 0 },
        ],
      }),
    );
    expect(html).toContain('role="img"');
    expect(html).toContain("Operational Coordination ratings, oldest first: M in Levee TTX on Feb 1, 2027; S in Levee FE on May 1, 2027.");
    expect(html).toContain("<polyline");
    expect(html).toContain("2 open");
    expect(html).toContain("1 overdue");
    expect(html).toContain('Latest: <span class="font-semibold text-foreground">S</span> (performed with some challenges)');
    expect(html).toContain("Not rated yet");
    expect(html).toContain("<caption");
    expect(html).toContain("M (Levee TTX, Feb 1, 2027); S (Levee FE, May 1, 2027)");
  });
});
