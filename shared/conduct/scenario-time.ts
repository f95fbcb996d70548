/**
 * Scenario time (issue 30): the exercise's own clock, which a session runs at a chosen scale, pauses
 * and jumps, and every view shows ("Day 1 06:27") with the wall time second. Pure and shared: the
 * session's Durable Object decides with it, and each browser computes the same time from the same
 * clock settings.
 *
 * A scenario instant is milliseconds since Day 1 00:00 of the scenario. An MSEL row's time is read as
 * either such an instant ("Day 2 08:00", "09:15" — a time of day, on its row's day) or an offset from
 * the scenario's start ("T+30", "H+1", "+00:30"). The start is the earliest time of day the MSEL
 * gives, or what the facilitator sets.
 */

export const MINUTE_MS = 60_000;
const DAY_MINUTES = 24 * 60;
export const DAY_MS = DAY_MINUTES * MINUTE_MS;
/** The latest scenario time anything may be scheduled at or jumped to: Day 15 00:00 (a two-week exercise fits). */
export const MAX_SCENARIO_MINUTES = 14 * DAY_MINUTES;
/** Time scales a controller picks from; any other between the bounds is a custom scale. */
export const CLOCK_SCALES = [1, 2, 5, 10] as const;

// ---------------------------------------------------------------------------------------------
// The clock: anchored where it last changed, so it never ticks on the server.

export type ScenarioClock = {
  /** Wall time (epoch ms) when the clock last changed. */
  anchorWallMs: number;
  /** Scenario time (ms since Day 1 00:00) at that moment. */
  anchorScenarioMs: number;
  /** Scenario milliseconds per wall millisecond (10 = ten minutes of scenario a minute). */
  scale: number;
  paused: boolean;
};

/** Scenario time at wall time `wallMs`. */
export function scenarioAt(clock: ScenarioClock, wallMs: number): number {
  if (clock.paused) return clock.anchorScenarioMs;
  return clock.anchorScenarioMs + Math.max(0, wallMs - clock.anchorWallMs) * clock.scale;
}

/** The wall time (epoch ms) the running clock reaches `targetScenarioMs`; `wallMs` if already reached; null while paused. */
export function wallTimeOf(clock: ScenarioClock, targetScenarioMs: number, wallMs: number): number | null {
  if (clock.paused) return null;
  const now = scenarioAt(clock, wallMs);
  if (targetScenarioMs <= now) return wallMs;
  return wallMs + Math.ceil((targetScenarioMs - now) / clock.scale);
}

/** The clock from `wallMs` on, with the changes applied: it keeps the scenario time it had reached unless given another. */
export function reanchor(clock: ScenarioClock, wallMs: number, change: { scale?: number; paused?: boolean; scenarioMs?: number }): ScenarioClock {
  return {
    anchorWallMs: wallMs,
    anchorScenarioMs: change.scenarioMs ?? scenarioAt(clock, wallMs),
    scale: change.scale ?? clock.scale,
    paused: change.paused ?? clock.paused,
  };
}

// ---------------------------------------------------------------------------------------------
// Showing it.

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * "Day 1 06:27" (with seconds: "Day 1 06:27:14"). Without a known start time of day (an MSEL of
 * offsets only, no start set) the clock counts from the start instead: "T+0:27".
 */
export function formatScenarioTime(scenarioMs: number, options: { startMs: number; timeOfDay: boolean; seconds?: boolean }): string {
  if (!options.timeOfDay) {
    const total = Math.max(0, Math.floor((scenarioMs - options.startMs) / 1000));
    const h = Math.floor(total / 3600);
    const rest = `${h}:${pad(Math.floor((total % 3600) / 60))}`;
    return `T+${rest}${options.seconds ? `:${pad(total % 60)}` : ""}`;
  }
  const total = Math.max(0, Math.floor(scenarioMs / 1000));
  const day = Math.floor(total / 86_400) + 1;
  const inDay = total % 86_400;
  const hm = `${pad(Math.floor(inDay / 3600))}:${pad(Math.floor((inDay % 3600) / 60))}`;
  return `Day ${day} ${hm}${options.seconds ? `:${pad(inDay % 60)}` : ""}`;
}

// ---------------------------------------------------------------------------------------------
// Reading MSEL times. Planners write them every way; each reader is one anchored regular expression
// without nested or overlapping repetition (linear time), and anything unreadable is null (the row
// is then released by hand).

