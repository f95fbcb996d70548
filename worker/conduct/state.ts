import type { ConductEventPayload, TimelineItem } from "../../shared/db/conduct-shapes";
import { badRequest, conflict, gone, notFound } from "../lib/errors";
import { isEvaluationClosed, OBSERVATION_CLOCK_SKEW_MS } from "./evaluation-window";
import { CONDUCT_MESSAGES, type AnswerInput, type ControllerCommand, type ObservationInput } from "../../shared/conduct/model";
import { MINUTE_MS, reanchor, wallTimeOf } from "../../shared/conduct/scenario-time";
import { clockCommand, type ClockCommand } from "./clock-commands";
import { dueScenarioMs, hotWashOf, notEnded, scenarioNow, started, type SessionItem, type SessionState } from "./state-core";

export { dueScenarioMs, elapsedAt, hotWashOf, scenarioNow, type SessionItem, type SessionState } from "./state-core";

/**
 * A conduct session's state machine (issue 15), pure: the session's Durable Object keeps the state,
 * passes `now` in, and stores and mirrors the events these functions return. Every change is an
 * event (ConductEventPayload) folded into the state by `applyEvent`, so the replay log and the live
 * state can never disagree.
 *
 *   ready ──start──► running ⇄ pause/resume ⇄ paused ──end──► ended   (end also from ready)
 *
 * The clock is scenario time (issue 30, shared/conduct/scenario-time.ts): it runs only while the
 * session runs, at the controller's scale, and jumps forward on request; scheduled items fall due at
 * their scenario time and are released by it unless the controller releases by hand only.
 */

export type PlanShape = { items: TimelineItem[]; modules: { questions: string[] }[]; scenarioStartMinutes?: number | null; hotWashMinutes: number };

export function initialState(plan: PlanShape): SessionState {
  const start = (plan.scenarioStartMinutes ?? 0) * MINUTE_MS;
  return {
    status: "ready",
    seq: 0,
    startedAt: null,
    endedAt: null,
    clock: { anchorWallMs: 0, anchorScenarioMs: start, scale: 1, paused: true },
    startScenarioMs: start,
    timeOfDay: plan.scenarioStartMinutes != null,
    manualOnly: false,
    hotWashMinutes: plan.hotWashMinutes,
    currentModule: null,
    moduleCount: plan.modules.length,
    questionCounts: plan.modules.map((m) => m.questions.length),
    items: plan.items.map((item) => ({ ...item, status: "pending", releasedAt: null })),
    lastReleasedKey: null,
    counts: { answers: 0, observations: 0 },
  };
}

type ClockFields = "clock" | "startScenarioMs" | "timeOfDay" | "manualOnly" | "hotWashMinutes";
type StoredState = Omit<SessionState, "items" | ClockFields> & Partial<Pick<SessionState, ClockFields>> & { elapsedMs?: number; runningSince?: number | null };

/**
 * A state as stored, brought up to date: one saved before issue 30 counted elapsed wall time from
 * T+0 (`elapsedMs`, `runningSince`); it becomes a clock at 1x from a start of T+0, which runs and
 * schedules exactly as before.
 */
export function upgradeState(stored: StoredState, items: SessionItem[], defaultHotWashMinutes: number): SessionState {
  const { elapsedMs = 0, runningSince = null, clock, startScenarioMs = 0, timeOfDay = false, manualOnly = false, hotWashMinutes, ...rest } = stored;
  return {
    ...rest,
    clock: clock ?? { anchorWallMs: runningSince ?? 0, anchorScenarioMs: elapsedMs, scale: 1, paused: runningSince === null },
    startScenarioMs,
    timeOfDay,
    manualOnly,
    hotWashMinutes: hotWashMinutes ?? defaultHotWashMinutes,
    items,
  };
}

/** Whether the clock releases scheduled items now: running, and not on manual releases only. */
const clockReleases = (state: SessionState) => state.status === "running" && !state.manualOnly;

/** When the clock will release a pending scheduled item (epoch ms); null when it will not by itself. */
export function dueAt(state: SessionState, item: SessionItem, now: number): number | null {
  const due = dueScenarioMs(state, item);
  if (!clockReleases(state) || item.status !== "pending" || due === null) return null;
  return wallTimeOf(state.clock, due, now);
}

/** Keys of the scheduled items whose scenario time the clock has reached, in timeline order. */
export function dueItems(state: SessionState, now: number): string[] {
  if (!clockReleases(state)) return [];
  const reached = scenarioNow(state, now);
  return state.items
    .filter((i) => {
      const due = dueScenarioMs(state, i);
      return i.status === "pending" && due !== null && due <= reached;
    })
    .map((i) => i.key);
}

/** The next instant a scheduled item falls due (for the object's alarm); null when none will. */
export function nextAlarmAt(state: SessionState, now: number): number | null {
  let next: number | null = null;
  for (const item of state.items) {
    const at = dueAt(state, item, now);
    if (at !== null && (next === null || at < next)) next = at;
  }
  return next;
}

