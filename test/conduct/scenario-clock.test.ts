import { env, runDurableObjectAlarm, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { CONDUCT_MESSAGES } from "../../shared/conduct/model";
import { getDb } from "../../worker/db/client";
import { conductSessions } from "../../worker/db/schema";
import { clockOffsetMs, shiftClock } from "../../worker/lib/clock";
import { api, apiError, expectStatus, json, ORIGIN, type Json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { createExercise } from "../exercises/helpers";
import { clientKey, command, createLink, createSession, openSocket, tokenOf } from "./helpers";

// Issue 30, items 1-3, in the session's Durable Object: the scenario clock (start from the MSEL,
// scale, pause, jumps, manual releases only), the session's own hot wash, the console's live feed of
// answers and observations, and what link pages show (the simulated sender, no sign-in chrome).

const MIN = 60_000;
const HOUR = 60 * MIN;
/** Scenario ms of "Day d hh:mm". */
const day = (d: number, hh: number, mm = 0) => ((d - 1) * 24 + hh) * HOUR + mm * MIN;
const startOffset = clockOffsetMs();
afterEach(() => shiftClock(startOffset));
/** Moves the app's clock `ms` past where the test started. */
const at = (ms: number) => shiftClock(startOffset + ms);

/** A tabletop whose MSEL spans Day 2: Day 1 06:00, T+10, Day 2 08:00 — and a SimCell playing the weather service. */
const DAY2_TTX = {
  name: "Eastbank levee TTX (scenario clock)",
  scenario: "Three days of rain.",
  capabilitiesAndObjectives: [{ capability: "Mass Care Services", objective: "Open two shelters." }],
  modules: [{ title: "Warning", description: "The river rises.", questions: ["Who warns Eastbank?"] }],
  mselTable: [
    { event: "1", time: "Day 1 06:00", synopsis: "Levee seeping", from: "SimCell (National Weather Service)", message: "Seepage at mile 4." },
    { event: "2", time: "T+10", synopsis: "Levee overtopped", message: "Water over the crest." },
    { event: "3", date: "Day 2", time: "08:00", synopsis: "Damage assessment", message: "Assess the damage." },
  ],
};

let owner: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  [owner, stranger] = await Promise.all([createTestUser({ plan: "SOLO", onboarded: true }), createTestUser({ plan: "SOLO", onboarded: true })]);
});

const stub = (sessionId: string) => env.CONDUCT_SESSION.get(env.CONDUCT_SESSION.idFromName(sessionId));
const state = async (id: string) => json(await expectStatus(await api(`/api/conduct/sessions/${id}`, { user: owner }), 200, "controller state"));
const item = (s: Json, key: string) => (s.items as Json[]).find((i) => i.key === key)!;
async function ttx(body: Json = {}) {
  const session = await createSession(owner, await createExercise(owner, DAY2_TTX), body);
  return String(session.id);
}

