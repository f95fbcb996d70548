import { env, evictDurableObject, runDurableObjectAlarm, runInDurableObject, SELF } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { getDb } from "../../worker/db/client";
import { conductEvents } from "../../worker/db/schema";
import { CONDUCT_MESSAGES } from "../../shared/conduct/model";
import { clockOffsetMs, shiftClock } from "../../worker/lib/clock";
import { api, json, ORIGIN, type Json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { clientKey, command, conductExercise, createLink, createSession, expectNoExpectedAction, openSocket, stateAt, tokenOf } from "./helpers";

let owner: TestUser;
let stranger: TestUser;
const startOffset = clockOffsetMs();

beforeAll(async () => {
  owner = await createTestUser({ plan: "SOLO" });
  stranger = await createTestUser({ plan: "SOLO" });
});
afterEach(() => shiftClock(startOffset));

const stub = (sessionId: string) => env.CONDUCT_SESSION.get(env.CONDUCT_SESSION.idFromName(sessionId));
const item = (state: Json, key: string) => (state.items as Json[]).find((i) => i.key === key)!;

async function sessionWithLinks() {
  const session = await createSession(owner, await conductExercise(owner));
  const player = await createLink(owner, session.id, "player", "EOC Policy Group");
  const evaluator = await createLink(owner, session.id, "evaluator", "Evaluator — Mass Care");
  return { id: session.id as string, player, evaluator, playerToken: tokenOf(player), evaluatorToken: tokenOf(evaluator) };
}

describe("conduct sockets", () => {
  it("sends each role its state on connect and after a release; players never get expected actions", async () => {
    const s = await sessionWithLinks();
    const controller = await openSocket(`/api/conduct/sessions/${s.id}/socket`, { cookie: owner.cookie });
    const player = await openSocket(`/api/conduct/t/${s.playerToken}/socket`);
    const evaluator = await openSocket(`/api/conduct/t/${s.evaluatorToken}/socket`);

    const first = await controller.next(stateAt(0), "the controller's first state");
    expect(first.state.session).toMatchObject({ id: s.id, access: "control" });
    const p0 = await player.next(stateAt(0), "the player's first state");
    expect(p0.state).toMatchObject({ role: "player", seq: 0, injects: [] });
    expect((await evaluator.next(stateAt(0))).state).toMatchObject({ role: "evaluator", seq: 0, released: [], capabilities: ["Mass Care Services"] });
    // The controller sees who connected.
    const connected = await controller.next((m) => m.type === "state" && (m.state.connected as Json[]).length === 3, "both link sockets counted");
    expect(connected.state.connected).toEqual([
      { role: "controller", label: "Controllers", count: 1 },
      { role: "player", label: "EOC Policy Group", count: 1 },
      { role: "evaluator", label: "Evaluator — Mass Care", count: 1 },
    ]);
    expect((connected.state.links as Json[]).map((l) => l.connected)).toEqual([1, 1]);

    const started = await command(owner, s.id, { type: "start" });
    const released = await command(owner, s.id, { type: "release", itemKey: "msel-2" });
    expect(released.seq).toBe(started.seq + 1);
    const p = await player.next(stateAt(released.seq), "the player's state after the release");
    expect((p.state.injects as Json[]).map((i) => i.key)).toEqual(["msel-2", "msel-0"]);
    expect(p.state.injects[0]).toMatchObject({ title: "Media call", message: "A reporter asks about evacuations." });
    const e = await evaluator.next(stateAt(released.seq));
    expect(e.state).toMatchObject({ currentItemKey: "msel-2" });
    expect(e.state.released[0]).toMatchObject({ key: "msel-2", expectedAction: "Refer to the PIO." });
    expect(item((await controller.next(stateAt(released.seq))).state, "msel-2").status).toBe("released");
    for (const m of player.messages) expectNoExpectedAction(m);

    // Pings are answered.
    player.ws.send("ping");
    await player.next((m) => m.type === "pong", "pong");

    // An evaluator sees their own observation come back, tied to the current inject.
    const note = { clientKey: clientKey(), capability: "Mass Care Services", text: "Shelter B opened.", rating: "P" };
    const ack = await json(await api(`/api/conduct/t/${s.evaluatorToken}/observations`, { body: note }));
    const withNote = await evaluator.next(stateAt(ack.seq));
    expect(withNote.state.observations).toEqual([expect.objectContaining({ clientKey: note.clientKey, itemKey: "msel-2" })]);
    for (const c of [controller, player, evaluator]) c.ws.close(1000, "done");
  });

  it("reconnecting gets the latest state at once", async () => {
    const s = await sessionWithLinks();
    const first = await openSocket(`/api/conduct/t/${s.playerToken}/socket`);
    await first.next(stateAt(0));
    first.ws.close(1000, "phone locked");
    await command(owner, s.id, { type: "start" });
    const later = await command(owner, s.id, { type: "release", itemKey: "msel-2" });
    const again = await openSocket(`/api/conduct/t/${s.playerToken}/socket`);
    const m = await again.next((x) => x.type === "state");
    expect(m.state.seq).toBe(later.seq);
    expect((m.state.injects as Json[]).map((i) => i.key)).toEqual(["msel-2", "msel-0"]);
    again.ws.close(1000);
  });

  it("refuses strangers, cross-site controller sockets and plain GETs", async () => {
    const s = await sessionWithLinks();
    const path = `/api/conduct/sessions/${s.id}/socket`;
    const strangerRes = await SELF.fetch(`${ORIGIN}${path}`, { headers: { upgrade: "websocket", origin: ORIGIN, cookie: stranger.cookie } });
    expect(strangerRes.status).toBe(404);
    const signedOut = await SELF.fetch(`${ORIGIN}${path}`, { headers: { upgrade: "websocket", origin: ORIGIN } });
    expect(signedOut.status).toBe(401);
    const crossSite = await SELF.fetch(`${ORIGIN}${path}`, { headers: { upgrade: "websocket", origin: "https://evil.example", cookie: owner.cookie } });
    expect(crossSite.status).toBe(403);
    const plain = await SELF.fetch(`${ORIGIN}${path}`, { headers: { cookie: owner.cookie } });
    expect(plain.status).toBe(426);
    const unknownLink = await SELF.fetch(`${ORIGIN}/api/conduct/t/${"B".repeat(43)}/socket`, { headers: { upgrade: "websocket" } });
    expect(unknownLink.status).toBe(404);
    // A link socket needs no particular origin: the secret is in the path, there is no cookie.
    const anywhere = await openSocket(`/api/conduct/t/${s.playerToken}/socket`, { origin: "https://kiosk.example" });
    await anywhere.next(stateAt(0));
    anywhere.ws.close(1000);
  });

  it("a revoked link is 404 and its open sockets are told it is gone", async () => {
    const s = await sessionWithLinks();
    const player = await openSocket(`/api/conduct/t/${s.playerToken}/socket`);
    await player.next(stateAt(0));
    await api(`/api/conduct/sessions/${s.id}/links/${s.player.id}/revoke`, { user: owner, body: {} });
    const gone = await player.next((m) => m.type === "gone", "gone");
    expect(gone.message).toBe(CONDUCT_MESSAGES.linkNotFound);
    expect((await player.closed).code).toBe(4404);
    const res = await SELF.fetch(`${ORIGIN}/api/conduct/t/${s.playerToken}/socket`, { headers: { upgrade: "websocket" } });
    expect(res.status).toBe(404);
    expect((await api(`/api/conduct/t/${s.playerToken}`)).status).toBe(404);
  });

  it("uses the Hibernation API: the object holds its sockets through ctx.acceptWebSocket", async () => {
    const s = await sessionWithLinks();
    const a = await openSocket(`/api/conduct/t/${s.playerToken}/socket`);
    const b = await openSocket(`/api/conduct/t/${s.evaluatorToken}/socket`);
    await a.next(stateAt(0));
    await b.next(stateAt(0));
    const counts = await runInDurableObject(stub(s.id), (_instance, state) => ({
      all: state.getWebSockets().length,
      player: state.getWebSockets(`link:${s.player.id}`).length,
    }));
    expect(counts).toEqual({ all: 2, player: 1 });
    a.ws.close(1000);
    b.ws.close(1000);
  });
});

describe("the session object", () => {
  it("releases scheduled items through its alarm when the clock reaches them", async () => {
    const s = await sessionWithLinks();
    const started = await command(owner, s.id, { type: "start" });
    expect(item(started, "msel-1").status).toBe("pending");
    const player = await openSocket(`/api/conduct/t/${s.playerToken}/socket`);
    await player.next(stateAt(started.seq));
    // Nothing is due yet: the alarm runs and releases nothing.
    await runDurableObjectAlarm(stub(s.id));
    expect(item(await json(await api(`/api/conduct/sessions/${s.id}`, { user: owner })), "msel-1").status).toBe("pending");
    // Five minutes later by the app's clock (msel-1 is at T+5).
    shiftClock(startOffset + 5 * 60_000 + 1_000);
    expect(await runDurableObjectAlarm(stub(s.id))).toBe(true);
    const after = await json(await api(`/api/conduct/sessions/${s.id}`, { user: owner }));
    expect(item(after, "msel-1").status).toBe("released");
    expect(after.seq).toBe(started.seq + 1);
    const pushed = await player.next(stateAt(after.seq), "the scheduled release pushed to the player");
    expect(pushed.state.injects[0].key).toBe("msel-1");
    const events = (await json(await api(`/api/conduct/sessions/${s.id}/events`, { user: owner }))).events as Json[];
    expect(events.at(-1)).toMatchObject({ actorRole: "system", payload: { kind: "released", itemKey: "msel-1", scheduled: true } });
    player.ws.close(1000);
  });

  it("keeps its state when evicted and re-created, and its D1 mirror matches its events in order", async () => {
    const s = await sessionWithLinks();
    await command(owner, s.id, { type: "start" });
    await command(owner, s.id, { type: "module", moduleIndex: 0 });
    const answer = { clientKey: clientKey(), moduleIndex: 0, questionIndex: 0, text: "The county EOC director." };
    await api(`/api/conduct/t/${s.playerToken}/answers`, { body: answer });
    await command(owner, s.id, { type: "release", itemKey: "msel-2" });
    const before = await json(await api(`/api/conduct/sessions/${s.id}`, { user: owner }));

    await evictDurableObject(stub(s.id));
    const after = await json(await api(`/api/conduct/sessions/${s.id}`, { user: owner }));
    expect(after.seq).toBe(before.seq);
    const withoutDue = (items: Json[]) => items.map(({ dueAt: _dueAt, ...rest }) => rest);
    expect(withoutDue(after.items as Json[])).toEqual(withoutDue(before.items as Json[]));
    expect((after.items as Json[]).map((i) => i.status)).toEqual(["released", "pending", "released"]);
    expect(after.currentModule).toBe(0);
    // Idempotency survives eviction too.
    expect((await json(await api(`/api/conduct/t/${s.playerToken}/answers`, { body: answer }))).duplicate).toBe(true);

    const objectEvents = await runInDurableObject(stub(s.id), (_i, state) =>
      state.storage.sql.exec<{ seq: number; id: string; kind: string; mirrored: number }>("SELECT seq, id, kind, mirrored FROM events ORDER BY seq").toArray(),
    );
    const mirrored = await getDb(env.DB).select().from(conductEvents).where(eq(conductEvents.sessionId, s.id)).orderBy(asc(conductEvents.seq));
    expect(mirrored.map((e) => [e.seq, e.id, e.kind])).toEqual(objectEvents.map((e) => [e.seq, e.id, e.kind]));
    expect(objectEvents.every((e) => e.mirrored === 1)).toBe(true);
    expect(mirrored.map((e) => e.kind)).toEqual(["started", "released", "module", "answer", "released"]);
  });

  it("resends states when the EEG is saved or feedback arrives, so open pages update without a new event", async () => {
    const s = await sessionWithLinks();
    const controller = await openSocket(`/api/conduct/sessions/${s.id}/socket`, { cookie: owner.cookie });
    const evaluator = await openSocket(`/api/conduct/t/${s.evaluatorToken}/socket`);
    expect((await evaluator.next(stateAt(0))).state.guides).toEqual([]);
    await controller.next(stateAt(0));

    const guide = { id: "", capability: "Mass Care Services", objectives: ["Open two shelters within 2 hours."], targets: [] };
    await api(`/api/conduct/sessions/${s.id}/eeg`, { method: "PUT", user: owner, body: { content: { guides: [guide] } } });
    const updated = await evaluator.next((m) => m.type === "state" && (m.state.guides as Json[]).length === 1, "the evaluator's state with the saved guide");
    expect(updated.state.guides[0]).toMatchObject({ capability: "Mass Care Services" });

    const feedback = await createLink(owner, s.id, "feedback", "Hot wash");
    const form = { clientKey: clientKey(), content: { strengths: ["Clear roles"], improvements: [], ratings: { structure: 5 } } };
    expect((await api(`/api/feedback/${tokenOf(feedback)}`, { body: form })).status).toBe(201);
    const counted = await controller.next((m) => m.type === "state" && (m.state.counts as Json).feedback === 1, "the controller's feedback count");
    expect(counted.state.counts).toMatchObject({ feedback: 1 });
    for (const c of [controller, evaluator]) c.ws.close(1000, "done");
  });
});
