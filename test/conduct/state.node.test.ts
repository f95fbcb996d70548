import { describe, expect, it } from "vitest";
import type { TimelineItem } from "../../shared/db/conduct-shapes";
import { HttpError } from "../../worker/lib/errors";
import { CONDUCT_MESSAGES, type ControllerCommand } from "../../shared/conduct/model";
import {
  applyAnswer,
  applyCommand,
  applyCommandOnClock,
  applyObservation,
  dueItems,
  elapsedAt,
  initialState,
  nextAlarmAt,
  releaseDue,
  type SessionState,
} from "../../worker/conduct/state";
import { OBSERVATION_CLOCK_SKEW_MS } from "../../worker/conduct/evaluation-window";

const T = Date.UTC(2026, 10, 27, 9, 0, 0);
const MIN = 60_000;
/** The evaluators' hot wash after the end (EVALUATION_HOT_WASH_MINUTES' default). */
const HOT_WASH = 60 * MIN;

const item = (key: string, offsetMinutes: number | null): TimelineItem => ({
  key,
  source: "msel",
  moduleIndex: null,
  event: null,
  title: key,
  message: `${key} message`,
  from: null,
  to: null,
  injectMode: null,
  expectedAction: `${key} expected`,
  responsibleOrganization: null,
  offsetMinutes,
});

const fresh = () => initialState({ items: [item("a", 0), item("b", 10), item("c", null)], modules: [{ questions: ["q1", "q2"] }, { questions: ["q3"] }] });
let n = 0;
const key = () => `unplanned-${++n}`;
const run = (s: SessionState, command: ControllerCommand, now = T) => applyCommand(s, command, now, key).state;

function refusal(f: () => unknown): HttpError {
  try {
    f();
  } catch (e) {
    if (e instanceof HttpError) return e;
    throw e;
  }
  throw new Error("expected a refusal");
}

describe("status", () => {
  it("goes ready → running ⇄ paused → ended, one event per command with a growing seq", () => {
    let s = fresh();
    expect(s.status).toBe("ready");
    const started = applyCommand(s, { type: "start" }, T, key);
    expect(started.events).toEqual([{ payload: { kind: "started" }, at: T }]);
    s = started.state;
    expect([s.status, s.seq, s.startedAt]).toEqual(["running", 1, T]);
    s = run(s, { type: "pause" }, T + MIN);
    expect([s.status, s.seq]).toEqual(["paused", 2]);
    s = run(s, { type: "resume" }, T + 5 * MIN);
    expect([s.status, s.seq]).toEqual(["running", 3]);
    s = run(s, { type: "end" }, T + 6 * MIN);
    expect([s.status, s.seq, s.endedAt]).toEqual(["ended", 4, T + 6 * MIN]);
  });

  it("refuses commands the state does not allow with 409 and the spec's message", () => {
    const ready = fresh();
    expect(refusal(() => run(ready, { type: "pause" }))).toMatchObject({ status: 409, message: CONDUCT_MESSAGES.notRunning });
    expect(refusal(() => run(ready, { type: "resume" }))).toMatchObject({ status: 409, message: CONDUCT_MESSAGES.notRunning });
    expect(refusal(() => run(ready, { type: "release", itemKey: "a" }))).toMatchObject({ status: 409, message: CONDUCT_MESSAGES.notRunning });
    const running = run(ready, { type: "start" });
    expect(refusal(() => run(running, { type: "start" }))).toMatchObject({ status: 409, message: CONDUCT_MESSAGES.alreadyStarted });
    expect(refusal(() => run(running, { type: "resume" }))).toMatchObject({ status: 409, message: CONDUCT_MESSAGES.notPaused });
    const paused = run(running, { type: "pause" });
    expect(refusal(() => run(paused, { type: "pause" }))).toMatchObject({ status: 409, message: CONDUCT_MESSAGES.alreadyPaused });
    const ended = run(paused, { type: "end" });
    for (const c of [
      { type: "start" },
      { type: "pause" },
      { type: "resume" },
      { type: "end" },
      { type: "release", itemKey: "c" },
      { type: "skip", itemKey: "c" },
      { type: "module", moduleIndex: 0 },
    ] as ControllerCommand[]) {
      expect(refusal(() => run(ended, c))).toMatchObject({ status: 409, message: CONDUCT_MESSAGES.ended });
    }
  });

  it("can end a session that never started", () => {
    expect(run(fresh(), { type: "end" }).status).toBe("ended");
  });
});

