import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client";
import { campaignExercises, exercises } from "../../worker/db/schema";
import { createCampaign, createExercise } from "../exercises/helpers";
import { createTestUser } from "../helpers/auth";
import { aiEnv, balance, call, grant, stripePlan } from "./helpers";

type LockBody = { locked: boolean; heldByYou: boolean; lockedByUserId: string | null; lockedByName: string | null; lockExpires: string | null };

async function campaignExercise() {
  const owner = await stripePlan(await createTestUser({ plan: "TEAM", firstName: "Olive", lastName: "Owner" }));
  const member = await stripePlan(await createTestUser({ plan: "TEAM", firstName: "Milo", lastName: "Member" }));
  const campaignId = await createCampaign(owner, [member]);
  const res = await call(owner, "POST", `/api/collaborate/campaigns/${campaignId}/exercises/create`, { exercise: { name: "Levee breach TTX" } });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  return { owner, member, campaignId, id, base: `/api/collaborate/campaigns/${campaignId}/exercises/${id}` };
}

const lockRow = (id: string) =>
  getDb(env.DB).select({ by: campaignExercises.lockedByUserId, expires: campaignExercises.lockExpires }).from(campaignExercises).where(eq(campaignExercises.id, id)).get();

describe("exercise edit lock", () => {
  it("two users racing for the lock: exactly one wins, the other gets 423 with the holder", async () => {
    const { owner, member, base } = await campaignExercise();
    const [a, b] = await Promise.all([call(owner, "POST", `${base}/lock`), call(member, "POST", `${base}/lock`)]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 423]);
    const [winner, loserRes, winnerUser, loserUser] = a.status === 200 ? [a, b, owner, member] : [b, a, member, owner];
    const won = (await winner.json()) as LockBody;
    expect(won).toMatchObject({ locked: true, heldByYou: true, lockedByUserId: winnerUser.userId });
    const lost = (await loserRes.json()) as Record<string, unknown>;
    expect(lost).toMatchObject({ code: "locked", lockedByUserId: winnerUser.userId, lockedByName: winnerUser === owner ? "Olive Owner" : "Milo Member" });
    expect(typeof lost.lockExpires).toBe("string");

    // D1 mirrors the holder.
    const row = await lockRow(base.split("/").pop()!);
    expect(row?.by).toBe(winnerUser.userId);
    expect(row?.expires?.getTime()).toBe(Date.parse(won.lockExpires!));

    // The loser's writes and assistant calls are refused while the lock is held.
    const update = await call(loserUser, "PUT", `${base}/update`, { exercise: { name: "Hijacked" } });
    expect(update.status).toBe(423);
    await grant(loserUser.accountId, 20);
    const chat = await call(loserUser, "PUT", `${base}/conversations`, { sectionType: "intro", purpose: "content", messages: [] }, { env: aiEnv() });
    expect(chat.status).toBe(423);
    expect(await chat.json()).toMatchObject({ code: "locked", lockedByUserId: winnerUser.userId });
    expect(await balance(loserUser.accountId)).toEqual({ current: 20, pending: 0 });

    // GET shows the holder to both.
    const seen = (await (await call(loserUser, "GET", `${base}/lock`)).json()) as LockBody;
    expect(seen).toMatchObject({ locked: true, heldByYou: false, lockedByUserId: winnerUser.userId });

    // A release by the non-holder changes nothing.
    expect((await call(loserUser, "DELETE", `${base}/lock`)).status).toBe(423);

    // The holder renews (heartbeat), then releases; the other user can then take it.
    const renewed = (await (await call(winnerUser, "POST", `${base}/lock`)).json()) as LockBody;
    expect(Date.parse(renewed.lockExpires!)).toBeGreaterThanOrEqual(Date.parse(won.lockExpires!));
    const released = await call(winnerUser, "DELETE", `${base}/lock`);
    expect(released.status).toBe(200);
    expect(await released.json()).toMatchObject({ locked: false, lockedByUserId: null });
    expect((await lockRow(base.split("/").pop()!))?.by).toBeNull();
    const taken = await call(loserUser, "POST", `${base}/lock`);
    expect(taken.status).toBe(200);
    expect((await call(loserUser, "PUT", `${base}/update`, { exercise: { name: "Now mine" } })).status).toBe(200);
    // The campaign exercise's assistant now answers the new holder (and charges their account).
    const answer = await call(loserUser, "PUT", `${base}/conversations`, { sectionType: "intro", purpose: "conversation", messages: [{ role: "user", content: "Ready?" }] }, { env: aiEnv() });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain("fake assistant");
    expect(await balance(loserUser.accountId)).toEqual({ current: 17, pending: 0 });
    // The editor's framing for campaign exercises: NDJSON events on …/conversations/v2.
    const framed = await call(loserUser, "PUT", `${base}/conversations/v2`, { sectionType: "intro", purpose: "conversation", messages: [{ role: "user", content: "Again?" }] }, { env: aiEnv() });
    expect(framed.status).toBe(200);
    expect(framed.headers.get("content-type")).toContain("application/x-ndjson");
    const events = (await framed.text()).trim().split("\n").map((line) => JSON.parse(line) as { type: string; delta?: string });
    expect(events[0]?.type).toBe("meta");
    expect(events.filter((e) => e.type === "text").map((e) => e.delta).join("")).toContain("fake assistant");
    // The holder lets go: the other member's v2 call is refused like any write.
    await call(loserUser, "DELETE", `${base}/lock`);
    await call(winnerUser, "POST", `${base}/lock`);
    expect((await call(loserUser, "PUT", `${base}/conversations/v2`, { sectionType: "intro", purpose: "conversation", messages: [{ role: "user", content: "Mine?" }] }, { env: aiEnv() })).status).toBe(423);
  });

  it("personal exercise: the owner locks and releases; anyone else gets 404, signed-out 401", async () => {
    const owner = await createTestUser({ plan: "SOLO" });
    const other = await createTestUser({ plan: "SOLO" });
    const id = await createExercise(owner, { name: "Solo" });
    const held = await call(owner, "POST", `/api/exercises/${id}/lock`);
    expect(held.status).toBe(200);
    const row = await getDb(env.DB).select({ by: exercises.lockedByUserId }).from(exercises).where(eq(exercises.id, id)).get();
    expect(row?.by).toBe(owner.userId);
    expect((await call(other, "POST", `/api/exercises/${id}/lock`)).status).toBe(404);
    expect((await call(other, "GET", `/api/exercises/${id}/lock`)).status).toBe(404);
    expect((await call(null, "POST", `/api/exercises/${id}/lock`)).status).toBe(401);
    // The holder keeps editing while holding the lock.
    expect((await call(owner, "PUT", `/api/exercises/${id}/update`, { exercise: { name: "Solo 2" } })).status).toBe(200);
    const beacon = await call(owner, "POST", `/api/exercises/${id}/lock/release`);
    expect(beacon.status).toBe(200);
    expect(((await (await call(owner, "GET", `/api/exercises/${id}/lock`)).json()) as LockBody).locked).toBe(false);
  });
});