describe("the scenario clock", () => {
  it("starts at the MSEL's earliest time of day; at 10x a Day 2 inject of a three-hour tabletop falls due that afternoon, not tomorrow", async () => {
    const id = await ttx();
    const ready = await state(id);
    expect(ready.clock).toMatchObject({ status: "ready", scenarioMs: day(1, 6), startScenarioMs: day(1, 6), timeOfDay: true, scale: 1, manualOnly: false });
    expect((ready.items as Json[]).map((i) => i.dueScenarioMs)).toEqual([day(1, 6), day(1, 6, 10), day(2, 8)]);

    expect((await command(owner, id, { type: "scale", scale: 10 })).clock.scale).toBe(10);
    const started = await command(owner, id, { type: "start" });
    expect(item(started, "msel-0")).toMatchObject({ status: "released", releasedScenarioMs: day(1, 6) });
    const wallUntil = (key: string) => Date.parse(item(started, key).dueAt) - Date.parse(started.clock.asOf);
    // T+10 is ten scenario minutes away: at most one wall minute at 10x.
    expect(wallUntil("msel-1")).toBeGreaterThan(0);
    expect(wallUntil("msel-1")).toBeLessThanOrEqual(MIN);
    // Day 2 08:00 is 26 scenario hours away: 2 h 36 min of wall time at 10x.
    expect(wallUntil("msel-2")).toBeGreaterThan(2 * HOUR);
    expect(wallUntil("msel-2")).toBeLessThanOrEqual(156 * MIN);

    // A wall minute later the object's alarm releases T+10 by scenario time.
    at(MIN + 1_000);
    await runDurableObjectAlarm(stub(id));
    const later = await state(id);
    expect(item(later, "msel-1").status).toBe("released");
    expect(item(later, "msel-1").releasedScenarioMs).toBeGreaterThanOrEqual(day(1, 6, 10));
    expect(item(later, "msel-2").status).toBe("pending");
    const events = (await json(await api(`/api/conduct/sessions/${id}/events`, { user: owner }))).events as Json[];
    expect(events.map((e) => [e.payload.kind, e.payload.change ?? e.payload.itemKey ?? null])).toEqual([
      ["clock", "scale"],
      ["started", null],
      ["released", "msel-0"],
      ["released", "msel-1"],
    ]);
    expect(events.map((e) => e.scenarioAt).slice(0, 3)).toEqual([day(1, 6), day(1, 6), day(1, 6)]);
  });

  it("holds while paused, jumps forward to the next inject or a time, and refuses a jump back with what to do", async () => {
    const id = await ttx();
    await command(owner, id, { type: "start" });
    const paused = await command(owner, id, { type: "pause" });
    at(30 * MIN);
    expect((await state(id)).clock.scenarioMs).toBe(paused.clock.scenarioMs);

    // Paused, the jump moves the clock exactly; the inject waits for the resume.
    const jumped = await command(owner, id, { type: "jump", to: "next" });
    expect(jumped.clock.scenarioMs).toBe(day(1, 6, 10));
    expect(item(jumped, "msel-1").status).toBe("pending");
    expect(item(await command(owner, id, { type: "resume" }), "msel-1").status).toBe("released");

    const toDay2 = await command(owner, id, { type: "jump", to: day(2, 7) / MIN });
    expect(toDay2.clock.scenarioMs).toBeGreaterThanOrEqual(day(2, 7));
    expect(item(toDay2, "msel-2").status).toBe("pending");
    const back = await apiError(
      await expectStatus(await api(`/api/conduct/sessions/${id}/commands`, { user: owner, body: { type: "jump", to: 7 * 60 } }), 409),
    );
    expect(back).toMatchObject({ code: "jump_backwards", message: CONDUCT_MESSAGES.jumpForwardOnly });
    expect(item(await command(owner, id, { type: "jump", to: "next" }), "msel-2")).toMatchObject({ status: "released", releasedScenarioMs: day(2, 8) });
    const none = await apiError(
      await expectStatus(await api(`/api/conduct/sessions/${id}/commands`, { user: owner, body: { type: "jump", to: "next" } }), 409),
    );
    expect(none).toMatchObject({ code: "no_inject_ahead", message: CONDUCT_MESSAGES.noInjectToJumpTo });
    const setStart = await apiError(
      await expectStatus(await api(`/api/conduct/sessions/${id}/commands`, { user: owner, body: { type: "setStart", scenarioMinutes: 300 } }), 409),
    );
    expect(setStart.message).toBe(CONDUCT_MESSAGES.startSetOnlyBefore);

    // Bad input changes nothing; another user's session is 404.
    const before = (await state(id)).seq;
    for (const body of [
      { type: "scale", scale: 1000 },
      { type: "scale", scale: 0 },
      { type: "jump", to: "later" },
      { type: "hotWash", minutes: -5 },
    ]) {
      await expectStatus(await api(`/api/conduct/sessions/${id}/commands`, { user: owner, body }), 400, JSON.stringify(body));
    }
    expect((await state(id)).seq).toBe(before);
    await expectStatus(await api(`/api/conduct/sessions/${id}/commands`, { user: stranger, body: { type: "jump", to: "next" } }), 404);
  });

  it("on manual releases only, runs without releasing; the controller releases, and back on the clock what is due goes out", async () => {
    const id = await ttx();
    expect((await command(owner, id, { type: "manual", manualOnly: true })).clock.manualOnly).toBe(true);
    const started = await command(owner, id, { type: "start" });
    expect(item(started, "msel-0")).toMatchObject({ status: "pending", dueAt: null, dueScenarioMs: day(1, 6) });
    at(15 * MIN);
    await runDurableObjectAlarm(stub(id));
    expect(item(await state(id), "msel-1").status).toBe("pending");
    expect(item(await command(owner, id, { type: "release", itemKey: "msel-1" }), "msel-1").status).toBe("released");
    const back = await command(owner, id, { type: "manual", manualOnly: false });
    expect(item(back, "msel-0").status).toBe("released");
    expect(item(back, "msel-2").status).toBe("pending");
  });

  it("takes a start time set before play: times show from it, and an MSEL of offsets only shows as T+", async () => {
    const exerciseId = await createExercise(owner, {
      ...DAY2_TTX,
      mselTable: [
        { time: "T+0", message: "Go." },
        { time: "T+30", message: "Later." },
      ],
    });
    const id = String((await createSession(owner, exerciseId)).id);
    expect((await state(id)).clock).toMatchObject({ timeOfDay: false, startScenarioMs: 0 });
    const set = await command(owner, id, { type: "setStart", scenarioMinutes: 5 * 60 + 30 });
    expect(set.clock).toMatchObject({ timeOfDay: true, startScenarioMs: day(1, 5, 30), scenarioMs: day(1, 5, 30) });
    expect((set.items as Json[]).map((i) => i.dueScenarioMs)).toEqual([day(1, 5, 30), day(1, 6)]);
  });
});