describe("items", () => {
  it("releases and skips once; a second release or a skip of a released item is 409", () => {
    let s = run(fresh(), { type: "start" });
    const released = applyCommand(s, { type: "release", itemKey: "c" }, T + MIN, key);
    expect(released.events[0]!.payload).toEqual({ kind: "released", itemKey: "c", scheduled: false });
    s = released.state;
    expect(s.items.find((i) => i.key === "c")).toMatchObject({ status: "released", releasedAt: T + MIN });
    expect(s.lastReleasedKey).toBe("c");
    expect(refusal(() => run(s, { type: "release", itemKey: "c" }))).toMatchObject({ status: 409, message: CONDUCT_MESSAGES.alreadyReleased });
    expect(refusal(() => run(s, { type: "skip", itemKey: "c" }))).toMatchObject({ status: 409, message: CONDUCT_MESSAGES.alreadyReleased });
    s = run(s, { type: "skip", itemKey: "b" });
    expect(s.items.find((i) => i.key === "b")!.status).toBe("skipped");
    expect(refusal(() => run(s, { type: "release", itemKey: "b" }))).toMatchObject({ status: 409, message: CONDUCT_MESSAGES.alreadySkipped });
    expect(refusal(() => run(s, { type: "release", itemKey: "nope" }))).toMatchObject({ status: 404, message: CONDUCT_MESSAGES.itemNotFound });
  });

  it("allows releases while paused (by hand), not by the clock", () => {
    const paused = run(run(fresh(), { type: "start" }), { type: "pause" }, T);
    expect(dueItems(paused, T + 60 * MIN)).toEqual([]);
    expect(run(paused, { type: "release", itemKey: "b" }).items.find((i) => i.key === "b")!.status).toBe("released");
  });

  it("adds an unplanned inject, released at once unless asked not to", () => {
    const s = run(run(fresh(), { type: "start" }), { type: "module", moduleIndex: 1 });
    const added = applyCommand(s, { type: "unplanned", title: "Bridge closed", message: "The bridge is closed.", release: true }, T + MIN, () => "unplanned-x");
    expect(added.events[0]!.payload).toMatchObject({
      kind: "unplanned",
      released: true,
      item: { key: "unplanned-x", source: "unplanned", moduleIndex: 1, offsetMinutes: null },
    });
    expect(added.state.items.at(-1)).toMatchObject({ key: "unplanned-x", status: "released", releasedAt: T + MIN });
    expect(added.state.lastReleasedKey).toBe("unplanned-x");
    const held = run(s, { type: "unplanned", title: "Later", message: "Later.", release: false });
    expect(held.items.at(-1)!.status).toBe("pending");
    expect(held.lastReleasedKey).toBeNull();
  });

  it("opens modules that exist", () => {
    const s = run(fresh(), { type: "start" });
    expect(run(s, { type: "module", moduleIndex: 1 }).currentModule).toBe(1);
    expect(refusal(() => run(s, { type: "module", moduleIndex: 2 }))).toMatchObject({ status: 404, message: CONDUCT_MESSAGES.moduleNotFound });
  });
});