/** A time of day on a day of the scenario (minutes since Day 1 00:00), or an offset from the start. */
export type MselTime = { kind: "at"; minutes: number } | { kind: "offset"; minutes: number };

/** "T+30" (minutes), "H+1" (hours), "+00:30" / "T+1:30" (hours:minutes), "T+2h", "T+45 min". */
const OFFSET = /^(?:([th])\s*)?\+\s*(\d{1,4})(?::(\d{2}))?\s*(h|hrs?|hours?|m|mins?|minutes?)?$/i;
/** "09:15", "9:15 AM", "09:15:30", "9 PM". */
const TIME_OF_DAY = /^(\d{1,2})(?::(\d{2}))?(?::\d{2})?\s*([ap])?(?:\.?m\.?)?$/i;
/** "0915", "0915 hrs" (24-hour, no colon). */
const MILITARY = /^(\d{2})(\d{2})\s*(?:h|hrs?)?$/i;
/** "Day 2", "D2", "D+1" (D-day is Day 1), at the start of a time or alone in a date column. */
const DAY_PREFIX = /^(?:day\s*(\d{1,3})|d\s*(?:(\+)\s*)?(\d{1,3}))(?:\s*[,:-]\s*|\s+|$)/i;

/** Minutes since midnight of a time of day; null when it is not one. */
function parseTimeOfDay(raw: string): number | null {
  const s = raw.trim();
  const clock = TIME_OF_DAY.exec(s);
  if (clock) {
    const [, h, m, meridiem] = clock;
    let hours = Number(h);
    const minutes = m === undefined ? 0 : Number(m);
    if (minutes > 59) return null;
    // A bare number is not a time: "9" could be anything; "9 PM" is a time.
    if (m === undefined && meridiem === undefined) return null;
    if (meridiem !== undefined) {
      if (hours < 1 || hours > 12) return null;
      hours = (hours % 12) + (meridiem.toLowerCase() === "p" ? 12 : 0);
    } else if (hours > 23) return null;
    // "9:15 m" is not a time: a suffix needs its a or p.
    if (meridiem === undefined && /m\.?$/i.test(s)) return null;
    return hours * 60 + minutes;
  }
  const military = MILITARY.exec(s);
  if (!military) return null;
  const hours = Number(military[1]);
  const minutes = Number(military[2]);
  return hours <= 23 && minutes <= 59 ? hours * 60 + minutes : null;
}

/** An offset from the start in minutes ("T+30", "H+1"); null when it is not one. */
function parseOffset(raw: string): number | null {
  const match = OFFSET.exec(raw.trim());
  if (!match) return null;
  const [, prefix, a, b, unit] = match;
  const first = Number(a);
  if (b !== undefined) return Number(b) < 60 ? first * 60 + Number(b) : null;
  const hours = unit ? unit.toLowerCase().startsWith("h") : prefix?.toLowerCase() === "h";
  return hours ? first * 60 : first;
}

/** "Day 2" → 2, "D+1" → 2, "D3" → 3, with the rest of the text after it; null without one. */
function parseScenarioDay(raw: string): { day: number; rest: string } | null {
  const s = raw.trim();
  const match = DAY_PREFIX.exec(s);
  if (!match) return null;
  const day = match[1] !== undefined ? Number(match[1]) : Number(match[3]) + (match[2] ? 1 : 0);
  if (day < 1) return null;
  return { day, rest: s.slice(match[0].length) };
}

/**
 * An MSEL row's time: its time column, on the day its time column or date column names ("Day 2", a
 * calendar date counted from `firstDate`, the MSEL's earliest). A time of day without a day is on Day 1.
 */
export function parseMselTime(time: string, date: string | null = null, firstDate: number | null = null): MselTime | null {
  const s = time.trim().replace(/\s+/g, " ");
  if (!s) return null;
  const offset = parseOffset(s);
  if (offset !== null) return offset <= MAX_SCENARIO_MINUTES ? { kind: "offset", minutes: offset } : null;
  const inTime = parseScenarioDay(s);
  const timeOfDay = parseTimeOfDay(inTime ? inTime.rest : s);
  if (timeOfDay === null) return null;
  const day = inTime?.day ?? dayOfDate(date, firstDate) ?? 1;
  const minutes = (day - 1) * DAY_MINUTES + timeOfDay;
  return minutes <= MAX_SCENARIO_MINUTES ? { kind: "at", minutes } : null;
}

