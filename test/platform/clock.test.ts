import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ExerciseLock } from "../../durable-objects/exercise-lock";
import { nowMs, runtimeNow } from "../../worker/lib/clock";

describe("the run's clock inside the Worker", () => {
  it("is moved by TEST_CLOCK_OFFSET_MS, and a Durable Object (same isolate) reads the same clock", async () => {
    const offset = Number(env.TEST_CLOCK_OFFSET_MS ?? 0);
    expect(Math.abs(nowMs() - runtimeNow() - offset)).toBeLessThan(1000);
    const ns = env.EXERCISE_LOCK as unknown as DurableObjectNamespace<ExerciseLock>;
    const lock = ns.get(ns.idFromName(crypto.randomUUID()));
    const before = nowMs();
    const state = await lock.acquire("clock-test-user", 60_000);
    expect(state.lockExpires).toBeGreaterThanOrEqual(before + 60_000);
    expect(state.lockExpires).toBeLessThan(nowMs() + 60_000 + 1000);
  });
});
