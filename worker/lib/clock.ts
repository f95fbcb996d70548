/**
 * The app's one clock. Every rule that depends on the time (ledger windows, trials, plan periods,
 * expiries, cron claims, sessions, locks, ingest staleness) reads it here or takes `now` from its
 * caller, so tests can pin an instant and the whole suite can run as if on another date.
 *
 * Running on another date: `shiftClock(ms)` (test set-up only, from the TEST_CLOCK_OFFSET_MS binding)
 * moves this clock, and the isolate's `Date` with it so that libraries reading `Date` themselves
 * (better-auth's session and token expiries, jose) agree with ours. Durable Object alarms are
 * scheduled by the runtime against its own clock, so they use `runtimeNow()`.
 */
// Kept on globalThis, not in this module: the Remix server build bundles its own copy of this file,
// and a test runtime may evaluate it more than once; every copy must read one offset and the real Date.
type ClockState = { realDate: DateConstructor; offsetMs: number };
const STATE = Symbol.for("readyroom.clock");
const state: ClockState = ((globalThis as { [STATE]?: ClockState })[STATE] ??= { realDate: Date, offsetMs: 0 });
const RealDate = state.realDate;
const realNow = () => RealDate.now();

/** Milliseconds since the epoch, as the app sees them. */
export function nowMs(): number {
  return realNow() + state.offsetMs;
}

export function nowDate(): Date {
  return new RealDate(nowMs());
}

/** The runtime's own time, for absolute times the runtime compares (Durable Object alarms). */
export function runtimeNow(): number {
  return realNow();
}

export function clockOffsetMs(): number {
  return state.offsetMs;
}

/**
 * Test-only: runs the app `ms` milliseconds away from the real time. Also replaces the global
 * `Date` (same prototype, so `instanceof Date` still holds) so that third-party code agrees.
 */
export function shiftClock(ms: number): void {
  if (!Number.isFinite(ms)) throw new TypeError(`shiftClock: ${ms} is not a number of milliseconds`);
  state.offsetMs = Math.trunc(ms);
  globalThis.Date = state.offsetMs === 0 ? RealDate : shiftedDate();
}

function shiftedDate(): DateConstructor {
  function ShiftedDate(this: unknown, ...args: unknown[]) {
    // Called without `new`, Date() returns the current time as a string.
    if (!new.target) return new RealDate(nowMs()).toString();
    return args.length === 0 ? new RealDate(nowMs()) : new (RealDate as unknown as new (...a: unknown[]) => Date)(...args);
  }
  ShiftedDate.prototype = RealDate.prototype;
  ShiftedDate.now = nowMs;
  ShiftedDate.parse = RealDate.parse;
  ShiftedDate.UTC = RealDate.UTC;
  return ShiftedDate as unknown as DateConstructor;
}
