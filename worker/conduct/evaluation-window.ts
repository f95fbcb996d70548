import type { Config } from "../env";

/**
 * When evaluators may write (issue 27, item 5). Notes belong to play: from the session's start, and
 * after the end only for the hot wash: the session's own length (issue 30), EVALUATION_HOT_WASH_MINUTES
 * (60 by default) unless its controller chose another. A note written
 * before the end keeps its time even when it arrives in the hot wash (queued on a phone that was
 * offline); one written after the end is marked "after play". Once the window has passed, evaluator
 * links close: their page says so, their sockets are told and closed, their calls get 410.
 */

/**
 * How far a phone's clock may disagree with ours when it stamps a note (writtenAt). Phones set their
 * time from the network and are usually within seconds, but one that drifted a little must not lose
 * a note written just after the start; two minutes allows that and still refuses a wrong date. A
 * stamp inside the tolerance is stored clamped into the session (never before its start or after now).
 */
export const OBSERVATION_CLOCK_SKEW_MS = 2 * 60_000;

/** A session's hot wash in ms: its own (set at creation, changed by its controller; mirrored to D1), else the deploy's default. */
export const hotWashMs = (session: { hotWashMinutes: number | null }, config: Pick<Config, "EVALUATION_HOT_WASH_MINUTES">) =>
  (session.hotWashMinutes ?? config.EVALUATION_HOT_WASH_MINUTES) * 60_000;

/** When evaluator links close (epoch ms); null while the session has not ended. */
export function evaluationClosesAt(endedAt: number | null, hotWash: number): number | null {
  return endedAt === null ? null : endedAt + hotWash;
}

export function isEvaluationClosed(endedAt: number | null, now: number, hotWash: number): boolean {
  const closesAt = evaluationClosesAt(endedAt, hotWash);
  return closesAt !== null && now >= closesAt;
}
