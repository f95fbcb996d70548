import type { ConductModule, ConductPlan, TimelineItem } from "../../shared/db/conduct-shapes";
import type { Module, MselRow } from "../../shared/db/exercise-shapes";
import type { Exercise } from "../db/schema";
import { mselSchedule } from "../../shared/conduct/scenario-time";
import { clip } from "../../shared/lib/clip";

/**
 * The conduct plan frozen when a session is created (issue 15): what the session plays, built from
 * the exercise as it is at that moment. Pure: no clock, no database.
 *
 * The timeline is the MSEL when the exercise has one (its rows are the scheduled injects: the
 * controller's script), otherwise the modules' injects, which carry no time and are released by hand.
 */

/** Bounds of conductPlanSchema (db/conduct-shapes.ts): a longer exercise is cut, never refused. */
const LIMITS = { items: 500, modules: 30, questions: 50, objectives: 50 } as const;
const TITLE_CHARS = 300;

type PlanSource = Pick<Exercise, "name" | "scenario" | "capabilitiesAndObjectives" | "mselTable" | "modules">;

export function buildConductPlan(exercise: PlanSource): ConductPlan {
  const modules = (exercise.modules ?? []).slice(0, LIMITS.modules);
  const msel = exercise.mselTable ?? [];
  const timeline = msel.some(hasContent) ? mselItems(msel) : { items: moduleItems(modules), startMinutes: null };
  return {
    exerciseName: clip(text(exercise.name) || "Untitled exercise", 300),
    scenario: text(exercise.scenario) ? clip(text(exercise.scenario), 20_000) : null,
    objectives: (exercise.capabilitiesAndObjectives ?? [])
      .map((o) => ({ capability: orNull(o.capability, 200), objective: orNull(o.objective, 2_000) }))
      .filter((o) => o.capability || o.objective)
      .slice(0, LIMITS.objectives),
    modules: modules.map(toConductModule),
    items: timeline.items.slice(0, LIMITS.items),
    scenarioStartMinutes: timeline.startMinutes,
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
        scenarioMinutes: null,
      })),
  );
}

/**
 * The MSEL's rows with their scenario times (shared/conduct/scenario-time.ts): a time of day is an
 * instant of the scenario ("Day 2 08:00"), an offset counts from the scenario's start, which is the
 * earliest time of day; a time that cannot be read leaves the row to be released by hand.
 */
function mselItems(rows: MselRow[]): { items: TimelineItem[]; startMinutes: number | null } {
  const kept = rows.map((row, i) => ({ row, i })).filter(({ row }) => hasContent(row));
  const { times, startMinutes } = mselSchedule(kept.map(({ row }) => row));
  const items = kept.map(({ row, i }, n): TimelineItem => {
    const time = times[n] ?? null;
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
      offsetMinutes: time === null ? null : time.kind === "offset" ? time.minutes : time.minutes - (startMinutes ?? 0),
      scenarioMinutes: time?.kind === "at" ? time.minutes : null,
    };
  });
  return { items, startMinutes };
}

const hasContent = (row: MselRow) => Boolean(text(row.message) || text(row.synopsis));

// ---------------------------------------------------------------------------------------------

function text(value: string | number | null | undefined): string {
  return value == null ? "" : String(value).trim();
}

function orNull(value: string | number | null | undefined, max: number): string | null {
  const t = text(value);
  return t ? clip(t, max) : null;
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
