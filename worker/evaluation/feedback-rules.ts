import type { Config } from "../env";
import { gone, HttpError, tooManyRequests } from "../lib/errors";
import { takeRateLimits, waitPhrase, type RateLimitRule } from "../lib/rate-limit";

/**
 * What bounds a public feedback link (issue 27): a session's form takes at most
 * FEEDBACK_MAX_RESPONSES responses, closes FEEDBACK_CLOSE_AFTER_DAYS after the session ends, and
 * each link and each client address may post only so often (worker/lib/rate-limit.ts). Every AAR
 * draft reads these responses, and the controller pays for it: anonymous posts must not be free.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const MINUTE_MS = 60_000;

export function feedbackClosedMessage(config: Pick<Config, "FEEDBACK_CLOSE_AFTER_DAYS">): string {
  const days = config.FEEDBACK_CLOSE_AFTER_DAYS;
  const when = days === 0 ? "when the exercise ended" : `${days} day${days === 1 ? "" : "s"} after the exercise ended`;
  return `This feedback form closed ${when}. If you still have feedback, send it to the exercise planners directly.`;
}

export function feedbackFullMessage(config: Pick<Config, "FEEDBACK_MAX_RESPONSES">): string {
  return `This form is full: it has taken the ${config.FEEDBACK_MAX_RESPONSES} responses it can hold. If you still have feedback, send it to the exercise planners directly.`;
}

/** When the form stops taking responses (epoch ms); null while the session has not ended. */
function feedbackClosesAt(endedAt: Date | null, config: Pick<Config, "FEEDBACK_CLOSE_AFTER_DAYS">): number | null {
  return endedAt === null ? null : endedAt.getTime() + config.FEEDBACK_CLOSE_AFTER_DAYS * DAY_MS;
}

export function isFeedbackClosed(endedAt: Date | null, now: number, config: Pick<Config, "FEEDBACK_CLOSE_AFTER_DAYS">): boolean {
  const closesAt = feedbackClosesAt(endedAt, config);
  return closesAt !== null && now >= closesAt;
}

/** 410 once the form has closed. */
export function assertFeedbackOpen(endedAt: Date | null, now: number, config: Config): void {
  if (isFeedbackClosed(endedAt, now, config)) throw gone(feedbackClosedMessage(config), "feedback_closed");
}

export const feedbackFull = (config: Config) => new HttpError(409, "feedback_full", feedbackFullMessage(config));

/**
 * Takes this post's slot on its link and its client address, or 429 with Retry-After. The address
 * is CF-Connecting-IP (Cloudflare sets it; a client cannot); without one, all such posts share a count.
 */
export async function takeFeedbackSlot(d1: D1Database, config: Config, input: { linkId: string; address: string | null }, now: number): Promise<void> {
  const link: RateLimitRule = { key: `feedback:link:${input.linkId}`, max: config.FEEDBACK_MAX_PER_LINK_PER_MINUTE, windowMs: MINUTE_MS };
  const address: RateLimitRule = {
    key: `feedback:address:${input.address?.trim() || "unknown"}`,
    max: config.FEEDBACK_MAX_PER_ADDRESS_PER_MINUTE,
    windowMs: MINUTE_MS,
  };
  const refusal = await takeRateLimits(d1, [link, address], now);
  if (!refusal) return;
  const wait = waitPhrase(refusal.retryAfterSeconds);
  const message =
    refusal.rule === link
      ? `Many people are sending this form right now. Wait ${wait} and submit again: what you wrote is still here.`
      : `Too many feedback forms were sent from your network in the last minute. Wait ${wait} and submit again: what you wrote is still here.`;
  throw tooManyRequests(message, "rate_limited", { retryAfter: refusal.retryAfterSeconds }, { "retry-after": String(refusal.retryAfterSeconds) });
}
