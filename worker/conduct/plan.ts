import type { ConductModule, ConductPlan, TimelineItem } from "../../shared/db/conduct-shapes";
import type { Module, MselRow } from "../../shared/db/exercise-shapes";
import type { Exercise } from "../db/schema";

/**
 * The conduct plan frozen when a session is created (issue 15): what the session plays, built from
 * the exercise as it is at that moment. Pure: no clock, no database.
 *
 * The timeline is the MSEL when the exercise has one (its rows are the scheduled injects: the
 * controller's script), otherwise the modules' injects, which carry no time and are released by hand.
 */

/** Bounds of conductPlanSchema (db/conduct-shapes.ts): a longer exercise is cut, never refused. */
const LIMITS = { items: 500, modules: 30, questions: 50, objectives: 50 } as const;
const MAX_OFFSET_MINUTES = 60 * 24 * 14;
const TITLE_CHARS = 300;

type PlanSource = Pick<Exercise, "name" | "scenario" | "capabilitiesAndObjectives" | "mselTable" | "modules">;

export function buildConductPlan(exercise: PlanSource): ConductPlan {
  const modules = (exercise.modules ?? []).slice(0, LIMITS.modules);
  const msel = exercise.mselTable ?? [];
  const items = (msel.some(hasContent) ? mselItems(msel) : moduleItems(modules)).slice(0, LIMITS.items);
  return {
    exerciseName: clip(text(exercise.name) || "Untitled exercise", 300),
    scenario: text(exercise.scenario) ? clip(text(exercise.scenario), 20_000) : null,
    objectives: (exercise.capabilitiesAndObjectives ?? [])
      .map((o) => ({ capability: orNull(o.capability, 200), objective: orNull(o.objective, 2_000) }))
      .filter((o) => o.capability || o.objective)
      .slice(0, LIMITS.objectives),
    modules: modules.map(toConductModule),
    items,
  };
}

function toConductModule(module: Module, index: number): ConductModule {
  return {
    title: clip(text(module.title) || `Module ${index + 1}`, 300),
    description: clip(text(module.description), 8_000),
    questions: questionTexts(module.questions)
      .slice(0, LIMITS.questions)
      .map((q) => clip(q, 2_000)),
  };
}

/**
 * Questions as plain text in order, from either shape: the legacy list of strings or the structured
 * groups. With more than one named group, each question says which group it is for.
 */
export function questionTexts(questions: Module["questions"]): string[] {
  if (!questions) return [];
  if (Array.isArray(questions)) return questions.map(text).filter(Boolean);
  const named = questions.groups.filter((g) => text(g.name)).length > 1;
  return questions.groups.flatMap((group) =>
    group.questions
      .map((q) => text(q.text))
      .filter(Boolean)
      .map((q) => (named && text(group.name) ? `${text(group.name)}: ${q}` : q)),
  );
}

function moduleItems(modules: Module[]): TimelineItem[] {
  return modules.flatMap((module, m) =>
    (module.injects ?? [])
      .map(text)
      .filter(Boolean)
      .map((inject, i): TimelineItem => ({
        key: `module-${m}-inject-${i}`,
        source: "module",
        moduleIndex: m,
        event: null,
        title: titleOf(inject),
        message: clip(inject, 8_000),
        from: null,
        to: null,
        injectMode: null,
        expectedAction: null,
        responsibleOrganization: null,
        offsetMinutes: null,
      })),
  );
}

function mselItems(rows: MselRow[]): TimelineItem[] {
  const kept = rows.map((row, i) => ({ row, i })).filter(({ row }) => hasContent(row));
  const offsets = mselOffsets(kept.map(({ row }) => row));
  return kept.map(({ row, i }, n) => {
    const message = text(row.message);
    return {
      key: `msel-${i}`,
      source: "msel",
      moduleIndex: null,
      event: orNull(row.event, 50),
      title: text(row.synopsis) ? clip(text(row.synopsis), TITLE_CHARS) : titleOf(message || `Event ${text(row.event) || i + 1}`),
      message: clip(message || text(row.synopsis), 8_000),
      from: orNull(row.from, 300),
      to: orNull(row.to, 300),
      injectMode: orNull(row.injectMode, 100),
      expectedAction: orNull(row.expectedAction, 4_000),
      responsibleOrganization: orNull(row.responsibleOrganization, 300),
      offsetMinutes: offsets[n] ?? null,
    };
  });
}

const hasContent = (row: MselRow) => Boolean(text(row.message) || text(row.synopsis));

// ---------------------------------------------------------------------------------------------
// MSEL times. Planners write them every way: a clock time ("09:15", "9:15 AM"), or an offset from
// the start ("T+30", "+00:30", "H+1"). Each row's time becomes minutes after the earliest row of the
// same kind; a time that cannot be read leaves the row to be released by hand (null).

type Moment = { kind: "clock" | "relative"; minutes: number };

