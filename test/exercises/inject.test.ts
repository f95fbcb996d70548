import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { MselRow } from "../../shared/db/exercise-shapes";
import { api, apiError, expectStatus, json, type Json } from "../helpers/api";
import type { TestUser } from "../helpers/auth";
import { setAlertsFlag } from "../intelligence/alerts-helpers";
import { askAt, intelEnv, newChat, planner } from "../intelligence/chat-helpers";
import { fakeSourceVars, requestsOf, uniqueKey } from "../intelligence/helpers";
import { createExercise } from "./helpers";
import { enterprise } from "../clients/helpers";
import { grant } from "../conversations/helpers";

/**
 * "Use as inject" (issue 32 item 11): an intelligence answer, an official hazard alert it cites
 * (read again from NWS, faked as api.weather.gov serves it) and a news-alert summary become a
 * pre-filled MSEL row of an exercise the caller picks, or of a new one they name. Scoped to the
 * caller on both sides, under the edit lock, and nothing changes on a refusal.
 */

let alice: TestUser;
let bob: TestUser;
let chatId: string;
let answerIndex: number;
let hazardN: number;

const inject = (user: TestUser, exerciseId: string, source: Json, workerEnv = intelEnv()) =>
  api(`/api/exercises/${exerciseId}/msel/inject`, { user, body: { source }, env: workerEnv });
const msel = async (user: TestUser, id: string) => (await json<{ mselTable: MselRow[] | null }>(await api(`/api/exercises/${id}`, { user }))).mselTable ?? [];
const EXISTING: MselRow[] = [
  { event: "1", synopsis: "Start of play" },
  { event: "2", synopsis: "River gauge at 18 ft" },
];

beforeAll(async () => {
  [alice, bob] = await Promise.all([planner(100), planner(100)]);
  chatId = await newChat(alice);
  // An offline answer (no AI key) over the faked feeds: NWS's Seattle flood warning is among its sources.
  const events = await askAt(alice, chatId, "Any flood warnings for Brackwater?", intelEnv());
  answerIndex = events.find((e) => e.type === "done")!.messageIndex as number;
  const citations = events.find((e) => e.type === "citations")!.citations as { n: number; kind: string; itemId: string }[];
  hazardN = citations.find((c) => c.itemId === "nws:urn:oid:2.49.0.1.840.0.fake1")!.n;
});

