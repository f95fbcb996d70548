import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client";
import { campaignExercises, exercises } from "../../worker/db/schema";
import { createCampaign, createExercise } from "../exercises/helpers";
import { api, apiError, expectStatus, json } from "../helpers/api";
import { createTestUser } from "../helpers/auth";
import { aiEnv, balance, grant, readNdjson, stripePlan } from "./helpers";

type LockBody = { locked: boolean; heldByYou: boolean; lockedByUserId: string | null; lockedByName: string | null; lockExpires: string | null };

async function campaignExercise() {
  const owner = await stripePlan(await createTestUser({ plan: "TEAM", firstName: "Olive", lastName: "Owner" }));
  const member = await stripePlan(await createTestUser({ plan: "TEAM", firstName: "Milo", lastName: "Member" }));
  // Two who may collaborate on it (spec §6): the team's admin and a campaign manager, both with the flag.
  const campaignId = await createCampaign(owner, [member], { collaborateRole: "CAMPAIGN_MANAGER" });
  const res = await api(`/api/collaborate/campaigns/${campaignId}/exercises/create`, {
    method: "POST",
    user: owner,
    body: { exercise: { name: "Levee breach TTX" } },
  });
  await expectStatus(res, 201);
  const { id } = await json<{ id: string }>(res);
  return { owner, member, campaignId, id, base: `/api/collaborate/campaigns/${campaignId}/exercises/${id}` };
}

const lockRow = (id: string) =>
  getDb(env.DB)
    .select({ by: campaignExercises.lockedByUserId, expires: campaignExercises.lockExpires })
    .from(campaignExercises)
    .where(eq(campaignExercises.id, id))
    .get();

