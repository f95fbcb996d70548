import type { TimelineItem } from "../../shared/db/conduct-shapes";
import { conflict } from "../lib/errors";
import { CONDUCT_MESSAGES } from "../../shared/conduct/model";
import { MINUTE_MS, scenarioAt, type ScenarioClock } from "../../shared/conduct/scenario-time";
import type { ConductStatus } from "../../shared/conduct/views";

/**
 * A conduct session's state (worker/conduct/state.ts has its transitions) and what both the
 * transitions and the clock commands (clock-commands.ts) read of it.
 */

type ItemStatus = "pending" | "released" | "skipped";
export type SessionItem = TimelineItem & {
  status: ItemStatus;
  releasedAt: number | null;
  /** Scenario time of the release (absent in states saved before issue 30). */
  releasedScenarioMs?: number | null;
};

export type SessionState = {
  status: ConductStatus;
  seq: number;
  startedAt: number | null;
  endedAt: number | null;
  /** Scenario time; paused unless the session runs. */
  clock: ScenarioClock;
  /** Where scenario time starts (ms since Day 1 00:00): the MSEL's earliest time of day, or what the controller set. */
  startScenarioMs: number;
  /** Whether the start is a time of day (shown "Day 1 06:27") or only T+0 (shown "T+0:27"). */
  timeOfDay: boolean;
  /** Scheduled items wait for the controller's Release instead of the clock. */
  manualOnly: boolean;
  /** The evaluators' hot wash after the end, in minutes (the session's own; EVALUATION_HOT_WASH_MINUTES by default). */
  hotWashMinutes: number;
  currentModule: number | null;
  moduleCount: number;
  /** Question count per module (answers are checked against it). */
  questionCounts: number[];
  /** The timeline in order: the plan's items, then unplanned ones as they are added. */
  items: SessionItem[];
  /** The inject released most recently (what an observation is tied to by default). */
  lastReleasedKey: string | null;
  counts: { answers: number; observations: number };
};

/** Scenario time at `now`. */
export const scenarioNow = (state: SessionState, now: number) => scenarioAt(state.clock, now);

/** Scenario time run since the start at `now`. */
export const elapsedAt = (state: SessionState, now: number) => scenarioNow(state, now) - state.startScenarioMs;

/** The scenario time a scheduled item is due at: its time of day, or its offset from the start; null when unscheduled. */
export function dueScenarioMs(state: Pick<SessionState, "startScenarioMs">, item: TimelineItem): number | null {
  if (item.scenarioMinutes != null) return item.scenarioMinutes * MINUTE_MS;
  return item.offsetMinutes === null ? null : state.startScenarioMs + item.offsetMinutes * MINUTE_MS;
}

export function notEnded(state: SessionState): void {
  if (state.status === "ended") throw conflict(CONDUCT_MESSAGES.ended, "session_ended");
}

/** Release, skip, module, unplanned injects and jumps need a started session (running or paused). */
export function started(state: SessionState): void {
  notEnded(state);
  if (state.status === "ready") throw conflict(CONDUCT_MESSAGES.notRunning, "not_running");
}

/** The session's hot wash in ms. */
export const hotWashOf = (state: Pick<SessionState, "hotWashMinutes">) => state.hotWashMinutes * MINUTE_MS;
