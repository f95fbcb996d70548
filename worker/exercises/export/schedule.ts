import { MINUTE_MS, formatScenarioTime, mselSchedule } from "../../../shared/conduct/scenario-time";
import type { MselRow } from "../../../shared/db/exercise-shapes";
import { badRequest } from "../../lib/errors";
import { writeCalendar, type CalendarEvent } from "../../lib/ics";
import { eventNumber, fieldText, hasInjectText } from "./msel-fields";

/**
 * The exercise's conduct schedule as an iCalendar file (issue 32 item 10): the session, and each
 * MSEL inject with a time, on the scenario clock run at real time (shared/conduct/scenario-time.ts
 * reads the times: "Day 2 08:00", "09:15", "T+30").
 *
 * The scenario's Day 1 needs a day in the calendar. In order: the `day1` the caller gives (the
 * Export menu asks for it: the start of Day 1 in the planner's time zone); else the start of the
 * exercise's latest conduct session that has started (the scenario's start time is then that
 * moment); else the earliest calendar date in the MSEL's Date column ("2026-03-01", "3/1/2026",
 * "1 March 2026"), read as UTC. Without any of these the export is refused with a message saying
 * what to add.
 */

/** How long each inject holds in the calendar: a moment, but one a calendar can show. */
const INJECT_MINUTES = 15;

export type ScheduleSession = { id: string; name: string; startedAt: Date | null; endedAt: Date | null };

export type ScheduleInput = {
  exerciseId: string;
  exerciseName: string;
  rows: MselRow[];
  /** Epoch ms of Day 1 00:00, as given by the caller. */
  day1: number | null;
  session: ScheduleSession | null;
  host: string;
  now: number;
};

const NO_DAY1_MESSAGE =
  "The schedule needs a day for Day 1 of the scenario: choose it when you export (Export → Conduct schedule), put the exercise's date in the MSEL's Date column (e.g. 2026-12-01), or start a conduct session.";
const NO_TIMES_MESSAGE =
  "No inject in this MSEL has a time the schedule can read. Give injects a time such as 09:15, Day 2 08:00 or T+30 in the Time column and export again.";

export function scheduleToIcs(input: ScheduleInput): string {
  const kept = input.rows.map((row, index) => ({ row, index })).filter(({ row }) => hasInjectText(row));
  const { times, startMinutes, day1Ms } = mselSchedule(kept.map(({ row }) => row));
  const start = startMinutes ?? 0;
  // Scenario minutes since Day 1 00:00 of each timed inject (an offset counts from the scenario's start).
  const timed = kept
    .map(({ row, index }, n) => {
      const time = times[n];
      return time ? { row, index, minutes: time.kind === "at" ? time.minutes : start + time.minutes } : null;
    })
    .filter((t): t is { row: MselRow; index: number; minutes: number } => t !== null);
  if (!timed.length) throw badRequest(NO_TIMES_MESSAGE, "no_timed_injects");

  const sessionStart = input.session?.startedAt?.getTime() ?? null;
  const day1 = input.day1 ?? (sessionStart !== null ? sessionStart - start * MINUTE_MS : null) ?? day1Ms;
  if (day1 === null) throw badRequest(NO_DAY1_MESSAGE, "schedule_needs_day1");

  const at = (minutes: number) => day1 + minutes * MINUTE_MS;
  const timeOfDay = startMinutes !== null;
  const uid = (part: string) => `${input.exerciseId}-${part}@${input.host}`;
  const injects: CalendarEvent[] = timed.map(({ row, index, minutes }) => {
    const number = eventNumber(row, index);
    const [from, to, mode, message, action, category] = [
      fieldText(row.from),
      fieldText(row.to),
      fieldText(row.injectMode),
      fieldText(row.message),
      fieldText(row.expectedAction),
      fieldText(row.category),
    ] as const;
    const title = fieldText(row.synopsis) || message.split("\n")[0]!;
    const lines = [
      `Scenario time: ${formatScenarioTime(minutes * MINUTE_MS, { startMs: start * MINUTE_MS, timeOfDay })}`,
      from || to ? `From ${from || "—"} to ${to || "—"}${mode ? ` (${mode})` : ""}` : "",
      message,
      action ? `Expected action: ${action}` : "",
    ];
    return {
      uid: uid(`inject-${index + 1}`),
      summary: `Inject ${number}: ${title}`,
      description: lines.filter(Boolean).join("\n\n"),
      start: at(minutes),
      end: at(minutes) + INJECT_MINUTES * MINUTE_MS,
      categories: ["Exercise inject", ...(category ? [category] : [])],
    };
  });

  const first = Math.min(...timed.map((t) => t.minutes));
  const last = Math.max(...timed.map((t) => t.minutes));
  const session = input.session;
  const ran = session?.startedAt && session.endedAt;
  const sessionEvent: CalendarEvent = {
    uid: uid(session ? `session-${session.id}` : "session"),
    summary: session ? `${session.name} (exercise session)` : `${input.exerciseName}: exercise session`,
    description: `${input.exerciseName}. ${timed.length} timed inject${timed.length === 1 ? "" : "s"} in the MSEL. Times follow the scenario clock at real time.`,
    start: ran ? session.startedAt!.getTime() : at(Math.min(first, start)),
    end: ran ? session.endedAt!.getTime() : at(last) + INJECT_MINUTES * MINUTE_MS,
    categories: ["Exercise"],
  };
  return writeCalendar({ name: `${input.exerciseName}: conduct schedule`, events: [sessionEvent, ...injects] }, input.now);
}
