/**
 * The Cron Triggers of wrangler.toml, for `npm start`'s local scheduler (scripts/lib/scheduler.ts):
 * which expressions there are, and when each fires next. Pure: every function takes `now`.
 *
 * Cloudflare runs Cron Triggers in UTC, on five fields (minute hour day-of-month month
 * day-of-week). This reads what the project uses and what a new trigger is likely to use: `*`,
 * numbers, ranges, steps (`*\/15`, `0-30/10`), lists, and month and day names (JAN, MON-FRI).
 * Cloudflare's own extensions (L, W, #) and numbered weekdays (Cloudflare counts 1–7 from Sunday,
 * classic cron 0–6) are refused with a message, so the local schedule never silently differs.
 */

export type CronSchedule = {
  expression: string;
  minutes: Set<number>;
  hours: Set<number>;
  daysOfMonth: Set<number>;
  months: Set<number>;
  /** 0 = Sunday, as Date.getUTCDay(). */
  daysOfWeek: Set<number>;
  /** Cron's rule: when both day fields are restricted, a day matching either fires. */
  dayOfMonthRestricted: boolean;
  dayOfWeekRestricted: boolean;
};

export class CronError extends Error {}

const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
const DAYS = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"];

type Field = { name: string; min: number; max: number; names?: string[]; namesOnly?: boolean };
const FIELDS: Field[] = [
  { name: "minute", min: 0, max: 59 },
  { name: "hour", min: 0, max: 23 },
  { name: "day of month", min: 1, max: 31 },
  { name: "month", min: 1, max: 12, names: MONTHS },
  { name: "day of week", min: 0, max: 6, names: DAYS, namesOnly: true },
];

/** The `crons = [...]` of wrangler.toml's [triggers] table (none when there is no such table). */
export function cronsOf(wranglerToml: string): string[] {
  const table = wranglerToml.split(/^[ \t]*\[/m).find((block) => /^triggers\][ \t]*(?:#.*)?$/m.test(block.split("\n", 1)[0]!));
  const list = table?.match(/^[ \t]*crons[ \t]*=[ \t]*\[([^\]]*)\]/m)?.[1];
  if (!list) return [];
  return [...list.matchAll(/"([^"]*)"|'([^']*)'/g)].map((m) => (m[1] ?? m[2]!).trim());
}

export function parseCron(expression: string): CronSchedule {
  const parts = expression.trim().split(/\s+/);
  if (parts.length !== 5)
    throw new CronError(`"${expression}": a Cron Trigger has 5 fields (minute hour day-of-month month day-of-week), not ${parts.length}.`);
  const [minutes, hours, daysOfMonth, months, daysOfWeek] = parts.map((part, i) => parseField(expression, part, FIELDS[i]!));
  return {
    expression,
    minutes: minutes!,
    hours: hours!,
    daysOfMonth: daysOfMonth!,
    months: months!,
    daysOfWeek: daysOfWeek!,
    dayOfMonthRestricted: parts[2] !== "*",
    dayOfWeekRestricted: parts[4] !== "*",
  };
}

function parseField(expression: string, text: string, field: Field): Set<number> {
  const values = new Set<number>();
  const refuse = (why: string) => new CronError(`"${expression}": the ${field.name} field "${text}" ${why}`);
  for (const item of text.split(",")) {
    const [range, stepText, extra] = item.split("/");
    if (extra !== undefined || range === undefined || range === "") throw refuse("is not a value, range or step.");
    const step = stepText === undefined ? 1 : Number(stepText);
    if (!Number.isInteger(step) || step < 1) throw refuse("has a step that is not a whole number of at least 1.");
    let from: number;
    let to: number;
    if (range === "*") {
      from = field.min;
      to = field.max;
    } else {
      const [a, b, more] = range.split("-");
      if (more !== undefined) throw refuse("has a range with more than two ends.");
      from = value(a!, field, refuse);
      to = b === undefined ? (stepText === undefined ? from : field.max) : value(b, field, refuse);
      if (to < from) throw refuse("has a range that runs backwards.");
    }
    for (let v = from; v <= to; v += step) values.add(v);
  }
  return values;
}

function value(text: string, field: Field, refuse: (why: string) => CronError): number {
  const named = field.names?.indexOf(text.toUpperCase()) ?? -1;
  if (named >= 0) return field.names === MONTHS ? named + 1 : named;
  if (/[LW#?]/i.test(text)) throw refuse("uses an extension (L, W, #, ?) the local scheduler does not run.");
  if (field.namesOnly) throw refuse(`needs day names (${DAYS.join(", ")}): Cloudflare numbers weekdays 1–7 from Sunday, other crons 0–6.`);
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < field.min || n > field.max) throw refuse(`is outside ${field.min}–${field.max}.`);
  return n;
}

function dayMatches(s: CronSchedule, date: Date): boolean {
  const dom = s.daysOfMonth.has(date.getUTCDate());
  const dow = s.daysOfWeek.has(date.getUTCDay());
  if (s.dayOfMonthRestricted && s.dayOfWeekRestricted) return dom || dow;
  return dom && dow;
}

const MINUTE = 60_000;
/** Past this a schedule is treated as never firing (31 February, say): four years of minutes. */
const HORIZON_MINUTES = 4 * 366 * 24 * 60;

/** The first minute strictly after `now` (ms since the epoch) at which the schedule fires, in ms; null if none. */
export function nextFire(schedule: CronSchedule, now: number): number | null {
  let t = Math.floor(now / MINUTE) * MINUTE + MINUTE;
  for (let i = 0; i < HORIZON_MINUTES;) {
    const d = new Date(t);
    if (!schedule.months.has(d.getUTCMonth() + 1) || !dayMatches(schedule, d)) {
      // Skip to the next day's midnight: most of the search is whole days.
      const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
      i += (next - t) / MINUTE;
      t = next;
      continue;
    }
    if (!schedule.hours.has(d.getUTCHours())) {
      const next = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours() + 1);
      i += (next - t) / MINUTE;
      t = next;
      continue;
    }
    if (schedule.minutes.has(d.getUTCMinutes())) return t;
    t += MINUTE;
    i += 1;
  }
  return null;
}

/** The schedule as `npm start` prints it: each expression and its next run in UTC. */
export function describeSchedule(schedules: CronSchedule[], now: number): string[] {
  return schedules.map((s) => {
    const next = nextFire(s, now);
    return `${s.expression.padEnd(16)} next ${next === null ? "never" : `${new Date(next).toISOString().slice(0, 16).replace("T", " ")} UTC`}`;
  });
}
