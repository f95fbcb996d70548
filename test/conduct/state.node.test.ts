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
  scenarioNow,
  upgradeState,
  type SessionState,
} from "../../worker/conduct/state";
import { OBSERVATION_CLOCK_SKEW_MS } from "../../worker/conduct/evaluation-window";

const T = Date.UTC(2026, 10, 27, 9, 0, 0);
const MIN = 60_000;

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

const fresh = () =>
  initialState({ items: [item("a", 0), item("b", 10), item("c", null)], modules: [{ questions: ["q1", "q2"] }, { questions: ["q3"] }], hotWashMinutes: 60 });
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
    expect(started.events).toEqual([{ payload: { kind: "started" }, at: T, scenarioAt: 0 }]);
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
    const now = applyObservation(s, note, T + 2 * MIN);
    expect(now.events).toEqual([{ at: T + 2 * MIN, scenarioAt: 2 * MIN, payload: { kind: "observation", ...note, targetId: null, itemKey: "b" } }]);
    expect(applyObservation(s, { ...note, itemKey: "a" }, T).events[0]!.payload).toMatchObject({ itemKey: "a" });
    expect(refusal(() => applyObservation(s, { ...note, itemKey: "zzz" }, T))).toMatchObject({ status: 404 });
    expect(applyObservation(s, { ...note, writtenAt: T + MIN + 30_000 }, T + 3 * MIN).events[0]!.at).toBe(T + MIN + 30_000);
  });
});