describe("the session's own hot wash", () => {
  it("is chosen at creation, changed by the controller until it closes, mirrored to D1; notes inside it are after play, after it 410", async () => {
    const id = await ttx({ hotWashMinutes: 15 });
    const evaluator = tokenOf(await createLink(owner, id, "evaluator", "Evaluator — Mass Care"));
    await command(owner, id, { type: "start" });
    at(5 * MIN);
    const ended = await command(owner, id, { type: "end" });
    expect(ended.clock.hotWashMinutes).toBe(15);
    const endedAt = Date.parse(ended.session.endedAt);
    const view = await json(await expectStatus(await api(`/api/conduct/t/${evaluator}`), 200));
    expect(view.evaluationClosesAt).toBe(new Date(endedAt + 15 * MIN).toISOString());

    at(5 * MIN + 10 * MIN);
    const note = { clientKey: clientKey(), capability: "Mass Care Services", text: "Second shelter opened late (hot wash).", rating: "M" };
    await expectStatus(await api(`/api/conduct/t/${evaluator}/observations`, { body: note }), 200);
    const mine = (await json(await api(`/api/conduct/t/${evaluator}`))).observations as Json[];
    expect(mine.map((o) => [o.text, o.afterPlay])).toEqual([[note.text, true]]);

    // Longer, while it is open; D1 has it for the link page's loader.
    expect((await command(owner, id, { type: "hotWash", minutes: 30 })).clock.hotWashMinutes).toBe(30);
    const [row] = await getDb(env.DB).select({ hotWashMinutes: conductSessions.hotWashMinutes }).from(conductSessions).where(eq(conductSessions.id, id));
    expect(row!.hotWashMinutes).toBe(30);
    at(5 * MIN + 25 * MIN);
    await expectStatus(await api(`/api/conduct/t/${evaluator}/observations`, { body: { ...note, clientKey: clientKey(), text: "Still in time." } }), 200);

    at(5 * MIN + 31 * MIN);
    const closed = await apiError(
      await expectStatus(await api(`/api/conduct/t/${evaluator}/observations`, { body: { ...note, clientKey: clientKey() } }), 410),
    );
    expect(closed.code).toBe("evaluation_closed");
    const refused = await apiError(
      await expectStatus(await api(`/api/conduct/sessions/${id}/commands`, { user: owner, body: { type: "hotWash", minutes: 90 } }), 409),
    );
    expect(refused.message).toBe(CONDUCT_MESSAGES.hotWashClosed);
    const html = await (await SELF.fetch(`${ORIGIN}/conduct/${evaluator}`)).text();
    expect(html).toContain("The evaluation window has closed");
  });
});