/** Folds one event into the state (the only place the state changes). */
function applyEvent(state: SessionState, payload: ConductEventPayload, at: number): SessionState {
  const next: SessionState = { ...state, seq: state.seq + 1 };
  const setItem = (key: string, change: Partial<SessionItem>) => {
    next.items = next.items.map((i) => (i.key === key ? { ...i, ...change } : i));
  };
  switch (payload.kind) {
    case "started":
      return { ...next, status: "running", startedAt: at, clock: reanchor(state.clock, at, { paused: false }) };
    case "paused":
      return { ...next, status: "paused", clock: reanchor(state.clock, at, { paused: true }) };
    case "resumed":
      return { ...next, status: "running", clock: reanchor(state.clock, at, { paused: false }) };
    case "ended":
      return { ...next, status: "ended", endedAt: at, clock: reanchor(state.clock, at, { paused: true }) };
    case "clock":
      return {
        ...next,
        clock: reanchor(state.clock, at, { scale: payload.scale, scenarioMs: payload.scenarioMs }),
        manualOnly: payload.manualOnly,
        hotWashMinutes: payload.hotWashMinutes,
        ...(payload.change === "start" ? { startScenarioMs: payload.scenarioMs, timeOfDay: true } : {}),
      };
    case "released":
      setItem(payload.itemKey, { status: "released", releasedAt: at, releasedScenarioMs: scenarioNow(state, at) });
      return { ...next, lastReleasedKey: payload.itemKey };
    case "skipped":
      setItem(payload.itemKey, { status: "skipped" });
      return next;
    case "unplanned": {
      const item: SessionItem = {
        ...payload.item,
        status: payload.released ? "released" : "pending",
        releasedAt: payload.released ? at : null,
        releasedScenarioMs: payload.released ? scenarioNow(state, at) : null,
      };
      return { ...next, items: [...next.items, item], lastReleasedKey: payload.released ? item.key : next.lastReleasedKey };
    }
    case "module":
      return { ...next, currentModule: payload.moduleIndex };
    case "answer":
      return { ...next, counts: { ...next.counts, answers: next.counts.answers + 1 } };
    case "observation":
      return { ...next, counts: { ...next.counts, observations: next.counts.observations + 1 } };
  }
}

/** Events with their wall time and the scenario time they happened at (after them: a jump's is where it landed). */
export type Applied = { state: SessionState; events: { payload: ConductEventPayload; at: number; scenarioAt: number }[] };

function fold(state: SessionState, payloads: ConductEventPayload[], at: number): Applied {
  let s = state;
  const events: Applied["events"] = [];
  for (const payload of payloads) {
    s = applyEvent(s, payload, at);
    events.push({ payload, at, scenarioAt: scenarioNow(s, at) });
  }
  return { state: s, events };
}

function findItem(state: SessionState, key: string): SessionItem {
  const item = state.items.find((i) => i.key === key);
  if (!item) throw notFound(CONDUCT_MESSAGES.itemNotFound);
  return item;
}

function pendingItem(state: SessionState, key: string): SessionItem {
  const item = findItem(state, key);
  if (item.status === "released") throw conflict(CONDUCT_MESSAGES.alreadyReleased, "already_released");
  if (item.status === "skipped") throw conflict(CONDUCT_MESSAGES.alreadySkipped, "already_skipped");
  return item;
}

/**
 * A controller's command at `now` → the events it makes, or an HttpError (409 with the
 * CONDUCT_MESSAGES text for a command the session's state does not allow). `newKey` names an
 * unplanned inject (the object passes a fresh id).
 */
export function applyCommand(state: SessionState, command: ControllerCommand, now: number, newKey: () => string): Applied {
  switch (command.type) {
    case "start":
      notEnded(state);
      if (state.status !== "ready") throw conflict(CONDUCT_MESSAGES.alreadyStarted, "already_started");
      return fold(state, [{ kind: "started" }], now);
    case "pause":
      notEnded(state);
      if (state.status === "paused") throw conflict(CONDUCT_MESSAGES.alreadyPaused, "already_paused");
      if (state.status !== "running") throw conflict(CONDUCT_MESSAGES.notRunning, "not_running");
      return fold(state, [{ kind: "paused" }], now);
    case "resume":
      notEnded(state);
      if (state.status === "ready") throw conflict(CONDUCT_MESSAGES.notRunning, "not_running");
      if (state.status !== "paused") throw conflict(CONDUCT_MESSAGES.notPaused, "not_paused");
      return fold(state, [{ kind: "resumed" }], now);
    case "end":
      notEnded(state);
      return fold(state, [{ kind: "ended" }], now);
    case "release":
      started(state);
      pendingItem(state, command.itemKey);
      return fold(state, [{ kind: "released", itemKey: command.itemKey, scheduled: false }], now);
    case "skip":
      started(state);
      pendingItem(state, command.itemKey);
      return fold(state, [{ kind: "skipped", itemKey: command.itemKey }], now);
    case "module":
      started(state);
      if (command.moduleIndex >= state.moduleCount) throw notFound(CONDUCT_MESSAGES.moduleNotFound);
      return fold(state, [{ kind: "module", moduleIndex: command.moduleIndex }], now);
    case "unplanned": {
      started(state);
      const item: TimelineItem = {
        key: newKey(),
        source: "unplanned",
        moduleIndex: state.currentModule,
        event: null,
        title: command.title,
        message: command.message,
        from: null,
        to: command.to || null,
        injectMode: null,
        expectedAction: command.expectedAction || null,
        responsibleOrganization: null,
        offsetMinutes: null,
        scenarioMinutes: null,
      };
      return fold(state, [{ kind: "unplanned", item, released: command.release }], now);
    }
    default:
      return fold(state, [clockCommand(state, command satisfies ClockCommand, now)], now);
  }
}

