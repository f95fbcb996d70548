/**
 * Counters for public writes (a feedback link's posts, per link and per client address), shared by
 * every isolate: fixed windows in D1's RateLimit table, the one better-auth's sign-in limits and the
 * daily upload bytes already use, so the daily housekeeping (worker/jobs/housekeeping.ts) deletes
 * their old rows with the rest.
 *
 * Why D1 and not the session's Durable Object: a client address's count spans every link and
 * session it posts to, which no single session object sees; D1 is one round trip the write pays
 * anyway, and every isolate shares it.
 *
 * Why a fixed window: one conditional upsert takes a slot or refuses it, atomically (D1 runs each
 * statement alone), so parallel posts never overshoot a window's `max`, and Retry-After is exact
 * (the window's end). Refused requests are not counted. The cost: a burst straddling a window's
 * edge can pass up to 2 × max within one window's length.
 */

export type RateLimitRule = {
  /** What is counted, e.g. `feedback:link:{id}`; the window's start is appended. */
  key: string;
  /** Requests taken per window. */
  max: number;
  windowMs: number;
};

export type RateLimitRefusal = { rule: RateLimitRule; retryAfterSeconds: number };

const TAKE = `INSERT INTO "RateLimit" ("id", "key", "count", "lastRequest") VALUES (?1, ?2, 1, ?3)
ON CONFLICT ("key") DO UPDATE SET "count" = "count" + 1, "lastRequest" = ?3 WHERE "count" < ?4
RETURNING "count"`;

const windowStart = (rule: RateLimitRule, now: number) => Math.floor(now / rule.windowMs) * rule.windowMs;

/**
 * Takes one slot of every rule at `now`, in one D1 batch. Null when all had room; else the refusal
 * that frees last (its Retry-After covers the others). A rule that had room keeps its slot even
 * when another refused: the request was made.
 */
export async function takeRateLimits(d1: D1Database, rules: readonly RateLimitRule[], now: number): Promise<RateLimitRefusal | null> {
  if (!rules.length) return null;
  const results = await d1.batch<{ count: number }>(
    rules.map((rule) => d1.prepare(TAKE).bind(crypto.randomUUID(), `${rule.key}:${windowStart(rule, now)}`, now, rule.max)),
  );
  let refusal: RateLimitRefusal | null = null;
  for (const [i, rule] of rules.entries()) {
    if (results[i]?.results.length) continue;
    const retryAfterSeconds = Math.max(1, Math.ceil((windowStart(rule, now) + rule.windowMs - now) / 1000));
    if (!refusal || retryAfterSeconds > refusal.retryAfterSeconds) refusal = { rule, retryAfterSeconds };
  }
  return refusal;
}

/** "45 seconds", "1 minute", "3 minutes": how long to wait, for a message. */
export function waitPhrase(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