describe("the console's live feed", () => {
  it("carries each answer and observation as it arrives, newest first, with its group, inject and scenario time — on the socket too", async () => {
    const id = await ttx();
    const player = tokenOf(await createLink(owner, id, "player", "EOC Policy Group"));
    const evaluator = tokenOf(await createLink(owner, id, "evaluator", "Evaluator — Mass Care"));
    await command(owner, id, { type: "start" });
    await command(owner, id, { type: "module", moduleIndex: 0 });
    const socket = await openSocket(`/api/conduct/sessions/${id}/socket`, { cookie: owner.cookie });
    const answer = "The EOC Director warns Eastbank by WEA and door to door.";
    await expectStatus(
      await api(`/api/conduct/t/${player}/answers`, { body: { clientKey: clientKey(), moduleIndex: 0, questionIndex: 0, text: answer } }),
      200,
    );
    const pushed = await socket.next((m) => m.type === "state" && ((m.state as Json).feed as Json[]).length === 1, "the answer in the console's feed");
    expect(((pushed.state as Json).feed as Json[])[0]).toMatchObject({
      kind: "answer",
      label: "EOC Policy Group",
      text: answer,
      itemKey: "msel-0",
      moduleIndex: 0,
      questionIndex: 0,
    });
    expect(((pushed.state as Json).feed as Json[])[0]!.scenarioAt).toBeGreaterThanOrEqual(day(1, 6));

    await expectStatus(
      await api(`/api/conduct/t/${evaluator}/observations`, {
        body: { clientKey: clientKey(), capability: "Mass Care Services", text: "Warning sent.", rating: "S" },
      }),
      200,
    );
    const feed = (await state(id)).feed as Json[];
    expect(feed.map((e) => [e.kind, e.label, e.text])).toEqual([
      ["observation", "Evaluator — Mass Care", "Warning sent."],
      ["answer", "EOC Policy Group", answer],
    ]);
    expect(feed[0]).toMatchObject({ capability: "Mass Care Services", rating: "S", afterPlay: false, itemKey: "msel-0" });
    socket.ws.close();
    await expectStatus(await api(`/api/conduct/sessions/${id}`, { user: stranger }), 404);
  });
});

describe("link pages and the join screen", () => {
  it("players see the simulated sender, not the SimCell; the link page offers no sign-in", async () => {
    const id = await ttx();
    const player = tokenOf(await createLink(owner, id, "player", "EOC Policy Group"));
    await command(owner, id, { type: "start" });
    const view = await json(await expectStatus(await api(`/api/conduct/t/${player}`), 200));
    expect(view.injects[0]).toMatchObject({ title: "Levee seeping", from: "National Weather Service", releasedScenarioMs: day(1, 6) });
    expect(JSON.stringify(view)).not.toMatch(/SimCell/i);
    expect(view.clock).toMatchObject({ status: "running", timeOfDay: true });
    const html = await (await SELF.fetch(`${ORIGIN}/conduct/${player}`)).text();
    expect(html).toContain("EOC Policy Group");
    expect(html).not.toMatch(/>Sign in<|>Create account</);
  });

  it("the join screen shows the link's address and QR code to whoever runs the session; anyone else, or a revoked link, is 404", async () => {
    const id = await ttx();
    const link = await createLink(owner, id, "player", "EOC Policy Group");
    const path = `/conduct/sessions/${id}/join/${link.id}`;
    const res = await SELF.fetch(`${ORIGIN}${path}`, { headers: { cookie: owner.cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`data-qr-value="${link.url}"`);
    expect(html).toContain("Join: EOC Policy Group");
    // Projected: no app frame.
    expect(html).not.toContain('aria-label="Sidebar"');
    expect((await SELF.fetch(`${ORIGIN}${path}`, { headers: { cookie: stranger.cookie } })).status).toBe(404);
    await expectStatus(await api(`/api/conduct/sessions/${id}/links/${link.id}/revoke`, { user: owner, body: {} }), 200);
    expect((await SELF.fetch(`${ORIGIN}${path}`, { headers: { cookie: owner.cookie } })).status).toBe(404);
  });
});
