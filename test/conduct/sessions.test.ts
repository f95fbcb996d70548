import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "../../worker/db/client";
import { conductEvents, conductSessions, eegs } from "../../worker/db/schema";
import { CONDUCT_MESSAGES, MAX_LINKS_PER_SESSION } from "../../shared/conduct/model";
import { api, apiError, expectStatus, json, type Json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { enterprise } from "../clients/helpers";
import { createExercise } from "../exercises/helpers";
import { clientKey, command, conductExercise, createLink, createSession, expectNoExpectedAction, openSocket, stateAt, tokenOf } from "./helpers";

let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  owner = await createTestUser({ plan: "SOLO" });
  stranger = await createTestUser({ plan: "SOLO" });
});

const items = (state: Json) => state.items as Json[];
const item = (state: Json, key: string) => items(state).find((i) => i.key === key)!;

async function refused(res: Response, status: number, message?: string) {
  const err = await apiError(res);
  expect(err.status, JSON.stringify(err)).toBe(status);
  if (message) expect(err.message).toBe(message);
  return err;
}

describe("sessions", () => {
  it("creates a session from the caller's exercise and lists it under the exercise", async () => {
    const exerciseId = await conductExercise(owner);
    const session = await createSession(owner, exerciseId);
    expect(session).toMatchObject({ exerciseId, campaignId: null, exerciseName: "Harbour flood TTX", status: "ready", access: "control", startedAt: null });
    expect(session.name).toMatch(/^Harbour flood TTX — /);
    const named = await createSession(owner, exerciseId, { name: "Morning run" });
    const list = await json(await expectStatus(await api(`/api/conduct/sessions?exerciseId=${exerciseId}`, { user: owner }), 200));
    expect((list.sessions as Json[]).map((s) => s.id)).toEqual([named.id, session.id]);

    const state = await json(await expectStatus(await api(`/api/conduct/sessions/${session.id}`, { user: owner }), 200));
    expect(state.seq).toBe(0);
    expect(items(state).map((i) => [i.key, i.offsetMinutes, i.status])).toEqual([
      ["msel-0", 0, "pending"],
      ["msel-1", 5, "pending"],
      ["msel-2", null, "pending"],
    ]);
    expect(state.modules).toHaveLength(2);
    expect(state.counts).toEqual({ answers: 0, observations: 0, feedback: 0 });
  });

  it("refuses bad input with 400, an oversized body with 413, signed-out with 401, another user's exercise with 404", async () => {
    const exerciseId = await conductExercise(owner);
    await refused(await api("/api/conduct/sessions", { user: owner, body: {} }), 400);
    await refused(await api("/api/conduct/sessions", { user: owner, body: { exerciseId, name: "x".repeat(40_000) } }), 413);
    await refused(await api("/api/conduct/sessions", { body: { exerciseId } }), 401);
    await refused(await api("/api/conduct/sessions", { user: stranger, body: { exerciseId } }), 404);
    await refused(await api(`/api/conduct/sessions?exerciseId=${exerciseId}`, { user: stranger }), 404);
    await refused(await api("/api/conduct/sessions", { user: owner, body: { exerciseId }, headers: { origin: "https://evil.example" } }), 403);
  });

  it("answers 404 to another user on every session route", async () => {
    const session = await createSession(owner, await conductExercise(owner));
    const link = await createLink(owner, session.id, "player", "Policy group");
    const base = `/api/conduct/sessions/${session.id}`;
    for (const [path, body] of [
      [base, undefined],
      [`${base}/events`, undefined],
      [`${base}/commands`, { type: "start" }],
      [`${base}/links`, { role: "player", label: "Sneaky" }],
      [`${base}/links/${link.id}/revoke`, {}],
    ] as [string, Json | undefined][]) {
      await refused(await api(path, { user: stranger, body }), 404, CONDUCT_MESSAGES.sessionNotFound);
    }
    // Nothing changed.
    expect((await json(await api(base, { user: owner }))).seq).toBe(0);
  });
});