describe("exercise edit lock", () => {
  it("two users racing for the lock: exactly one wins, the other gets 423 with the holder", async () => {
    const { owner, member, base } = await campaignExercise();
    const [a, b] = await Promise.all([api(`${base}/lock`, { method: "POST", user: owner }), api(`${base}/lock`, { method: "POST", user: member })]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 423]);
    const [winner, loserRes, winnerUser, loserUser] = a.status === 200 ? [a, b, owner, member] : [b, a, member, owner];
    const won = await json<LockBody>(winner);
    expect(won).toMatchObject({ locked: true, heldByYou: true, lockedByUserId: winnerUser.userId });
    const lost = await apiError(loserRes);
    expect(lost).toMatchObject({ code: "locked", lockedByUserId: winnerUser.userId, lockedByName: winnerUser === owner ? "Olive Owner" : "Milo Member" });
    expect(typeof lost.lockExpires).toBe("string");

    // D1 mirrors the holder.
    const row = await lockRow(base.split("/").pop()!);
    expect(row?.by).toBe(winnerUser.userId);
    expect(row?.expires?.getTime()).toBe(Date.parse(won.lockExpires!));

    // The loser's writes and assistant calls are refused while the lock is held.
    const update = await api(`${base}/update`, { method: "PUT", user: loserUser, body: { exercise: { name: "Hijacked" } } });
    await expectStatus(update, 423);
    await grant(loserUser.accountId, 20);
    const chat = await api(`${base}/conversations`, {
      method: "PUT",
      user: loserUser,
      body: { sectionType: "intro", purpose: "content", messages: [] },
      env: aiEnv(),
    });
    await expectStatus(chat, 423);
    expect(await apiError(chat)).toMatchObject({ code: "locked", lockedByUserId: winnerUser.userId });
    expect(await balance(loserUser.accountId)).toEqual({ current: 20, pending: 0 });

    // GET shows the holder to both.
    const seen = await json<LockBody>(await api(`${base}/lock`, { user: loserUser }));
    expect(seen).toMatchObject({ locked: true, heldByYou: false, lockedByUserId: winnerUser.userId });

    // A release by the non-holder changes nothing.
    await expectStatus(await api(`${base}/lock`, { method: "DELETE", user: loserUser }), 423);

    // The holder renews (heartbeat), then releases; the other user can then take it.
    const renewed = await json<LockBody>(await api(`${base}/lock`, { method: "POST", user: winnerUser }));
    expect(Date.parse(renewed.lockExpires!)).toBeGreaterThanOrEqual(Date.parse(won.lockExpires!));
    const released = await api(`${base}/lock`, { method: "DELETE", user: winnerUser });
    await expectStatus(released, 200);
    expect(await released.json()).toMatchObject({ locked: false, lockedByUserId: null });
    expect((await lockRow(base.split("/").pop()!))?.by).toBeNull();
    const taken = await api(`${base}/lock`, { method: "POST", user: loserUser });
    await expectStatus(taken, 200);
    await expectStatus(await api(`${base}/update`, { method: "PUT", user: loserUser, body: { exercise: { name: "Now mine" } } }), 200);
    // The campaign exercise's assistant now answers the new holder (and charges their account).
    const answer = await api(`${base}/conversations`, {
      method: "PUT",
      user: loserUser,
      body: { sectionType: "intro", purpose: "conversation", messages: [{ role: "user", content: "Ready?" }] },
      env: aiEnv(),
    });
    await expectStatus(answer, 200);
    expect(await answer.text()).toContain("fake assistant");
    expect(await balance(loserUser.accountId)).toEqual({ current: 17, pending: 0 });
    // The editor's framing for campaign exercises: NDJSON events on …/conversations/v2.
    const framed = await api(`${base}/conversations/v2`, {
      method: "PUT",
      user: loserUser,
      body: { sectionType: "intro", purpose: "conversation", messages: [{ role: "user", content: "Again?" }] },
      env: aiEnv(),
    });
    await expectStatus(framed, 200);
    expect(framed.headers.get("content-type")).toContain("application/x-ndjson");
    const events = await readNdjson(framed);
    expect(events[0]?.type).toBe("meta");
    expect(
      events
        .filter((e) => e.type === "text")
        .map((e) => String(e.delta))
        .join(""),
    ).toContain("fake assistant");
    // The holder lets go: the other member's v2 call is refused like any write.
    await api(`${base}/lock`, { method: "DELETE", user: loserUser });
    await api(`${base}/lock`, { method: "POST", user: winnerUser });
    await expectStatus(
      await api(`${base}/conversations/v2`, {
        method: "PUT",
        user: loserUser,
        body: { sectionType: "intro", purpose: "conversation", messages: [{ role: "user", content: "Mine?" }] },
        env: aiEnv(),
      }),
      423,
    );
  });

  it("personal exercise: the owner locks and releases; anyone else gets 404, signed-out 401", async () => {
    const owner = await createTestUser({ plan: "SOLO" });
    const other = await createTestUser({ plan: "SOLO" });
    const id = await createExercise(owner, { name: "Solo" });
    const held = await api(`/api/exercises/${id}/lock`, { method: "POST", user: owner });
    await expectStatus(held, 200);
    const row = await getDb(env.DB).select({ by: exercises.lockedByUserId }).from(exercises).where(eq(exercises.id, id)).get();
    expect(row?.by).toBe(owner.userId);
    await expectStatus(await api(`/api/exercises/${id}/lock`, { method: "POST", user: other }), 404);
    await expectStatus(await api(`/api/exercises/${id}/lock`, { user: other }), 404);
    await expectStatus(await api(`/api/exercises/${id}/lock`, { method: "POST" }), 401);
    // The holder keeps editing while holding the lock.
    await expectStatus(await api(`/api/exercises/${id}/update`, { method: "PUT", user: owner, body: { exercise: { name: "Solo 2" } } }), 200);
    const beacon = await api(`/api/exercises/${id}/lock/release`, { method: "POST", user: owner });
    await expectStatus(beacon, 200);
    expect((await json<LockBody>(await api(`/api/exercises/${id}/lock`, { user: owner }))).locked).toBe(false);
  });
});