describe("an observation's time (issue 27)", () => {
  const note = { capability: "Mass Care Services", text: "Shelter opened late.", rating: null };
  const started = () => run(fresh(), { type: "start" }, T);
  const ended = () => run(started(), { type: "end" }, T + 30 * MIN);
  const at = (s: SessionState, writtenAt: number | undefined, now: number) => applyObservation(s, { ...note, writtenAt }, now).events[0]!;

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
    expect(refusal(() => applyObservation(fresh(), note, T))).toMatchObject({
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

describe("the scenario clock (issue 30)", () => {
  // "Day 1 06:00" start (from the MSEL); a at its time of day 06:00, b at T+10, d on Day 2 08:00.
  const DAY = 24 * 60;
  const plan = () =>
    initialState({
      items: [{ ...item("a", 0), scenarioMinutes: 6 * 60 }, item("b", 10), { ...item("d", DAY + 2 * 60), scenarioMinutes: DAY + 8 * 60 }, item("c", null)],
      modules: [{ questions: ["q1"] }],
      scenarioStartMinutes: 6 * 60,
      hotWashMinutes: 60,
    });
  const sixAm = 6 * 60 * MIN;

  it("starts at the MSEL's start time and shows each event's scenario time", () => {
    const started = applyCommand(plan(), { type: "start" }, T, key);
    expect(started.events).toEqual([{ payload: { kind: "started" }, at: T, scenarioAt: sixAm }]);
    expect(started.state).toMatchObject({
      timeOfDay: true,
      startScenarioMs: sixAm,
      clock: { anchorWallMs: T, anchorScenarioMs: sixAm, scale: 1, paused: false },
    });
  });

  it("at 10x releases T+10 after one wall minute, and the Day 2 inject is not due until the scenario reaches Day 2", () => {
    let s = run(plan(), { type: "scale", scale: 10 }, T - MIN);
    s = releaseDue(run(s, { type: "start" }, T), T).state;
    expect(s.items.find((i) => i.key === "a")).toMatchObject({ status: "released", releasedScenarioMs: sixAm });
    expect(nextAlarmAt(s, T)).toBe(T + MIN);
    expect(dueItems(s, T + MIN)).toEqual(["b"]);
    // Day 2 08:00 is 26 scenario hours after 06:00: 2 h 36 min of wall time at 10x, never "tomorrow".
    s = releaseDue(s, T + MIN).state;
    expect(nextAlarmAt(s, T + MIN)).toBe(T + 156 * MIN);
  });

  it("a new scale keeps the time reached; a pause stops it; a jump moves it forward and releases what falls due", () => {
    let s = releaseDue(run(plan(), { type: "start" }, T), T).state;
    const scaled = applyCommandOnClock(s, { type: "scale", scale: 5 }, T + 2 * MIN, key);
    expect(scaled.applied.events[0]).toMatchObject({
      payload: { kind: "clock", change: "scale", scale: 5, scenarioMs: sixAm + 2 * MIN },
      scenarioAt: sixAm + 2 * MIN,
    });
    s = scaled.due.state;
    // 8 scenario minutes left to T+10 at 5x: 96 wall seconds.
    expect(nextAlarmAt(s, T + 2 * MIN)).toBe(T + 2 * MIN + 96_000);
    s = run(s, { type: "pause" }, T + 3 * MIN);
    expect(scenarioNow(s, T + 60 * MIN)).toBe(sixAm + 7 * MIN);
    // Jump to the next inject while paused: the clock reads its time; it is released on resume.
    const jumped = applyCommandOnClock(s, { type: "jump", to: "next" }, T + 4 * MIN, key);
    expect(jumped.applied.events[0]!.payload).toMatchObject({ kind: "clock", change: "jump", scenarioMs: sixAm + 10 * MIN });
    expect(jumped.due.events).toEqual([]);
    s = run(jumped.due.state, { type: "resume" }, T + 5 * MIN);
    expect(dueItems(s, T + 5 * MIN)).toEqual(["b"]);
    s = releaseDue(s, T + 5 * MIN).state;
    // Running: a jump to Day 2 08:00 releases the Day 2 inject at once.
    const toDay2 = applyCommandOnClock(s, { type: "jump", to: DAY + 8 * 60 }, T + 6 * MIN, key);
    expect(toDay2.due.events.map((e) => [e.payload, e.scenarioAt])).toEqual([[{ kind: "released", itemKey: "d", scheduled: true }, (DAY + 8 * 60) * MIN]]);
  });

  it("refuses a jump backwards or with nothing ahead, and a start time once started", () => {
    const s = releaseDue(run(plan(), { type: "start" }, T), T).state;
    expect(refusal(() => run(s, { type: "jump", to: 5 * 60 }, T))).toMatchObject({ status: 409, message: CONDUCT_MESSAGES.jumpForwardOnly });
    expect(refusal(() => run(s, { type: "setStart", scenarioMinutes: 7 * 60 }, T))).toMatchObject({
      status: 409,
      message: CONDUCT_MESSAGES.startSetOnlyBefore,
    });
    expect(refusal(() => run(plan(), { type: "jump", to: "next" }, T))).toMatchObject({ status: 409, message: CONDUCT_MESSAGES.notRunning });
    const late = run(s, { type: "jump", to: DAY + 9 * 60 }, T);
    expect(refusal(() => run(late, { type: "jump", to: "next" }, T))).toMatchObject({ status: 409, message: CONDUCT_MESSAGES.noInjectToJumpTo });
  });

  it("with manual releases only, the clock runs but releases nothing; back on the clock, what is due goes out", () => {
    let s = run(plan(), { type: "manual", manualOnly: true }, T);
    s = run(s, { type: "start" }, T);
    expect(dueItems(s, T + 60 * MIN)).toEqual([]);
    expect(nextAlarmAt(s, T)).toBeNull();
    const back = applyCommandOnClock(s, { type: "manual", manualOnly: false }, T + 20 * MIN, key);
    expect(back.due.events.map((e) => e.payload)).toEqual([
      { kind: "released", itemKey: "a", scheduled: true },
      { kind: "released", itemKey: "b", scheduled: true },
    ]);
  });

  it("a start set by the facilitator moves offsets and the clock, not the MSEL's times of day", () => {
    const s = run(plan(), { type: "setStart", scenarioMinutes: 5 * 60 + 30 }, T);
    expect(s).toMatchObject({ startScenarioMs: (5 * 60 + 30) * MIN, timeOfDay: true, clock: { anchorScenarioMs: (5 * 60 + 30) * MIN } });
    const started = run(s, { type: "start" }, T);
    // a stays at 06:00 (30 minutes in); b is T+10 from the new start.
    expect(dueItems(started, T + 10 * MIN)).toEqual(["b"]);
    expect(dueItems(started, T + 30 * MIN)).toEqual(["a", "b"]);
  });

  it("the hot wash is the session's own, changed until it has closed", () => {
    let s = run(run(plan(), { type: "start" }, T), { type: "end" }, T + 10 * MIN);
    s = run(s, { type: "hotWash", minutes: 15 }, T + 11 * MIN);
    expect(s.hotWashMinutes).toBe(15);
    const note = { capability: "Mass Care Services", text: "Late.", rating: null };
    expect(applyObservation(s, note, T + 24 * MIN).events[0]!.payload).toMatchObject({ afterPlay: true });
    expect(refusal(() => applyObservation(s, note, T + 25 * MIN))).toMatchObject({ status: 410 });
    expect(refusal(() => run(s, { type: "hotWash", minutes: 90 }, T + 26 * MIN))).toMatchObject({ status: 409, message: CONDUCT_MESSAGES.hotWashClosed });
  });

  it("a state saved before issue 30 runs on as a 1x clock from T+0", () => {
    const { clock: _c, startScenarioMs: _s, timeOfDay: _t, manualOnly: _m, hotWashMinutes: _h, items, ...old } = run(fresh(), { type: "start" }, T);
    const upgraded = upgradeState({ ...old, elapsedMs: 4 * MIN, runningSince: T + 10 * MIN }, items, 45);
    expect(upgraded).toMatchObject({ clock: { anchorWallMs: T + 10 * MIN, anchorScenarioMs: 4 * MIN, scale: 1, paused: false }, hotWashMinutes: 45 });
    // 4 minutes had run before it resumed at T+10: b (T+10) falls due at T+16, as it did before.
    expect(dueItems(upgraded, T + 15 * MIN)).toEqual(["a"]);
    expect(dueItems(upgraded, T + 16 * MIN)).toEqual(["a", "b"]);
  });
});