describe("use an intelligence answer as an inject", () => {
  it("appends a pre-filled row that continues the event numbers, and answers where it is", async () => {
    const id = await createExercise(alice, { name: "Levee breach", mselTable: EXISTING });
    const res = await inject(alice, id, { kind: "intel-answer", chatId, messageIndex: answerIndex });
    await expectStatus(res, 201);
    expect(await json(res)).toMatchObject({ exerciseId: id, firstIndex: 2, count: 1, events: ["3"], rows: [{ event: "3", category: "Intelligence" }] });
    const rows = await msel(alice, id);
    expect(rows.slice(0, 2)).toMatchObject(EXISTING);
    expect(rows[2]).toMatchObject({
      event: "3",
      synopsis: "Intelligence update: Any flood warnings for Brackwater?",
      from: "NWS Seattle WA",
      category: "Intelligence",
      date: "",
      time: "",
    });
    expect(rows[2]!.message).toContain("Flood Warning issued March 2");
    expect(rows[2]!.message).not.toMatch(/\[\d+\]/);
    expect(rows[2]!.comment).toMatch(/^Pre-filled from an intelligence answer of \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC \(an offline digest/);
    expect(rows[2]!.comment).toContain("https://api.weather.gov/alerts/urn:oid:2.49.0.1.840.0.fake1");
  });

  it("refuses a question's index and an index past the chat's end, changing nothing", async () => {
    const id = await createExercise(alice, { name: "Refusals", mselTable: EXISTING });
    const question = await apiError(await inject(alice, id, { kind: "intel-answer", chatId, messageIndex: answerIndex - 1 }));
    expect(question).toMatchObject({ status: 400, message: "That message is not an answer. Use an answer of the chat as an inject." });
    expect((await apiError(await inject(alice, id, { kind: "intel-answer", chatId, messageIndex: 999 }))).status).toBe(400);
    expect((await apiError(await inject(alice, id, { kind: "intel-answer", chatId }))).status).toBe(400);
    expect(await msel(alice, id)).toEqual(EXISTING);
  });
});

describe("use an official hazard alert as an inject", () => {
  it("reads the whole alert from NWS: headline, description and instruction, the issuing office, its CAP identity and time", async () => {
    const key = uniqueKey();
    const id = await createExercise(alice, { name: "Flood TTX" });
    const res = await inject(
      alice,
      id,
      { kind: "hazard-alert", chatId, messageIndex: answerIndex, n: hazardN },
      intelEnv(fakeSourceVars({ nws: `ok.${key}` })),
    );
    await expectStatus(res, 201);
    expect(await json(res)).toMatchObject({ firstIndex: 0, events: ["1"] });
    const [row] = await msel(alice, id);
    expect(row).toEqual({
      event: "1",
      date: "",
      time: "",
      category: "Hazard alert",
      injectMode: "",
      synopsis: "Flood Warning issued March 2 at 8:00AM PST until March 3 at 8:00PM PST by NWS Seattle WA",
      from: "NWS Seattle WA",
      to: "",
      message:
        "* WHAT...Flooding caused by excessive rainfall.\n\n* WHERE...The Brackwater River at Millbrook.\n\nTurn around, don't drown when encountering flooded roads.",
      expectedAction: "",
      responsibleOrganization: "",
      pocAuthor: "",
      comment:
        "Pre-filled from a National Weather Service alert: Flood Warning (Severe, Expected, Likely), sent 2026-03-02T08:00:00-08:00 by NWS Seattle WA. Expires 2026-03-03T08:00:00-08:00. Area: Brackwater; King. CAP identifier urn:oid:2.49.0.1.840.0.fake1. Source: https://api.weather.gov/alerts/urn:oid:2.49.0.1.840.0.fake1",
    });
    const [request] = await requestsOf(key);
    expect(request!.url).toBe("/alerts/urn:oid:2.49.0.1.840.0.fake1");
    expect(request!.headers["user-agent"]).toBeTruthy();
  });

  it("when NWS does not answer, still pre-fills from the citation and says so", async () => {
    const id = await createExercise(alice, { name: "NWS down" });
    const down = intelEnv({ ...fakeSourceVars({ nws: "500" }), INTEL_RETRIES: "0" });
    await expectStatus(await inject(alice, id, { kind: "hazard-alert", chatId, messageIndex: answerIndex, n: hazardN }, down), 201);
    const [row] = await msel(alice, id);
    expect(row).toMatchObject({ from: "NWS Seattle WA", category: "Hazard alert", synopsis: expect.stringContaining("Flood Warning issued March 2") });
    expect(row!.comment).toBe(
      "Pre-filled from a National Weather Service alert cited by an intelligence answer, published 2026-03-02 16:00 UTC. National Weather Service could not give its full text when the inject was made (NWS answered 500 after 1 attempt). The message is its headline only: open the alert for its full text: https://api.weather.gov/alerts/urn:oid:2.49.0.1.840.0.fake1",
    );
  });

  it("does not ask NWS when this server turned it off, and says so in the comment", async () => {
    const key = uniqueKey();
    const id = await createExercise(alice, { name: "NWS off" });
    const off = intelEnv({ ...fakeSourceVars({ nws: `ok.${key}` }), INTEL_SOURCES: "usgs,gdelt" });
    await expectStatus(await inject(alice, id, { kind: "hazard-alert", chatId, messageIndex: answerIndex, n: hazardN }, off), 201);
    expect((await msel(alice, id))[0]!.comment).toContain("could not give its full text when the inject was made (NWS is turned off on this server).");
    expect(await requestsOf(key)).toEqual([]);
  });

  it("refuses a source of the answer that is not a hazard alert", async () => {
    const id = await createExercise(alice, { name: "Not an alert" });
    const res = await inject(alice, id, { kind: "hazard-alert", chatId, messageIndex: answerIndex, n: 99 });
    expect(await apiError(res)).toMatchObject({ status: 400, message: "Source 99 of that answer is not an official hazard alert." });
    expect(await msel(alice, id)).toEqual([]);
  });
});

describe("use a news alert summary as an inject", () => {
  it("pre-fills from the caller's own summary; another user's alert is not found", async () => {
    await setAlertsFlag(alice.accountId, true);
    await setAlertsFlag(bob.accountId, true);
    const alertId = crypto.randomUUID();
    const summaryId = crypto.randomUUID();
    await env.DB.prepare(
      `INSERT INTO "Alert" ("id", "userId", "queryText", "isActive", "cadence", "nextRunAt") VALUES (?, ?, 'Brackwater flooding', 1, 'daily', NULL)`,
    )
      .bind(alertId, alice.userId)
      .run();
    await env.DB.prepare(`INSERT INTO "AlertSummary" ("id", "alertId", "title", "content", "triggerDate", "sourceCount") VALUES (?, ?, ?, ?, ?, 1)`)
      .bind(
        summaryId,
        alertId,
        "Brackwater flooding — 2026-03-02",
        "The river is rising at Millbrook [1].\n\n**Sources**\n\n1. [River rises](https://news.example/1) — Millbrook Gazette, 2026-03-02",
        Date.parse("2026-03-02T12:00:00Z"),
      )
      .run();
    const id = await createExercise(alice, { name: "News", mselTable: [{ event: "INJ-07" }] });
    await expectStatus(await inject(alice, id, { kind: "alert-summary", alertId, summaryId }), 201);
    expect((await msel(alice, id))[1]).toMatchObject({
      event: "INJ-08",
      synopsis: "Brackwater flooding — 2026-03-02",
      message: "The river is rising at Millbrook.",
      from: "Millbrook Gazette",
      comment:
        "Pre-filled from the news alert “Brackwater flooding”, summary of 2026-03-02 12:00 UTC. Sources: 1. River rises (https://news.example/1) — Millbrook Gazette, 2026-03-02",
    });

    const bobs = await createExercise(bob, { name: "Bob's" });
    expect(await apiError(await inject(bob, bobs, { kind: "alert-summary", alertId, summaryId }))).toMatchObject({ status: 404, message: "Alert not found." });
    expect(await msel(bob, bobs)).toEqual([]);
  });
});

describe("scope and the edit lock", () => {
  it("another user's exercise is a 404, their chat's answer too; nothing changes", async () => {
    const alices = await createExercise(alice, { name: "Alice's", mselTable: EXISTING });
    const bobs = await createExercise(bob, { name: "Bob's" });
    const source = { kind: "intel-answer", chatId, messageIndex: answerIndex };
    expect(await apiError(await inject(bob, alices, source))).toMatchObject({ status: 404, message: "Exercise not found." });
    expect(await apiError(await inject(bob, bobs, source))).toMatchObject({ status: 404, message: "Chat not found." });
    expect(await msel(alice, alices)).toEqual(EXISTING);
    expect(await msel(bob, bobs)).toEqual([]);
  });

  it("an exercise someone else is editing answers 423 with the holder and keeps its MSEL", async () => {
    const id = await createExercise(alice, { name: "Locked", mselTable: EXISTING });
    const lock = env.EXERCISE_LOCK.get(env.EXERCISE_LOCK.idFromName(id));
    expect((await lock.acquire(bob.userId, 60_000)).ok).toBe(true);
    const res = await inject(alice, id, { kind: "intel-answer", chatId, messageIndex: answerIndex });
    expect(await apiError(res)).toMatchObject({ status: 423, code: "locked", lockedByUserId: bob.userId });
    expect(await msel(alice, id)).toEqual(EXISTING);
    await lock.release(bob.userId);
  });

  it("refuses a cross-site write", async () => {
    const id = await createExercise(alice, { name: "Origin" });
    const res = await api(`/api/exercises/${id}/msel/inject`, {
      user: alice,
      body: { source: { kind: "intel-answer", chatId, messageIndex: answerIndex } },
      headers: { origin: "https://evil.example" },
      env: intelEnv(),
    });
    expect(res.status).toBe(403);
    expect(await msel(alice, id)).toEqual([]);
  });
});

describe("into a new exercise, named first", () => {
  const count = async (user: TestUser) =>
    (await env.DB.prepare(`SELECT count(*) AS n FROM "Exercise" WHERE "userId" = ?`).bind(user.userId).first<{ n: number }>())!.n;

  it("creates the named exercise holding the inject", async () => {
    const res = await api("/api/exercises/from-source", {
      user: alice,
      body: { name: "  Brackwater flood TTX ", source: { kind: "intel-answer", chatId, messageIndex: answerIndex } },
      env: intelEnv(),
    });
    await expectStatus(res, 201);
    const added = await json<{ exerciseId: string; firstIndex: number; events: string[] }>(res);
    expect(added).toMatchObject({ firstIndex: 0, count: 1, events: ["1"] });
    const exercise = await json(await api(`/api/exercises/${added.exerciseId}`, { user: alice }));
    expect(exercise.name).toBe("Brackwater flood TTX");
    expect(exercise.mselTable).toHaveLength(1);
    expect(exercise.mselTable[0].synopsis).toBe("Intelligence update: Any flood warnings for Brackwater?");
  });

  it("an enterprise planner files it under one of their clients; another account's client creates nothing", async () => {
    const [{ owner }, { owner: other }] = await Promise.all([enterprise(), enterprise()]);
    await grant(owner.accountId, 100);
    const client = await json<{ id: string }>(await expectStatus(await api("/api/clients", { user: owner, body: { name: "Harbor County" } }), 201));
    const foreign = await json<{ id: string }>(await expectStatus(await api("/api/clients", { user: other, body: { name: "Not yours" } }), 201));
    const ownerChat = await newChat(owner);
    const events = await askAt(owner, ownerChat, "Any flood warnings for Brackwater?", intelEnv());
    const source = { kind: "intel-answer", chatId: ownerChat, messageIndex: events.find((e) => e.type === "done")!.messageIndex };
    const before = await count(owner);
    const refused = await api("/api/exercises/from-source", { user: owner, body: { name: "Harbor TTX", source, clientId: foreign.id }, env: intelEnv() });
    expect((await apiError(refused)).status).toBe(404);
    expect(await count(owner)).toBe(before);
    const res = await api("/api/exercises/from-source", { user: owner, body: { name: "Harbor TTX", source, clientId: client.id }, env: intelEnv() });
    const added = await json<{ exerciseId: string }>(await expectStatus(res, 201));
    const exercise = await json(await api(`/api/exercises/${added.exerciseId}`, { user: owner }));
    expect(exercise).toMatchObject({ name: "Harbor TTX", metadata: { clientId: client.id } });
    expect(exercise.mselTable).toHaveLength(1);
  });

  it("without a name, or from a source that is not the caller's, creates nothing", async () => {
    const before = await count(bob);
    const noName = await api("/api/exercises/from-source", { user: bob, body: { name: " ", source: { kind: "intel-answer", chatId, messageIndex: 1 } } });
    expect(await apiError(noName)).toMatchObject({ status: 400, code: "validation_error", message: expect.stringContaining("Give the exercise a name.") });
    const notMine = await api("/api/exercises/from-source", {
      user: bob,
      body: { name: "Stolen", source: { kind: "intel-answer", chatId, messageIndex: answerIndex } },
    });
    expect(await apiError(notMine)).toMatchObject({ status: 404, message: "Chat not found." });
    expect(await count(bob)).toBe(before);
  });
});