export function mselOffsets(rows: Pick<MselRow, "date" | "time">[]): (number | null)[] {
  const days = rows.map((r) => parseDay(text(r.date)));
  const firstDay = { absolute: minOf(days, "absolute"), relative: minOf(days, "relative") };
  const moments = rows.map((r, i): Moment | null => {
    const time = parseTime(text(r.time));
    if (!time) return null;
    const day = days[i];
    // Only a clock time moves to another day; an offset already counts from the start.
    const dayIndex = time.kind === "clock" && day ? day.value - (firstDay[day.kind] ?? day.value) : 0;
    return { kind: time.kind, minutes: time.minutes + dayIndex * 24 * 60 };
  });
  const earliest = {
    clock: Math.min(...moments.filter((m) => m?.kind === "clock").map((m) => m!.minutes)),
    relative: Math.min(...moments.filter((m) => m?.kind === "relative").map((m) => m!.minutes)),
  };
  return moments.map((m) => {
    if (!m) return null;
    const offset = m.minutes - earliest[m.kind];
    return offset >= 0 && offset <= MAX_OFFSET_MINUTES ? offset : null;
  });
}

/** A clock time of day or an offset from the start, in minutes; null when it cannot be read. */
export function parseTime(raw: string): Moment | null {
  const s = raw.trim().replace(/\s+/g, " ");
  if (!s) return null;
  // "T+30" (minutes), "H+1" (hours), "+00:30" / "T+1:30" (hours:minutes), "T+2h", "T+45 min".
  const rel = /^(T|H)?\s*\+\s*(\d{1,4})(?::(\d{2}))?\s*(h|hr|hrs|hours?|m|min|mins|minutes?)?$/i.exec(s);
  if (rel) {
    const [, prefix, a, b, unit] = rel;
    const first = Number(a);
    if (b !== undefined) return Number(b) < 60 ? { kind: "relative", minutes: first * 60 + Number(b) } : null;
    const hours = unit ? /^h/i.test(unit) : prefix?.toUpperCase() === "H";
    return { kind: "relative", minutes: hours ? first * 60 : first };
  }
  // "09:15", "9:15 AM", "09:15:30", "9 PM", "0915" / "0915 hrs" (24-hour, no colon).
  const clock = /^(\d{1,2})(?::(\d{2}))?(?::\d{2})?\s*(a\.?m\.?|p\.?m\.?)?$/i.exec(s) ?? /^(\d{2})(\d{2})\s*(?:h|hrs?)?()$/i.exec(s);
  if (!clock) return null;
  const [, h, m, meridiem] = clock;
  let hours = Number(h);
  const minutes = m ? Number(m) : 0;
  if (minutes > 59) return null;
  if (!m && !meridiem) return null; // a bare number is not a time
  if (meridiem) {
    if (hours < 1 || hours > 12) return null;
    const pm = /^p/i.test(meridiem);
    hours = (hours % 12) + (pm ? 12 : 0);
  } else if (hours > 23) return null;
  return { kind: "clock", minutes: hours * 60 + minutes };
}

type Day = { kind: "absolute" | "relative"; value: number };

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** A calendar date (days since the epoch) or an exercise day ("Day 2", "D+1"); null when unreadable. */
function parseDay(raw: string): Day | null {
  const s = raw.trim().toLowerCase();
  if (!s) return null;
  const rel = /^(?:day\s*(\d{1,3})|d\s*\+\s*(\d{1,3}))$/.exec(s);
  if (rel) return { kind: "relative", value: Number(rel[1] ?? rel[2]) };
  let y: number | undefined, mo: number | undefined, d: number | undefined;
  let match: RegExpExecArray | null;
  if ((match = /^(\d{4})-(\d{1,2})-(\d{1,2})/.exec(s))) [y, mo, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(s))) [mo, d, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{1,2})\s+([a-z]{3})[a-z]*\.?,?\s+(\d{4})$/.exec(s))) [d, mo, y] = [Number(match[1]), MONTHS.indexOf(match[2]!) + 1, Number(match[3])];
  else if ((match = /^([a-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})$/.exec(s))) [mo, d, y] = [MONTHS.indexOf(match[1]!) + 1, Number(match[2]), Number(match[3])];
  if (y === undefined || mo === undefined || d === undefined || mo < 1) return null;
  if (y < 100) y += 2000;
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null;
  return { kind: "absolute", value: Math.round(ms / 86_400_000) };
}

function minOf(days: (Day | null)[], kind: Day["kind"]): number | undefined {
  const values = days.filter((d): d is Day => d?.kind === kind).map((d) => d.value);
  return values.length ? Math.min(...values) : undefined;
}

// ---------------------------------------------------------------------------------------------

function text(value: string | number | null | undefined): string {
  return value == null ? "" : String(value).trim();
}

function orNull(value: string | number | null | undefined, max: number): string | null {
  const t = text(value);
  return t ? clip(t, max) : null;
}

function clip(s: string, max: number): string {
  if (s.length <= max) return s;
  return `${s.slice(0, max - 1).trimEnd()}…`;
}

/** The first line of a message, cut at a word near the title length. */
function titleOf(message: string): string {
  const line =
    message
      .split("\n")
      .find((l) => l.trim())
      ?.trim() ?? "";
  if (line.length <= 120) return line;
  const cut = line.slice(0, 120);
  const space = cut.lastIndexOf(" ");
  return `${(space > 60 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
