import { describe, expect, it } from "vitest";
import {
  ALERT_QUERY_MAX,
  alertQueryFrom,
  CADENCE_INTERVAL_MS,
  dueTriggerDate,
  isCadence,
  nextRunAfter,
  nextRunForCadenceChange,
  nextRunOnResume,
  summaryWindowStart,
} from "../../shared/alerts/cadence";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T = Date.UTC(2031, 5, 1, 12, 0, 0);

describe("alert cadence: trigger dates on the alert's grid", () => {
  it("is not due before nextRunAt, due exactly at it", () => {
    expect(dueTriggerDate(T + 1, "daily", T)).toBeNull();
    expect(dueTriggerDate(T, "daily", T)).toBe(T);
  });

  it("takes the latest grid point at or before the tick: a missed window is caught up once", () => {
    // Three and a half days late: one trigger, for the last missed day, not four.
    const next = T - 3.5 * DAY;
    const trigger = dueTriggerDate(next, "daily", T)!;
    expect(trigger).toBe(next + 3 * DAY);
    expect(trigger).toBeLessThanOrEqual(T);
    expect(nextRunAfter(trigger, "daily")).toBeGreaterThan(T);
  });

  it("gives overlapping ticks of one window the same trigger date", () => {
    const next = T - 10 * 60_000;
    expect(dueTriggerDate(next, "hourly", T)).toBe(next);
    expect(dueTriggerDate(next, "hourly", T + 15 * 60_000)).toBe(next);
    expect(dueTriggerDate(next, "weekly", T + 6 * DAY)).toBe(next);
    expect(dueTriggerDate(next, "weekly", T + 7 * DAY)).toBe(next + 7 * DAY);
  });

  it("moves the next run after a cadence change or a resume", () => {
    expect(nextRunForCadenceChange({ lastTriggerDate: T, currentNextRunAt: T + DAY, cadence: "weekly", now: T + HOUR })).toBe(T + 7 * DAY);
    expect(nextRunForCadenceChange({ lastTriggerDate: null, currentNextRunAt: T + 5, cadence: "hourly", now: T })).toBe(T + 5);
    expect(nextRunForCadenceChange({ lastTriggerDate: null, currentNextRunAt: null, cadence: "hourly", now: T })).toBe(T);
    expect(nextRunOnResume(T + DAY, T)).toBe(T + DAY);
    expect(nextRunOnResume(T - 9 * DAY, T)).toBe(T);
    expect(nextRunOnResume(null, T)).toBe(T);
  });

  it("covers the window since the previous trigger, or one interval back", () => {
    expect(summaryWindowStart(T - 2 * DAY, T, "daily")).toBe(T - 2 * DAY);
    expect(summaryWindowStart(null, T, "weekly")).toBe(T - 7 * DAY);
    expect(CADENCE_INTERVAL_MS.hourly).toBe(HOUR);
  });

  it("knows its cadences", () => {
    expect(isCadence("daily")).toBe(true);
    expect(isCadence("monthly")).toBe(false);
    expect(isCadence(undefined)).toBe(false);
  });
});

describe("alert query from a chat question", () => {
  it("keeps a short question as one trimmed line", () => {
    expect(alertQueryFrom("  What is the latest\n on   flooding?  ")).toBe("What is the latest on flooding?");
  });

  it("cuts a long question at a word boundary within the query limit", () => {
    const long = `${"flood ".repeat(60)}levee`; // 365 characters
    const q = alertQueryFrom(long);
    expect(q.length).toBeLessThanOrEqual(ALERT_QUERY_MAX);
    expect(q.length).toBeGreaterThan(ALERT_QUERY_MAX - 6);
    expect(q.endsWith("flood")).toBe(true);
  });

  it("cuts a question without spaces at the limit", () => {
    expect(alertQueryFrom("x".repeat(ALERT_QUERY_MAX + 40))).toHaveLength(ALERT_QUERY_MAX);
  });
});
