import { describe, expect, it } from "vitest";
import {
  DAY_MS,
  formatScenarioTime,
  MINUTE_MS,
  mselSchedule,
  parseMselTime,
  parseScenarioInput,
  reanchor,
  scenarioAt,
  wallTimeOf,
  type ScenarioClock,
} from "../../shared/conduct/scenario-time";

const WALL = Date.UTC(2027, 2, 1, 18, 0); // any fixed wall time
const at = (day: number, hh: number, mm: number) => ((day - 1) * 24 * 60 + hh * 60 + mm) * MINUTE_MS;

describe("reading MSEL times", () => {
  it.each([
    ["09:15", null, { kind: "at", minutes: 555 }],
    ["9:15 AM", null, { kind: "at", minutes: 555 }],
    ["9:15 p.m.", null, { kind: "at", minutes: 21 * 60 + 15 }],
    ["12:05 am", null, { kind: "at", minutes: 5 }],
    ["0930", null, { kind: "at", minutes: 570 }],
    ["0930 hrs", null, { kind: "at", minutes: 570 }],
    ["14:00:30", null, { kind: "at", minutes: 840 }],
    ["Day 2 08:00", null, { kind: "at", minutes: 24 * 60 + 480 }],
    ["day 3, 7:30 PM", null, { kind: "at", minutes: 2 * 24 * 60 + 19 * 60 + 30 }],
    ["D+1 08:00", null, { kind: "at", minutes: 24 * 60 + 480 }],
    ["08:00", "Day 2", { kind: "at", minutes: 24 * 60 + 480 }],
    ["T+30", null, { kind: "offset", minutes: 30 }],
    ["T + 30", "Day 2", { kind: "offset", minutes: 30 }],
    ["+00:30", null, { kind: "offset", minutes: 30 }],
    ["H+1", null, { kind: "offset", minutes: 60 }],
    ["T+1:30", null, { kind: "offset", minutes: 90 }],
    ["T+2h", null, { kind: "offset", minutes: 120 }],
    ["T+45 min", null, { kind: "offset", minutes: 45 }],
  ])("reads %j (date %j)", (time, date, expected) => {
    expect(parseMselTime(time, date)).toEqual(expected);
  });

  it.each(["", "soon", "25:00", "9:75", "13 PM", "42", "9:15 m", "Day 0 08:00", "T+1:75", "Day 20 08:00"])("leaves %j unread", (raw) => {
    expect(parseMselTime(raw)).toBeNull();
  });

  it("reads long hostile input in linear time, and refuses it", () => {
    // Each reader is anchored with no nested repetition: a long run of spaces or digits is one pass.
    for (const raw of [`Day 1${" ".repeat(50_000)}x`, `T+${"1".repeat(50_000)}`, `${"9".repeat(50_000)}:00`, `d${" ".repeat(50_000)}+`]) {
      expect(parseMselTime(raw)).toBeNull();
    }
  });

  it("starts the scenario at the earliest time of day; offsets count from that start", () => {
    const { times, startMinutes } = mselSchedule([
      { time: "T+15" },
      { time: "Day 1 09:00" },
      { date: "Day 2", time: "08:00" },
      { time: "whenever" },
      { time: "H+1" },
    ]);
    expect(startMinutes).toBe(9 * 60);
    expect(times).toEqual([
      { kind: "offset", minutes: 15 },
      { kind: "at", minutes: 9 * 60 },
      { kind: "at", minutes: 24 * 60 + 8 * 60 },
      null,
      { kind: "offset", minutes: 60 },
    ]);
  });

  it("counts calendar dates from the MSEL's first date, so the next date is Day 2", () => {
    const { times, startMinutes } = mselSchedule([
      { date: "2026-03-01", time: "23:30" },
      { date: "2026-03-02", time: "00:15" },
      { date: "March 2, 2026", time: "01:00" },
      { date: "not a date", time: "23:45" },
    ]);
    expect(times.map((t) => t?.minutes)).toEqual([23 * 60 + 30, 24 * 60 + 15, 25 * 60, 23 * 60 + 45]);
    expect(startMinutes).toBe(23 * 60 + 30);
  });

  it("has no start without a time of day", () => {
    expect(mselSchedule([{ time: "T+0" }, { time: "T+30" }]).startMinutes).toBeNull();
  });
});

