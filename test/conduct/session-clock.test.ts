import { env, runInDurableObject } from "cloudflare:test";
import { asc, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ControllerCommand } from "../../shared/conduct/model";
import { getDb, type Database } from "../../worker/db/client";
import { conductEvents, conductSessions } from "../../worker/db/schema";
import { clockOffsetMs, shiftClock } from "../../worker/lib/clock";
import { api, json, type Json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { command, conductExercise, createSession } from "./helpers";

/**
 * The session object's clock when the alarm is late: a pause or an end that lands after a scheduled
 * inject fell due, but before the alarm released it, releases it first (the clock had reached it).
 * And its D1 mirror when two commands' writes overlap.
 */

let owner: TestUser;
const startOffset = clockOffsetMs();

beforeAll(async () => {
  owner = await createTestUser({ plan: "SOLO" });
});
afterEach(() => shiftClock(startOffset));

const stub = (sessionId: string) => env.CONDUCT_SESSION.get(env.CONDUCT_SESSION.idFromName(sessionId));
const item = (state: Json, key: string) => (state.items as Json[]).find((i) => i.key === key)!;
const events = async (id: string) => (await json(await api(`/api/conduct/sessions/${id}/events`, { user: owner }))).events as Json[];

describe("a command that stops the clock after an inject fell due", () => {
  it.each(["pause", "end"] as const)("%s releases the owed inject first, as the clock's event", async (type) => {
    const session = await createSession(owner, await conductExercise(owner));
    await command(owner, session.id, { type: "start" });
    // msel-1 is at T+5; the alarm has not run.
    shiftClock(startOffset + 5 * 60_000 + 1_000);
    const stopped = await command(owner, session.id, { type });
    expect(item(stopped, "msel-1").status).toBe("released");
    expect((await events(session.id)).slice(-2).map((e) => [e.actorRole, e.payload.kind, e.payload.itemKey ?? null])).toEqual([
      ["system", "released", "msel-1"],
      ["controller", type === "pause" ? "paused" : "ended", null],
    ]);
  });

  it("a pause before the inject is due holds it until the clock reaches it after the resume", async () => {
    const session = await createSession(owner, await conductExercise(owner));
    await command(owner, session.id, { type: "start" });
    shiftClock(startOffset + 4 * 60_000);
    expect(item(await command(owner, session.id, { type: "pause" }), "msel-1").status).toBe("pending");
    shiftClock(startOffset + 30 * 60_000);
    const resumed = await command(owner, session.id, { type: "resume" });
    expect(item(resumed, "msel-1").status).toBe("pending");
    // About a minute left to run (the real milliseconds between the calls ran on the clock too).
    const left = Date.parse(item(resumed, "msel-1").dueAt) - Date.parse(resumed.clock.asOf);
    expect(left).toBeGreaterThan(50_000);
    expect(left).toBeLessThanOrEqual(60_000);
  });
});

describe("the D1 mirror", () => {
  it("ends with the object's status when two commands' writes overlap and the first lands last", async () => {
    const session = await createSession(owner, await conductExercise(owner));
    const id = String(session.id);
    await runInDurableObject(stub(id), async (instance) => {
      const object = instance as unknown as {
        db: () => Database;
        command: (c: ControllerCommand, actor: { role: "controller"; id: string; label: string }, access: "control") => Promise<unknown>;
      };
      const realDb = object.db.bind(object);
      let batches = 0;
      // The first D1 batch (the start's mirror) is slow; the pause's overtakes it.
      object.db = () =>
        new Proxy(realDb(), {
          get(target, prop, receiver) {
            if (prop !== "batch") return Reflect.get(target, prop, receiver);
            return async (...args: Parameters<Database["batch"]>) => {
              if (++batches === 1) await new Promise((r) => setTimeout(r, 150));
              return target.batch(...args);
            };
          },
        });
      const actor = { role: "controller" as const, id: owner.userId, label: "Owner" };
      const start = object.command({ type: "start" }, actor, "control");
      await new Promise((r) => setTimeout(r, 20));
      await Promise.all([start, object.command({ type: "pause" }, actor, "control")]);
    });
    const [row] = await getDb(env.DB).select().from(conductSessions).where(eq(conductSessions.id, id));
    expect(row!.status).toBe("paused");
    const mirrored = await getDb(env.DB).select().from(conductEvents).where(eq(conductEvents.sessionId, id)).orderBy(asc(conductEvents.seq));
    expect(mirrored.map((e) => [e.seq, e.kind])).toEqual([
      [1, "started"],
      [2, "released"],
      [3, "paused"],
    ]);
  });
});