describe("commands", () => {
  it("starts (releasing what is due at T+0), releases, pauses, resumes, skips and ends, refusing what the state does not allow", async () => {
    const session = await createSession(owner, await conductExercise(owner));
    const id = session.id as string;
    await refused(
      await api(`/api/conduct/sessions/${id}/commands`, { user: owner, body: { type: "release", itemKey: "msel-2" } }),
      409,
      CONDUCT_MESSAGES.notRunning,
    );
    let state = await command(owner, id, { type: "start" });
    expect(state.session.status).toBe("running");
    expect(state.clock.status).toBe("running");
    expect(item(state, "msel-0")).toMatchObject({ status: "released", dueAt: null });
    expect(item(state, "msel-1").dueAt).not.toBeNull();
    expect(state.seq).toBe(2);

    state = await command(owner, id, { type: "release", itemKey: "msel-2" });
    expect(item(state, "msel-2").status).toBe("released");
    await refused(
      await api(`/api/conduct/sessions/${id}/commands`, { user: owner, body: { type: "release", itemKey: "msel-2" } }),
      409,
      CONDUCT_MESSAGES.alreadyReleased,
    );
    await refused(
      await api(`/api/conduct/sessions/${id}/commands`, { user: owner, body: { type: "skip", itemKey: "msel-2" } }),
      409,
      CONDUCT_MESSAGES.alreadyReleased,
    );
    await refused(
      await api(`/api/conduct/sessions/${id}/commands`, { user: owner, body: { type: "release", itemKey: "nope" } }),
      404,
      CONDUCT_MESSAGES.itemNotFound,
    );
    await refused(await api(`/api/conduct/sessions/${id}/commands`, { user: owner, body: { type: "dance" } }), 400);

    state = await command(owner, id, { type: "pause" });
    expect(state.clock.status).toBe("paused");
    expect(item(state, "msel-1").dueAt).toBeNull();
    await refused(await api(`/api/conduct/sessions/${id}/commands`, { user: owner, body: { type: "pause" } }), 409, CONDUCT_MESSAGES.alreadyPaused);
    state = await command(owner, id, { type: "resume" });
    expect(state.session.status).toBe("running");
    state = await command(owner, id, { type: "skip", itemKey: "msel-1" });
    expect(item(state, "msel-1").status).toBe("skipped");

    state = await command(owner, id, { type: "unplanned", title: "Bridge closed", message: "Route 9 bridge is closed.", expectedAction: "Reroute buses." });
    const unplanned = items(state).at(-1)!;
    expect(unplanned).toMatchObject({ source: "unplanned", status: "released", title: "Bridge closed", expectedAction: "Reroute buses." });
    state = await command(owner, id, { type: "module", moduleIndex: 1 });
    expect(state.currentModule).toBe(1);
    await refused(
      await api(`/api/conduct/sessions/${id}/commands`, { user: owner, body: { type: "module", moduleIndex: 7 } }),
      404,
      CONDUCT_MESSAGES.moduleNotFound,
    );

    state = await command(owner, id, { type: "end" });
    expect(state.session).toMatchObject({ status: "ended" });
    expect(state.session.endedAt).not.toBeNull();
    await refused(await api(`/api/conduct/sessions/${id}/commands`, { user: owner, body: { type: "resume" } }), 409, CONDUCT_MESSAGES.ended);

    // The D1 mirror: the session row and one ConductEvent per event, in the object's order.
    const db = getDb(env.DB);
    const [row] = await db.select().from(conductSessions).where(eq(conductSessions.id, id));
    expect(row!.status).toBe("ended");
    expect(row!.startedAt).not.toBeNull();
    const events = await json(await expectStatus(await api(`/api/conduct/sessions/${id}/events`, { user: owner }), 200));
    const kinds = (events.events as Json[]).map((e) => [e.seq, e.payload.kind, e.actorRole]);
    expect(kinds).toEqual([
      [1, "started", "controller"],
      [2, "released", "system"],
      [3, "released", "controller"],
      [4, "paused", "controller"],
      [5, "resumed", "controller"],
      [6, "skipped", "controller"],
      [7, "unplanned", "controller"],
      [8, "module", "controller"],
      [9, "ended", "controller"],
    ]);
    expect((await db.select().from(conductEvents).where(eq(conductEvents.sessionId, id))).length).toBe(9);
    expect(state.seq).toBe(9);
  });

  it("lets a read-only colleague watch the console and replay but not command or hand out links", async () => {
    const { owner: boss, members } = await enterprise(1);
    const viewer = members[0]!;
    const clientId = (await json(await expectStatus(await api("/api/clients", { user: boss, body: { name: "Bayhaven County" } }), 201))).id as string;
    await expectStatus(await api(`/api/clients/${clientId}/users`, { user: boss, body: { userId: viewer.userId } }), 200);
    const exerciseId = await createExercise(boss, { name: "Filed TTX", mselTable: [{ event: "1", time: "T+0", message: "Go." }] }, { clientId });
    const session = await createSession(boss, exerciseId);
    const bossLink = await createLink(boss, session.id as string, "player", "EOC Policy Group");
    expect(bossLink.url).toMatch(/\/conduct\//);

    const list = await json(await expectStatus(await api(`/api/conduct/sessions?exerciseId=${exerciseId}`, { user: viewer }), 200));
    expect((list.sessions as Json[]).map((s) => [s.id, s.access])).toEqual([[session.id, "read"]]);
    const watched = await json(await expectStatus(await api(`/api/conduct/sessions/${session.id}`, { user: viewer }), 200));
    expect(watched.session.access).toBe("read");
    // A reader sees the links exist but never their URLs (a link is a key into play).
    expect(watched.links).toEqual([expect.objectContaining({ id: bossLink.id, label: "EOC Policy Group", url: null })]);
    await expectStatus(await api(`/api/conduct/sessions/${session.id}/events`, { user: viewer }), 200);
    // Their socket is a controller-view socket: it watches; commands are REST only.
    const socket = await openSocket(`/api/conduct/sessions/${session.id}/socket`, { cookie: viewer.cookie });
    expect((await socket.next(stateAt(0))).state.session.access).toBe("read");
    socket.ws.close(1000);
    // findSession(…, "control") answers 404 to a reader, the same as to a stranger.
    await refused(await api(`/api/conduct/sessions/${session.id}/commands`, { user: viewer, body: { type: "start" } }), 404, CONDUCT_MESSAGES.sessionNotFound);
    await refused(await api(`/api/conduct/sessions/${session.id}/links`, { user: viewer, body: { role: "player", label: "x" } }), 404);
    await refused(await api("/api/conduct/sessions", { user: viewer, body: { exerciseId } }), 404);
    expect((await json(await api(`/api/conduct/sessions/${session.id}`, { user: boss }))).seq).toBe(0);
  });
});

describe("links and the public token API", () => {
  it("player answers: only to an opened module, idempotent by clientKey, and a player link cannot observe", async () => {
    const session = await createSession(owner, await conductExercise(owner));
    const id = session.id as string;
    const link = await createLink(owner, id, "player", "EOC Policy Group");
    expect(link).toMatchObject({ role: "player", label: "EOC Policy Group", connected: 0, revokedAt: null });
    expect(link.url).toMatch(/\/conduct\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(link);

    let view = await json(await expectStatus(await api(`/api/conduct/t/${token}`), 200));
    expect(view).toMatchObject({ role: "player", groupLabel: "EOC Policy Group", status: "ready", modules: [], injects: [], answers: [] });

    const answer = { clientKey: clientKey(), moduleIndex: 0, questionIndex: 1, text: "Once the surge warning is out." };
    await command(owner, id, { type: "start" });
    await refused(await api(`/api/conduct/t/${token}/answers`, { body: answer }), 409, CONDUCT_MESSAGES.moduleNotReached);
    await command(owner, id, { type: "module", moduleIndex: 0 });
    const ack = await json(await expectStatus(await api(`/api/conduct/t/${token}/answers`, { body: answer }), 200));
    expect(ack).toMatchObject({ ok: true, clientKey: answer.clientKey, duplicate: false });
    const again = await json(await expectStatus(await api(`/api/conduct/t/${token}/answers`, { body: answer }), 200));
    expect(again).toEqual({ ...ack, duplicate: true });
    await refused(
      await api(`/api/conduct/t/${token}/answers`, { body: { ...answer, clientKey: clientKey(), moduleIndex: 1, questionIndex: 0 } }),
      409,
      CONDUCT_MESSAGES.moduleNotReached,
    );
    await refused(
      await api(`/api/conduct/t/${token}/answers`, { body: { ...answer, clientKey: clientKey(), questionIndex: 9 } }),
      404,
      CONDUCT_MESSAGES.questionNotFound,
    );
    await refused(await api(`/api/conduct/t/${token}/answers`, { body: { ...answer, clientKey: "short" } }), 400);
    await refused(
      await api(`/api/conduct/t/${token}/observations`, { body: { clientKey: clientKey(), capability: "Mass Care Services", text: "x" } }),
      404,
      CONDUCT_MESSAGES.linkNotFound,
    );

    view = await json(await api(`/api/conduct/t/${token}`));
    expect(view.answers).toEqual([{ moduleIndex: 0, questionIndex: 1, text: answer.text, at: expect.any(String) }]);
    expect((view.modules as Json[]).map((m) => m.index)).toEqual([0]);
    expect((view.injects as Json[]).map((i) => i.key)).toEqual(["msel-0"]);
    expectNoExpectedAction(view);

    const state = await json(await api(`/api/conduct/sessions/${id}`, { user: owner }));
    expect(state.counts.answers).toBe(1);
    const events = (await json(await api(`/api/conduct/sessions/${id}/events`, { user: owner }))).events as Json[];
    expect(events.filter((e) => e.payload.kind === "answer")).toEqual([expect.objectContaining({ actorRole: "player", actorLabel: "EOC Policy Group" })]);
  });

  it("evaluator observations are tied to the inject released most recently and idempotent; an evaluator link cannot answer", async () => {
    const session = await createSession(owner, await conductExercise(owner));
    const id = session.id as string;
    const token = tokenOf(await createLink(owner, id, "evaluator", "Evaluator — Mass Care"));
    await command(owner, id, { type: "start" });
    await command(owner, id, { type: "release", itemKey: "msel-2" });
    const note = { clientKey: clientKey(), capability: "Mass Care Services", text: "PIO briefed within 10 minutes.", rating: "S" };
    const ack = await json(await expectStatus(await api(`/api/conduct/t/${token}/observations`, { body: note }), 200));
    expect(ack.duplicate).toBe(false);
    expect((await json(await api(`/api/conduct/t/${token}/observations`, { body: note }))).duplicate).toBe(true);
    await refused(await api(`/api/conduct/t/${token}/answers`, { body: { clientKey: clientKey(), moduleIndex: 0, questionIndex: 0, text: "x" } }), 404);

    // The session's EEGs (written by worker/evaluation) reach the evaluator's view.
    const guide = { id: "g1", capability: "Mass Care Services", objectives: ["Open two shelters within two hours."], targets: [] };
    await getDb(env.DB)
      .insert(eegs)
      .values({ sessionId: id, content: { guides: [guide] }, source: "offline" });
    const view = await json(await api(`/api/conduct/t/${token}`));
    expect(view).toMatchObject({ role: "evaluator", evaluatorLabel: "Evaluator — Mass Care", currentItemKey: "msel-2", guides: [guide] });
    expect(view.observations).toEqual([
      expect.objectContaining({ clientKey: note.clientKey, itemKey: "msel-2", rating: "S", capability: "Mass Care Services" }),
    ]);
    expect((view.released as Json[])[0]).toMatchObject({ key: "msel-2", expectedAction: "Refer to the PIO." });
    const [event] = ((await json(await api(`/api/conduct/sessions/${id}/events`, { user: owner }))).events as Json[]).filter(
      (e) => e.payload.kind === "observation",
    );
    expect(event!.payload).toEqual({ kind: "observation", capability: "Mass Care Services", targetId: null, text: note.text, rating: "S", itemKey: "msel-2" });
  });

  it("a revoked, unknown or feedback link is 404; links are capped per session", async () => {
    const session = await createSession(owner, await conductExercise(owner));
    const id = session.id as string;
    const link = await createLink(owner, id, "player", "Group A");
    const token = tokenOf(link);
    const revoked = await json(await expectStatus(await api(`/api/conduct/sessions/${id}/links/${link.id}/revoke`, { user: owner, body: {} }), 200));
    expect(revoked.url).toBeNull();
    expect(revoked.revokedAt).not.toBeNull();
    await refused(await api(`/api/conduct/t/${token}`), 404, CONDUCT_MESSAGES.linkNotFound);
    await refused(await api(`/api/conduct/t/${"A".repeat(43)}`), 404, CONDUCT_MESSAGES.linkNotFound);
    await refused(await api("/api/conduct/t/not-a-token"), 404, CONDUCT_MESSAGES.linkNotFound);
    const feedback = await createLink(owner, id, "feedback", "Hot wash");
    expect(feedback.url).toMatch(/\/feedback\/[A-Za-z0-9_-]{43}$/);
    await refused(await api(`/api/conduct/t/${tokenOf(feedback)}`), 404);
    await refused(await api(`/api/conduct/sessions/${id}/links/not-a-link/revoke`, { user: owner, body: {} }), 404);

    const state = await json(await api(`/api/conduct/sessions/${id}`, { user: owner }));
    expect((state.links as Json[]).map((l) => [l.label, l.url === null])).toEqual([
      ["Group A", true],
      ["Hot wash", false],
    ]);

    for (let i = 1; i < MAX_LINKS_PER_SESSION; i++) await createLink(owner, id, "player", `Group ${i}`);
    await refused(
      await api(`/api/conduct/sessions/${id}/links`, { user: owner, body: { role: "player", label: "One too many" } }),
      409,
      CONDUCT_MESSAGES.tooManyLinks,
    );
  });
});