/**
 * Pause and end stop the clock, and a new scale, a jump or manual releases change it: whatever it had
 * reached by then is owed before they apply.
 */
const STOPS_CLOCK: ReadonlySet<ControllerCommand["type"]> = new Set(["pause", "end", "scale", "jump", "manual"]);

/**
 * A controller's command as the session runs it at `now`, with the clock's releases around it:
 * `owed` — scheduled items the clock reached before a pause or end whose alarm has not fired yet
 * (an alarm can run late, and a stopped clock would otherwise hold them until resume, or never
 * release them after the end); `applied` — the command; `due` — what it makes due (start releases
 * the T+0 injects). Each chains from the one before; `owed` and `due` are the clock's events.
 */
export function applyCommandOnClock(
  state: SessionState,
  command: ControllerCommand,
  now: number,
  newKey: () => string,
): { owed: Applied; applied: Applied; due: Applied } {
  const owed = STOPS_CLOCK.has(command.type) ? releaseDue(state, now) : { state, events: [] };
  const applied = applyCommand(owed.state, command, now, newKey);
  return { owed, applied, due: releaseDue(applied.state, now) };
}

/** The clock's releases at `now`: every scheduled item now due, as system events. */
export function releaseDue(state: SessionState, now: number): Applied {
  return fold(
    state,
    dueItems(state, now).map((itemKey) => ({ kind: "released", itemKey, scheduled: true })),
    now,
  );
}

/** A player group's answer: to a question of a module the controller has opened, before the end. */
export function applyAnswer(state: SessionState, input: Omit<AnswerInput, "clientKey">, now: number): Applied {
  notEnded(state);
  if (input.moduleIndex >= state.moduleCount) throw notFound(CONDUCT_MESSAGES.moduleNotFound);
  if (input.questionIndex >= (state.questionCounts[input.moduleIndex] ?? 0)) throw notFound(CONDUCT_MESSAGES.questionNotFound);
  if (state.currentModule === null || input.moduleIndex > state.currentModule) {
    throw conflict(CONDUCT_MESSAGES.moduleNotReached, "module_not_reached");
  }
  return fold(
    state,
    [
      {
        kind: "answer",
        moduleIndex: input.moduleIndex,
        questionIndex: input.questionIndex,
        text: input.text,
        // What play had reached when the group answered: the console's feed filters by it.
        ...(state.lastReleasedKey ? { itemKey: state.lastReleasedKey } : {}),
      },
    ],
    now,
  );
}

/**
 * When a note was written: its writtenAt (a note queued offline keeps its own time) or, without one,
 * `now`. It must fall inside the session — from its start to now, give or take the phones' clock
 * skew (evaluation-window.ts), and is stored clamped into it; anything else (a 1970 stamp, a date
 * in the future, a time before the start) is refused with what to do.
 */
function observationTime(startedAt: number, writtenAt: number | undefined, now: number): number {
  if (writtenAt === undefined) return now;
  if (writtenAt < startedAt - OBSERVATION_CLOCK_SKEW_MS) throw badRequest(CONDUCT_MESSAGES.writtenBeforeStart, "written_before_start");
  if (writtenAt > now + OBSERVATION_CLOCK_SKEW_MS) throw badRequest(CONDUCT_MESSAGES.writtenInFuture, "written_in_future");
  return Math.min(Math.max(writtenAt, startedAt), now);
}

/**
 * An evaluator's observation, tied to the inject released most recently unless it names one. Taken
 * from the start until the session's hot wash after the end has passed (then 410): a note written
 * before the end keeps its time, one written after it is marked `afterPlay`.
 */
export function applyObservation(state: SessionState, input: Omit<ObservationInput, "clientKey">, now: number): Applied {
  if (state.startedAt === null) throw conflict(CONDUCT_MESSAGES.notStartedForNotes, "not_started");
  if (isEvaluationClosed(state.endedAt, now, hotWashOf(state))) throw gone(CONDUCT_MESSAGES.evaluationClosed, "evaluation_closed");
  const at = observationTime(state.startedAt, input.writtenAt, now);
  const itemKey = input.itemKey ?? state.lastReleasedKey;
  if (input.itemKey) findItem(state, input.itemKey);
  const payload: ConductEventPayload = {
    kind: "observation",
    capability: input.capability,
    targetId: input.targetId ?? null,
    text: input.text,
    rating: input.rating ?? null,
    itemKey: itemKey ?? null,
    ...(state.endedAt !== null && at > state.endedAt ? { afterPlay: true } : {}),
  };
  return fold(state, [payload], at);
}
