import type { ConductEventPayload, TimelineItem } from "../../shared/db/conduct-shapes";
import { badRequest, conflict, gone, notFound } from "../lib/errors";
import { isEvaluationClosed, OBSERVATION_CLOCK_SKEW_MS } from "./evaluation-window";
import { CONDUCT_MESSAGES, type AnswerInput, type ControllerCommand, type ObservationInput } from "../../shared/conduct/model";
import type { ConductStatus } from "../../shared/conduct/views";

/**
 * A conduct session's state machine (issue 15), pure: the session's Durable Object keeps the state,
 * passes `now` in, and stores and mirrors the events these functions return. Every change is an
 * event (ConductEventPayload) folded into the state by `applyEvent`, so the replay log and the live
 * state can never disagree.
 *
 *   ready ──start──► running ⇄ pause/resume ⇄ paused ──end──► ended   (end also from ready)
 *
 * The clock counts only while running: `elapsedMs` holds what ran before `runningSince`.
 */

type ItemStatus = "pending" | "released" | "skipped";
export type SessionItem = TimelineItem & { status: ItemStatus; releasedAt: number | null };

export type SessionState = {
  status: ConductStatus;
  seq: number;
  startedAt: number | null;
  endedAt: number | null;
  /** Clock time run before `runningSince`. */
  elapsedMs: number;
  /** When the clock last started or resumed; null unless running. */
  runningSince: number | null;
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

export type PlanShape = { items: TimelineItem[]; modules: { questions: string[] }[] };

export function initialState(plan: PlanShape): SessionState {
  return {
    status: "ready",
    seq: 0,
    startedAt: null,
    endedAt: null,
    elapsedMs: 0,
    runningSince: null,
    currentModule: null,
    moduleCount: plan.modules.length,
    questionCounts: plan.modules.map((m) => m.questions.length),
    items: plan.items.map((item) => ({ ...item, status: "pending", releasedAt: null })),
    lastReleasedKey: null,
    counts: { answers: 0, observations: 0 },
  };
}

/** Clock time run at `now`. */
export function elapsedAt(state: SessionState, now: number): number {
  return state.elapsedMs + (state.runningSince === null ? 0 : Math.max(0, now - state.runningSince));
}

const offsetMs = (item: TimelineItem) => (item.offsetMinutes === null ? null : item.offsetMinutes * 60_000);

/** When the clock will reach a pending scheduled item (epoch ms), while running; null otherwise. */
export function dueAt(state: SessionState, item: SessionItem, now: number): number | null {
  const offset = offsetMs(item);
  if (state.status !== "running" || item.status !== "pending" || offset === null) return null;
  return now + Math.max(0, offset - elapsedAt(state, now));
}

/** Keys of the scheduled items whose offset the clock has reached, in timeline order. */
export function dueItems(state: SessionState, now: number): string[] {
  if (state.status !== "running") return [];
  const elapsed = elapsedAt(state, now);
  return state.items.filter((i) => i.status === "pending" && offsetMs(i) !== null && offsetMs(i)! <= elapsed).map((i) => i.key);
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
      return { ...next, status: "running", startedAt: at, runningSince: at };
    case "paused":
      return { ...next, status: "paused", elapsedMs: elapsedAt(state, at), runningSince: null };
    case "resumed":
      return { ...next, status: "running", runningSince: at };
    case "ended":
      return { ...next, status: "ended", endedAt: at, elapsedMs: elapsedAt(state, at), runningSince: null };
    case "released":
      setItem(payload.itemKey, { status: "released", releasedAt: at });
      return { ...next, lastReleasedKey: payload.itemKey };
    case "skipped":
      setItem(payload.itemKey, { status: "skipped" });
      return next;
    case "unplanned": {
      const item: SessionItem = { ...payload.item, status: payload.released ? "released" : "pending", releasedAt: payload.released ? at : null };
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

export type Applied = { state: SessionState; events: { payload: ConductEventPayload; at: number }[] };

function fold(state: SessionState, payloads: ConductEventPayload[], at: number): Applied {
  let s = state;
  for (const p of payloads) s = applyEvent(s, p, at);
  return { state: s, events: payloads.map((payload) => ({ payload, at })) };
}

function notEnded(state: SessionState): void {
  if (state.status === "ended") throw conflict(CONDUCT_MESSAGES.ended, "session_ended");
}

/** Release, skip, module and unplanned injects need a started session (running or paused). */
function started(state: SessionState): void {
  notEnded(state);
  if (state.status === "ready") throw conflict(CONDUCT_MESSAGES.notRunning, "not_running");
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
      };
      return fold(state, [{ kind: "unplanned", item, released: command.release }], now);
    }
  }
}

/** Pause and end stop the clock: whatever it had reached by then is owed before they apply. */
const STOPS_CLOCK: ReadonlySet<ControllerCommand["type"]> = new Set(["pause", "end"]);

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
  return fold(state, [{ kind: "answer", moduleIndex: input.moduleIndex, questionIndex: input.questionIndex, text: input.text }], now);
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
 * from the start until `hotWash` ms after the end (then 410): a note written before the end keeps its
 * time, one written after it is marked `afterPlay`.
 */
export function applyObservation(state: SessionState, input: Omit<ObservationInput, "clientKey">, now: number, hotWash: number): Applied {
  if (state.startedAt === null) throw conflict(CONDUCT_MESSAGES.notStartedForNotes, "not_started");
  if (isEvaluationClosed(state.endedAt, now, hotWash)) throw gone(CONDUCT_MESSAGES.evaluationClosed, "evaluation_closed");
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
