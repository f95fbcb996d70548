import { env, runDurableObjectAlarm, SELF } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { CONDUCT_MESSAGES } from "../../shared/conduct/model";
import type { AarContent } from "../../shared/db/conduct-shapes";
import { clockOffsetMs, nowMs, shiftClock } from "../../worker/lib/clock";
import { api, apiError, expectStatus, json, ORIGIN, type Json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { clientKey, command, conductExercise, createLink, createSession, openSocket, stateAt, tokenOf } from "./helpers";

// Issue 27, item 5: an evaluator's note must be written inside the session (start ≤ writtenAt ≤ now,
// give or take two minutes of phone clock); after End, evaluator links stay open for the hot wash
// (EVALUATION_HOT_WASH_MINUTES, 60): notes written before the end keep their time, later ones are
// marked after play (and the AAR's evidence says so); then the links close — page, API and sockets.

const MIN = 60_000;
const startOffset = clockOffsetMs();
afterEach(() => shiftClock(startOffset));
/** Moves the app's clock `ms` past where the test started. */
const at = (ms: number) => shiftClock(startOffset + ms);

const stub = (sessionId: string) => env.CONDUCT_SESSION.get(env.CONDUCT_SESSION.idFromName(sessionId));
const note = (over: Json = {}): Json => ({ clientKey: clientKey(), capability: "Mass Care Services", text: "Shelter B opened late.", rating: "M", ...over });
const observe = (token: string, body: Json) => api(`/api/conduct/t/${token}/observations`, { body });
const observations = async (sessionId: string, owner: TestUser) =>
  ((await json(await api(`/api/conduct/sessions/${sessionId}/events`, { user: owner }))).events as Json[]).filter((e) => e.payload.kind === "observation");
/** A page's HTML as text: React's text separators dropped and apostrophes unescaped. */
const page = async (path: string, user?: TestUser) => {
  const res = await SELF.fetch(`${ORIGIN}${path}`, { headers: user ? { cookie: user.cookie } : {} });
  expect(res.status).toBe(200);
  return (await res.text()).replaceAll("<!-- -->", "").replaceAll("&#x27;", "'");
};

let owner: TestUser;
beforeAll(async () => {
  owner = await createTestUser({ plan: "SOLO", onboarded: true });
});

async function session() {
  const s = await createSession(owner, await conductExercise(owner));
  const player = tokenOf(await createLink(owner, s.id, "player", "EOC Policy Group"));
  const evaluator = tokenOf(await createLink(owner, s.id, "evaluator", "Evaluator — Mass Care"));
  return { id: String(s.id), player, evaluator };
}

/** Started at the test's T, ended 20 minutes later. */
async function endedSession() {
  const s = await session();
  const started = await command(owner, s.id, { type: "start" });
  const startedAt = Date.parse(started.session.startedAt);
  at(20 * MIN);
  const ended = await command(owner, s.id, { type: "end" });
  return { ...s, startedAt, endedAt: Date.parse(ended.session.endedAt) };
}

describe("an observation's writtenAt falls inside the session", () => {
  it("refuses notes before the start, and a writtenAt in 1970, before the start or in the future, with a 4xx that says what to do; stores nothing", async () => {
    const s = await session();
    expect(await apiError(await expectStatus(await observe(s.evaluator, note()), 409))).toMatchObject({
      code: "not_started",
      message: CONDUCT_MESSAGES.notStartedForNotes,
    });
    const started = await command(owner, s.id, { type: "start" });
    const startedAt = Date.parse(started.session.startedAt);
    at(10 * MIN);
    const refused: [number, string, string][] = [
      [1, "written_before_start", CONDUCT_MESSAGES.writtenBeforeStart],
      [startedAt - 10 * MIN, "written_before_start", CONDUCT_MESSAGES.writtenBeforeStart],
      [nowMs() + 60 * MIN, "written_in_future", CONDUCT_MESSAGES.writtenInFuture],
      [Date.UTC(2999, 0, 1), "written_in_future", CONDUCT_MESSAGES.writtenInFuture],
    ];
    for (const [writtenAt, code, message] of refused) {
      expect(await apiError(await expectStatus(await observe(s.evaluator, note({ writtenAt })), 400, String(writtenAt)))).toMatchObject({ code, message });
    }
    expect(await observations(s.id, owner)).toEqual([]);
    // Inside the session: kept as written.
    const writtenAt = startedAt + 4 * MIN;
    await expectStatus(await observe(s.evaluator, note({ writtenAt })), 200);
    expect((await observations(s.id, owner)).map((e) => Date.parse(e.at))).toEqual([writtenAt]);
  });
});

describe("the evaluators' hot wash after End", () => {
  it("keeps the time of a note written before the end; marks notes written after it as after play, in the evaluator's view and the AAR's evidence", async () => {
    const s = await endedSession();
    at(30 * MIN);
    const queued = note({ text: "Written offline during play.", writtenAt: s.startedAt + 9 * MIN });
    const late = note({ text: "Noted at the hot wash, after play." });
    const laterStamp = note({ text: "Written after the end, sent later.", writtenAt: s.endedAt + 5 * MIN });
    for (const body of [queued, late, laterStamp]) await expectStatus(await observe(s.evaluator, body), 200);

    const events = await observations(s.id, owner);
    const byText = (text: string) => events.find((e) => e.payload.text === text)!;
    expect(Date.parse(byText(queued.text).at)).toBe(queued.writtenAt);
    expect(byText(queued.text).payload).not.toHaveProperty("afterPlay");
    expect(byText(late.text).payload).toMatchObject({ afterPlay: true });
    expect(byText(laterStamp.text)).toMatchObject({ at: new Date(laterStamp.writtenAt).toISOString(), payload: { afterPlay: true } });

    const view = await json(await expectStatus(await api(`/api/conduct/t/${s.evaluator}`), 200));
    expect(view.evaluationClosesAt).toBe(new Date(s.endedAt + 60 * MIN).toISOString());
    expect(Object.fromEntries((view.observations as Json[]).map((o) => [o.text, o.afterPlay]))).toEqual({
      [queued.text]: false,
      [late.text]: true,
      [laterStamp.text]: true,
    });

    // The AAR (offline draft) carries the mark on the evidence, and its page shows it.
    const aar = await json(await expectStatus(await api(`/api/conduct/sessions/${s.id}/aar/generate`, { user: owner, body: {} }), 200));
    const evidence = (aar.content as AarContent).analyses.flatMap((a) => [...a.strengths, ...a.areasForImprovement]).flatMap((f) => f.evidence);
    expect(evidence.find((e) => e.id === byText(late.text).id)).toMatchObject({ afterPlay: true });
    expect(evidence.find((e) => e.id === byText(queued.text).id)).not.toHaveProperty("afterPlay");
    const html = await page(`/conduct/sessions/${s.id}/aar`, owner);
    expect(html).toContain("Noted at the hot wash, after play.");
    expect(html).toMatch(/Observation · <time[^>]*>[^<]*<\/time> · after play/);
  });

  it("after the window, the evaluator link closes: notes, its state and new sockets get 410, its page says so; player links keep their end behaviour", async () => {
    const s = await endedSession();
    at(20 * MIN + 60 * MIN);
    const closed = { code: "evaluation_closed", message: CONDUCT_MESSAGES.evaluationClosed };
    // Even a note written before the end, queued offline, is refused once the window has passed.
    expect(await apiError(await expectStatus(await observe(s.evaluator, note({ writtenAt: s.startedAt + MIN })), 410))).toMatchObject(closed);
    expect(await apiError(await expectStatus(await api(`/api/conduct/t/${s.evaluator}`), 410))).toMatchObject(closed);
    const upgrade = await SELF.fetch(`${ORIGIN}/api/conduct/t/${s.evaluator}/socket`, { headers: { upgrade: "websocket", origin: ORIGIN } });
    expect(upgrade.status).toBe(410);
    expect(await upgrade.json()).toMatchObject(closed);
    const html = await page(`/conduct/${s.evaluator}`);
    expect(html).toContain("The evaluation window has closed");
    expect(html).toContain(CONDUCT_MESSAGES.evaluationClosed);
    expect(await observations(s.id, owner)).toEqual([]);

    const player = await json(await expectStatus(await api(`/api/conduct/t/${s.player}`), 200));
    expect(player).toMatchObject({ role: "player", status: "ended" });
    const answer = { clientKey: clientKey(), moduleIndex: 0, questionIndex: 0, text: "Late answer." };
    expect(await apiError(await expectStatus(await api(`/api/conduct/t/${s.player}/answers`, { body: answer }), 409))).toMatchObject({
      message: CONDUCT_MESSAGES.ended,
    });
  });

  it("the object's alarm at the window's end tells open evaluator sockets and closes them; player sockets stay", async () => {
    const s = await endedSession();
    at(30 * MIN);
    const evaluator = await openSocket(`/api/conduct/t/${s.evaluator}/socket`);
    const player = await openSocket(`/api/conduct/t/${s.player}/socket`);
    const seen = await evaluator.next(stateAt(0), "the evaluator's state in the hot wash");
    expect(seen.state.status).toBe("ended");
    await player.next(stateAt(0));

    at(20 * MIN + 60 * MIN + 1_000);
    expect(await runDurableObjectAlarm(stub(s.id))).toBe(true);
    expect(await evaluator.next((m) => m.type === "gone", "the evaluator told the window closed")).toEqual({
      type: "gone",
      message: CONDUCT_MESSAGES.evaluationClosed,
      reason: "evaluation-closed",
    });
    expect((await evaluator.closed).code).toBe(4410);
    player.ws.send("ping");
    await player.next((m) => m.type === "pong", "the player's socket still open");
    player.ws.close(1000);
  });

  it("without the alarm, an evaluator socket asking for its state after the window is told and closed (the check at every call)", async () => {
    const s = await endedSession();
    at(30 * MIN);
    const evaluator = await openSocket(`/api/conduct/t/${s.evaluator}/socket`);
    await evaluator.next(stateAt(0));
    at(20 * MIN + 60 * MIN);
    evaluator.ws.send("state");
    expect(await evaluator.next((m) => m.type === "gone", "the evaluator told the window closed")).toMatchObject({ reason: "evaluation-closed" });
    expect((await evaluator.closed).code).toBe(4410);
  });
});
