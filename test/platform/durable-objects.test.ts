import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ExerciseLock } from "../../durable-objects/exercise-lock";
import { nowMs } from "../../worker/lib/clock";

function lockStub(name: string) {
  const ns = env.EXERCISE_LOCK as unknown as DurableObjectNamespace<ExerciseLock>;
  return ns.get(ns.idFromName(name));
}

describe("ExerciseLock", () => {
  it("is free at first, then held by the first caller", async () => {
    const lock = lockStub("exercise-a");
    expect(await lock.get()).toEqual({ ok: true, lockedByUserId: null, lockExpires: null });
    const first = await lock.acquire("user-1", 60_000);
    expect(first.ok).toBe(true);
    expect(first.lockedByUserId).toBe("user-1");
    expect(first.lockExpires).toBeGreaterThan(nowMs());
    expect((await lock.get()).lockedByUserId).toBe("user-1");
  });

  it("refuses a second user while held and reports the holder", async () => {
    const lock = lockStub("exercise-b");
    const held = await lock.acquire("user-1", 60_000);
    const second = await lock.acquire("user-2", 60_000);
    expect(second).toEqual({ ok: false, lockedByUserId: "user-1", lockExpires: held.lockExpires });
    expect((await lock.renew("user-2", 60_000)).ok).toBe(false);
    expect((await lock.release("user-2")).ok).toBe(false);
    expect((await lock.get()).lockedByUserId).toBe("user-1");
  });

  it("lets only one of many concurrent acquirers win", async () => {
    const lock = lockStub("exercise-race");
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => lock.acquire(`user-${i}`, 60_000)));
    const winners = results.filter((r) => r.ok);
    expect(winners).toHaveLength(1);
    for (const r of results) expect(r.lockedByUserId).toBe(winners[0]!.lockedByUserId);
  });

  it("lets the holder renew, and frees the lock on release", async () => {
    const lock = lockStub("exercise-c");
    await lock.acquire("user-1", 1_000);
    const renewed = await lock.renew("user-1", 120_000);
    expect(renewed.ok).toBe(true);
    expect(renewed.lockExpires).toBeGreaterThan(nowMs() + 60_000);
    expect(await lock.release("user-1")).toEqual({ ok: true, lockedByUserId: null, lockExpires: null });
    expect((await lock.acquire("user-2", 60_000)).ok).toBe(true);
  });

  it("frees an expired lock for the next user", async () => {
    const lock = lockStub("exercise-d");
    await lock.acquire("user-1", 60_000);
    // Move the stored expiry into the past rather than sleeping: the test does not depend on time.
    await runInDurableObject(lock, async (_instance, state) => {
      state.storage.sql.exec("UPDATE lock SET expires = ?", nowMs() - 1);
    });
    expect(await lock.get()).toEqual({ ok: true, lockedByUserId: null, lockExpires: null });
    const next = await lock.acquire("user-2", 60_000);
    expect(next.ok).toBe(true);
    expect(next.lockedByUserId).toBe("user-2");
  });

  it("a fresh stub for the same exercise sees the same holder", async () => {
    const ns = env.EXERCISE_LOCK as unknown as DurableObjectNamespace<ExerciseLock>;
    const id = ns.idFromName("exercise-e");
    await ns.get(id).acquire("user-1", 60_000);
    const fresh = ns.get(id);
    expect((await fresh.get()).lockedByUserId).toBe("user-1");
  });

  it("caps the ttl at an hour and gives a nonsense ttl the default", async () => {
    const lock = lockStub("exercise-f");
    const long = await lock.acquire("user-1", 10 * 60 * 60 * 1000);
    expect(long.lockExpires! - nowMs()).toBeLessThanOrEqual(60 * 60 * 1000);
    const zero = await lock.acquire("user-1", 0);
    expect(zero.ok).toBe(true);
    expect(zero.lockExpires).toBeGreaterThan(nowMs());
  });
});

describe("CampaignSynthesis", () => {
  function stub(name: string) {
    return env.CAMPAIGN_SYNTHESIS.get(env.CAMPAIGN_SYNTHESIS.idFromName(name));
  }

  it("starts idle, and a trigger queues a run that a second trigger joins", async () => {
    const s = stub("campaign-1");
    expect((await s.get()).status).toBe("idle");
    expect(await s.view(null, false)).toBeNull();
    const input = { campaignId: "campaign-1", userId: "user-1", mode: "generate-findings" as const, priorCampaignStatus: "ACTIVE" as const };
    const first = await s.trigger({ ...input, threadId: "t-1" });
    expect(first).toMatchObject({ started: true, view: { status: "queued", threadId: "t-1" } });
    const second = await s.trigger({ ...input, threadId: "t-2" });
    expect(second).toMatchObject({ started: false, view: { status: "queued", threadId: "t-1" } });
  });

  it("refuses steps of a thread that is not the running one", async () => {
    const s = stub("campaign-2");
    await s.trigger({ campaignId: "campaign-2", userId: "user-1", mode: "exercise", priorCampaignStatus: "ACTIVE", threadId: "t-1" });
    expect(await s.beginStep("t-other", "anonymising")).toEqual({ ok: false, reason: "stale" });
    expect((await s.fail("t-1", "boom")).ok).toBe(true);
    expect((await s.get()).status).toBe("failed");
  });
});
