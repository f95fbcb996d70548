import { describe, expect, it } from "vitest";
import { alertSeedSql } from "../../scripts/lib/demo-alerts.ts";

/** The seeded alert's last trigger (06:00 UTC at or before the seed) and next run, read from its SQL. */
function seededTimes(now: number) {
  const [alert, summary] = alertSeedSql("user-1", now);
  const nextRunAt = Number(/, 'daily', (\d+),/.exec(alert!)![1]);
  const trigger = Number(/SELECT .*?, (\d+), 3, 0, (\d+)/s.exec(summary!)![1]);
  return { trigger: new Date(trigger).toISOString(), nextRunAt: new Date(nextRunAt).toISOString() };
}

describe("demo alert seed across calendar edges", () => {
  it.each([
    ["a month end, late evening", Date.UTC(2027, 0, 31, 23, 58), "2027-01-31T06:00:00.000Z", "2027-02-01T06:00:00.000Z"],
    ["a month end, before 06:00", Date.UTC(2027, 1, 1, 3, 0), "2027-01-31T06:00:00.000Z", "2027-02-01T06:00:00.000Z"],
    ["a year end", Date.UTC(2027, 11, 31, 23, 58), "2027-12-31T06:00:00.000Z", "2028-01-01T06:00:00.000Z"],
    ["New Year's morning", Date.UTC(2028, 0, 1, 5, 59), "2027-12-31T06:00:00.000Z", "2028-01-01T06:00:00.000Z"],
    ["a leap day", Date.UTC(2028, 1, 29, 23, 58), "2028-02-29T06:00:00.000Z", "2028-03-01T06:00:00.000Z"],
    ["exactly 06:00", Date.UTC(2028, 1, 29, 6, 0), "2028-02-29T06:00:00.000Z", "2028-03-01T06:00:00.000Z"],
  ])("on %s the summary is for the latest 06:00 UTC and the next run a day later", (_label, now, trigger, nextRunAt) => {
    expect(seededTimes(now)).toEqual({ trigger, nextRunAt });
  });
});