describe("what a controller types", () => {
  const context = { startMs: at(1, 9, 0), currentDay: 2 };
  it.each([
    ["Day 3 07:00", at(3, 7, 0)],
    ["07:00", at(2, 7, 0)],
    ["T+45", at(1, 9, 45)],
    ["nonsense", null],
  ])("%j", (raw, expected) => {
    expect(parseScenarioInput(raw, context)).toBe(expected);
  });
});

describe("the clock", () => {
  const running: ScenarioClock = { anchorWallMs: WALL, anchorScenarioMs: at(1, 6, 0), scale: 10, paused: false };

  it("runs at its scale from its anchor, and stands still when paused", () => {
    expect(scenarioAt(running, WALL + 3 * MINUTE_MS)).toBe(at(1, 6, 30));
    expect(scenarioAt({ ...running, paused: true }, WALL + 3 * MINUTE_MS)).toBe(at(1, 6, 0));
    // A wall time before the anchor (a late clock) never runs it backwards.
    expect(scenarioAt(running, WALL - MINUTE_MS)).toBe(at(1, 6, 0));
  });

  it("knows when on the wall the clock reaches a scenario time", () => {
    expect(wallTimeOf(running, at(1, 7, 0), WALL)).toBe(WALL + 6 * MINUTE_MS);
    expect(wallTimeOf(running, at(1, 5, 0), WALL + MINUTE_MS)).toBe(WALL + MINUTE_MS);
    expect(wallTimeOf({ ...running, paused: true }, at(1, 7, 0), WALL)).toBeNull();
  });

  it("a Day 2 inject in a three-hour tabletop at 10x is reached the same afternoon, not tomorrow", () => {
    const clock: ScenarioClock = { anchorWallMs: WALL, anchorScenarioMs: at(1, 9, 0), scale: 1, paused: false };
    // At 1x, 23 hours of wall time; at 10x, 2 h 18 min.
    expect(wallTimeOf(clock, at(2, 8, 0), WALL)! - WALL).toBe(23 * 60 * MINUTE_MS);
    const faster = reanchor(clock, WALL, { scale: 10 });
    expect(wallTimeOf(faster, at(2, 8, 0), WALL)! - WALL).toBe(138 * MINUTE_MS);
  });

  it("keeps the time reached when the scale changes or it pauses, and takes a new one when it jumps", () => {
    const later = WALL + 6 * MINUTE_MS;
    const doubled = reanchor(running, later, { scale: 2 });
    expect(doubled).toEqual({ anchorWallMs: later, anchorScenarioMs: at(1, 7, 0), scale: 2, paused: false });
    expect(scenarioAt(doubled, later + 30 * MINUTE_MS)).toBe(at(1, 8, 0));
    const paused = reanchor(doubled, later + 30 * MINUTE_MS, { paused: true });
    expect(scenarioAt(paused, later + 5 * DAY_MS)).toBe(at(1, 8, 0));
    const jumped = reanchor(paused, later + 31 * MINUTE_MS, { scenarioMs: at(2, 8, 0) });
    expect(scenarioAt(jumped, later + 90 * MINUTE_MS)).toBe(at(2, 8, 0));
  });
});

describe("showing scenario time", () => {
  it("as a day and time of day", () => {
    expect(formatScenarioTime(at(1, 6, 27), { startMs: 0, timeOfDay: true })).toBe("Day 1 06:27");
    expect(formatScenarioTime(at(2, 8, 0) + 14_000, { startMs: 0, timeOfDay: true, seconds: true })).toBe("Day 2 08:00:14");
  });

  it("as time since the start when the MSEL gives no time of day", () => {
    expect(formatScenarioTime(at(1, 0, 27), { startMs: 0, timeOfDay: false })).toBe("T+0:27");
    expect(formatScenarioTime(at(2, 1, 5) + 9_000, { startMs: 0, timeOfDay: false, seconds: true })).toBe("T+25:05:09");
  });
});