describe("clock", () => {
  it("counts only while running", () => {
    let s = run(fresh(), { type: "start" }, T);
    expect(elapsedAt(s, T + 3 * MIN)).toBe(3 * MIN);
    s = run(s, { type: "pause" }, T + 4 * MIN);
    expect(elapsedAt(s, T + 30 * MIN)).toBe(4 * MIN);
    s = run(s, { type: "resume" }, T + 30 * MIN);
    expect(elapsedAt(s, T + 32 * MIN)).toBe(6 * MIN);
    s = run(s, { type: "end" }, T + 33 * MIN);
    expect(elapsedAt(s, T + 90 * MIN)).toBe(7 * MIN);
  });

  it("knows which scheduled items are due and when the next falls due", () => {
    const ready = fresh();
    expect(dueItems(ready, T)).toEqual([]);
    expect(nextAlarmAt(ready, T)).toBeNull();
    let s = run(ready, { type: "start" }, T);
    expect(dueItems(s, T)).toEqual(["a"]);
    const first = releaseDue(s, T);
    expect(first.events.map((e) => e.payload)).toEqual([{ kind: "released", itemKey: "a", scheduled: true }]);
    s = first.state;
    expect(nextAlarmAt(s, T)).toBe(T + 10 * MIN);
    // Paused for five minutes: the next item falls due five minutes later.
    s = run(s, { type: "pause" }, T + 2 * MIN);
    expect(nextAlarmAt(s, T + 3 * MIN)).toBeNull();
    s = run(s, { type: "resume" }, T + 7 * MIN);
    expect(nextAlarmAt(s, T + 7 * MIN)).toBe(T + 15 * MIN);
    expect(dueItems(s, T + 14 * MIN)).toEqual([]);
    expect(dueItems(s, T + 15 * MIN)).toEqual(["b"]);
    s = releaseDue(s, T + 15 * MIN).state;
    expect(nextAlarmAt(s, T + 15 * MIN)).toBeNull();
    expect(releaseDue(s, T + 99 * MIN).events).toEqual([]);
  });

  it("a pause or end after an item fell due (the alarm late) releases it first; other commands leave it to the alarm", () => {
    const started = releaseDue(run(fresh(), { type: "start" }, T), T).state;
    for (const type of ["pause", "end"] as const) {
      const { owed, applied, due } = applyCommandOnClock(started, { type }, T + 11 * MIN, key);
      expect(owed.events.map((e) => e.payload)).toEqual([{ kind: "released", itemKey: "b", scheduled: true }]);
      expect(applied.events.map((e) => e.payload.kind)).toEqual([type === "pause" ? "paused" : "ended"]);
      expect(applied.state.seq).toBe(started.seq + 2);
      expect(due.events).toEqual([]);
    }
    const early = applyCommandOnClock(started, { type: "pause" }, T + 9 * MIN, key);
    expect(early.owed.events).toEqual([]);
    const module = applyCommandOnClock(started, { type: "module", moduleIndex: 0 }, T + 11 * MIN, key);
    expect(module.owed.events).toEqual([]);
    expect(module.due.events.map((e) => e.payload)).toEqual([{ kind: "released", itemKey: "b", scheduled: true }]);
  });

  it("does not release an item the controller skipped or released early", () => {
    let s = run(fresh(), { type: "start" }, T);
    s = run(s, { type: "skip", itemKey: "a" }, T);
    s = run(s, { type: "release", itemKey: "b" }, T);
    expect(dueItems(s, T + 60 * MIN)).toEqual([]);
    expect(nextAlarmAt(s, T)).toBeNull();
  });
});

describe("answers and observations", () => {
  it("takes an answer to a module opened, not one ahead or after the end", () => {
    let s = run(fresh(), { type: "start" });
    const answer = { moduleIndex: 0, questionIndex: 1, text: "The EOC director." };
    expect(refusal(() => applyAnswer(s, answer, T))).toMatchObject({ status: 409, message: CONDUCT_MESSAGES.moduleNotReached });
    s = run(s, { type: "module", moduleIndex: 0 });
    expect(refusal(() => applyAnswer(s, { ...answer, moduleIndex: 1, questionIndex: 0 }, T))).toMatchObject({
      status: 409,
      message: CONDUCT_MESSAGES.moduleNotReached,
    });
    expect(refusal(() => applyAnswer(s, { ...answer, questionIndex: 2 }, T))).toMatchObject({ status: 404, message: CONDUCT_MESSAGES.questionNotFound });
    expect(refusal(() => applyAnswer(s, { ...answer, moduleIndex: 5 }, T))).toMatchObject({ status: 404, message: CONDUCT_MESSAGES.moduleNotFound });
    const ok = applyAnswer(s, answer, T);
    expect(ok.events[0]!.payload).toEqual({ kind: "answer", ...answer });
    expect(ok.state.counts.answers).toBe(1);
    // A later module opened: earlier modules still take answers.
    s = run(ok.state, { type: "module", moduleIndex: 1 });
    expect(applyAnswer(s, answer, T).state.counts.answers).toBe(2);
    s = run(s, { type: "end" });
    expect(refusal(() => applyAnswer(s, answer, T))).toMatchObject({ status: 409, message: CONDUCT_MESSAGES.ended });
  });

  it("ties an observation to the latest release and keeps an offline note's time", () => {
    let s = run(fresh(), { type: "start" }, T);
    s = run(s, { type: "release", itemKey: "b" }, T + MIN);
    const note = { capability: "Mass Care Services", text: "Shelter opened late.", rating: "M" as const };
    const now = applyObservation(s, note, T + 2 * MIN, HOT_WASH);
    expect(now.events).toEqual([{ at: T + 2 * MIN, payload: { kind: "observation", ...note, targetId: null, itemKey: "b" } }]);
    expect(applyObservation(s, { ...note, itemKey: "a" }, T, HOT_WASH).events[0]!.payload).toMatchObject({ itemKey: "a" });
    expect(refusal(() => applyObservation(s, { ...note, itemKey: "zzz" }, T, HOT_WASH))).toMatchObject({ status: 404 });
    expect(applyObservation(s, { ...note, writtenAt: T + MIN + 30_000 }, T + 3 * MIN, HOT_WASH).events[0]!.at).toBe(T + MIN + 30_000);
  });
});

