import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { appContext } from "../../worker/context";
import { housekeeping } from "../../worker/jobs/housekeeping";
import { takeRateLimits, waitPhrase, type RateLimitRule } from "../../worker/lib/rate-limit";

// worker/lib/rate-limit.ts: fixed-window counters in D1 that every isolate shares (issue 27, the
// feedback links' limits). Each test counts under a key of its own and passes `now`.

const MINUTE = 60_000;
/** An instant 10 s into a window, so "the window's end" is 50 s away. */
const T = Date.UTC(2027, 0, 12, 9, 30, 10);
const rule = (max: number): RateLimitRule => ({ key: `test:${crypto.randomUUID()}`, max, windowMs: MINUTE });
const countRows = async (r: RateLimitRule) =>
  (await env.DB.prepare('SELECT count(*) AS n FROM "RateLimit" WHERE substr("key", 1, ?1) = ?2').bind(r.key.length, r.key).first<{ n: number }>())?.n ?? 0;

describe("takeRateLimits", () => {
  it("takes `max` a window, refuses the next with the seconds to the window's end, and opens again at the next window", async () => {
    const r = rule(2);
    expect(await takeRateLimits(env.DB, [r], T)).toBeNull();
    expect(await takeRateLimits(env.DB, [r], T + 1_000)).toBeNull();
    expect(await takeRateLimits(env.DB, [r], T + 2_000)).toEqual({ rule: r, retryAfterSeconds: 48 });
    // Refusals are not counted: still refused, never more.
    expect(await takeRateLimits(env.DB, [r], T + 49_500)).toEqual({ rule: r, retryAfterSeconds: 1 });
    expect(await takeRateLimits(env.DB, [r], T + 50_000)).toBeNull();
  });

  it("never lets parallel requests past `max` in a window", async () => {
    const r = rule(3);
    const results = await Promise.all(Array.from({ length: 12 }, () => takeRateLimits(env.DB, [r], T)));
    expect(results.filter((x) => x === null)).toHaveLength(3);
  });

  it("answers the refusal that frees last when several rules refuse", async () => {
    const minute = rule(1);
    const hour: RateLimitRule = { ...rule(1), windowMs: 60 * MINUTE };
    await takeRateLimits(env.DB, [minute, hour], T);
    const refusal = await takeRateLimits(env.DB, [minute, hour], T + 1_000);
    expect(refusal?.rule).toBe(hour);
    expect(refusal?.retryAfterSeconds).toBe(30 * 60 - 11);
  });

  it("its rows are deleted by the daily housekeeping two days after their last use", async () => {
    const r = rule(5);
    await takeRateLimits(env.DB, [r], T);
    expect(await countRows(r)).toBe(1);
    await housekeeping(appContext(env), T + 24 * 60 * MINUTE);
    expect(await countRows(r)).toBe(1);
    await housekeeping(appContext(env), T + 2 * 24 * 60 * MINUTE + 1);
    expect(await countRows(r)).toBe(0);
  });

  it("says how long to wait in words", () => {
    expect([1, 45, 60, 61, 150].map(waitPhrase)).toEqual(["1 second", "45 seconds", "1 minute", "2 minutes", "3 minutes"]);
  });
});