/** The scenario day a date column names: "Day 2", or a calendar date's distance from the first date, plus one. */
function dayOfDate(date: string | null, firstDate: number | null): number | null {
  if (!date?.trim()) return null;
  const named = parseScenarioDay(date);
  if (named && !named.rest) return named.day;
  const calendar = parseCalendarDate(date);
  if (calendar === null || firstDate === null) return null;
  return calendar - firstDate + 1;
}

/** Whether a date column's text names a scenario day ("Day 2", "D+1") or a calendar date ("3/1/2026", "1 March 2026"). */
export function readsAsMselDate(raw: string): boolean {
  return dayOfDate(raw, 0) !== null;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const ISO_DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})/;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/;
const DAY_MONTH_YEAR = /^(\d{1,2}) ([a-z]{3})[a-z]*\.?,? (\d{4})$/;
const MONTH_DAY_YEAR = /^([a-z]{3})[a-z]*\.? (\d{1,2}),? (\d{4})$/;

/** A calendar date as days since the epoch ("2026-03-01", "3/1/2026", "1 March 2026", "March 1, 2026"); null when it is not one. */
function parseCalendarDate(raw: string): number | null {
  const s = raw.trim().toLowerCase().replace(/\s+/g, " ");
  let y: number | undefined, mo: number | undefined, d: number | undefined;
  let match: RegExpExecArray | null;
  if ((match = ISO_DATE.exec(s))) [y, mo, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = US_DATE.exec(s))) [mo, d, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = DAY_MONTH_YEAR.exec(s))) [d, mo, y] = [Number(match[1]), MONTHS.indexOf(match[2]!) + 1, Number(match[3])];
  else if ((match = MONTH_DAY_YEAR.exec(s))) [mo, d, y] = [MONTHS.indexOf(match[1]!) + 1, Number(match[2]), Number(match[3])];
  if (y === undefined || mo === undefined || d === undefined || mo < 1) return null;
  if (y < 100) y += 2000;
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return Math.round(ms / 86_400_000);
}

/**
 * An MSEL's schedule: each row's time (null when unreadable), the scenario's start — the earliest
 * time of day among the rows (null when they give none: the start is then set by the facilitator or
 * counted as T+0) — and its Day 1 in the calendar: the earliest calendar date of the Date column
 * ("2026-03-01", "3/1/2026", "1 March 2026"), as epoch ms of its 00:00 UTC (null without one).
 */
export function mselSchedule(rows: { date?: string | number | null; time?: string | number | null }[]): {
  times: (MselTime | null)[];
  startMinutes: number | null;
  day1Ms: number | null;
} {
  const str = (v: string | number | null | undefined) => (v == null ? "" : String(v));
  const dates = rows.map((r) => parseCalendarDate(str(r.date)));
  const known = dates.filter((d): d is number => d !== null);
  const firstDate = known.length ? Math.min(...known) : null;
  const times = rows.map((r) => parseMselTime(str(r.time), str(r.date) || null, firstDate));
  const at = times.filter((t): t is MselTime => t?.kind === "at").map((t) => t.minutes);
  return { times, startMinutes: at.length ? Math.min(...at) : null, day1Ms: firstDate === null ? null : firstDate * DAY_MS };
}

/**
 * What a controller types to set the start or jump: "Day 2 08:00", "08:00" (on `currentDay`), or an
 * offset from the start ("T+45"). Scenario ms, or null when it cannot be read.
 */
export function parseScenarioInput(raw: string, context: { startMs: number; currentDay: number }): number | null {
  const s = raw.trim().replace(/\s+/g, " ");
  const offset = parseOffset(s);
  if (offset !== null) return context.startMs + offset * MINUTE_MS;
  const inTime = parseScenarioDay(s);
  const timeOfDay = parseTimeOfDay(inTime ? inTime.rest : s);
  if (timeOfDay === null) return null;
  const minutes = ((inTime?.day ?? context.currentDay) - 1) * DAY_MINUTES + timeOfDay;
  return minutes <= MAX_SCENARIO_MINUTES ? minutes * MINUTE_MS : null;
}

/** The scenario day (1-based) a scenario instant falls on. */
export const scenarioDay = (scenarioMs: number) => Math.floor(Math.max(0, scenarioMs) / DAY_MS) + 1;