describe("an observation's time (issue 27)", () => {
  const note = { capability: "Mass Care Services", text: "Shelter opened late.", rating: null };
  const started = () => run(fresh(), { type: "start" }, T);
  const ended = () => run(started(), { type: "end" }, T + 30 * MIN);
  const at = (s: SessionState, writtenAt: number | undefined, now: number) => applyObservation(s, { ...note, writtenAt }, now, HOT_WASH).events[0]!;

  it("must fall inside the session: 1970, before the start or in the future are refused with what to do", () => {
    const s = started();
    for (const writtenAt of [1, T - 3 * MIN, T - 24 * 60 * MIN]) {
      expect(refusal(() => at(s, writtenAt, T + 5 * MIN))).toMatchObject({
        status: 400,
        code: "written_before_start",
        message: CONDUCT_MESSAGES.writtenBeforeStart,
      });
    }
    for (const writtenAt of [T + 8 * MIN, T + 365 * 24 * 60 * MIN]) {
      expect(refusal(() => at(s, writtenAt, T + 5 * MIN))).toMatchObject({ status: 400, code: "written_in_future", message: CONDUCT_MESSAGES.writtenInFuture });
    }
  });

  it("a phone's clock a little off (within OBSERVATION_CLOCK_SKEW_MS) is clamped into the session, never before the start or after now", () => {
    const s = started();
    expect(OBSERVATION_CLOCK_SKEW_MS).toBe(2 * MIN);
    expect(at(s, T - MIN, T + 5 * MIN).at).toBe(T);
    expect(at(s, T + 6 * MIN, T + 5 * MIN).at).toBe(T + 5 * MIN);
  });

  it("is refused before the session starts", () => {
    expect(refusal(() => applyObservation(fresh(), note, T, HOT_WASH))).toMatchObject({
      status: 409,
      code: "not_started",
      message: CONDUCT_MESSAGES.notStartedForNotes,
    });
  });

  it("in the hot wash: a note written before the end keeps its time; one written after it, or without a time, is marked after play", () => {
    const s = ended();
    const before = at(s, T + 29 * MIN, T + 50 * MIN);
    expect(before.at).toBe(T + 29 * MIN);
    expect(before.payload).not.toHaveProperty("afterPlay");
    expect(at(s, T + 40 * MIN, T + 50 * MIN)).toMatchObject({ at: T + 40 * MIN, payload: { afterPlay: true } });
    expect(at(s, undefined, T + 50 * MIN)).toMatchObject({ at: T + 50 * MIN, payload: { afterPlay: true } });
  });

  it("after the hot wash every note is refused with 410, even one written before the end", () => {
    const s = ended();
    for (const writtenAt of [undefined, T + 10 * MIN, T + 80 * MIN]) {
      expect(refusal(() => at(s, writtenAt, T + 90 * MIN))).toMatchObject({
        status: 410,
        code: "evaluation_closed",
        message: CONDUCT_MESSAGES.evaluationClosed,
      });
    }
    // The window's last millisecond still takes a note.
    expect(at(s, undefined, T + 90 * MIN - 1).payload).toMatchObject({ afterPlay: true });
  });
});
