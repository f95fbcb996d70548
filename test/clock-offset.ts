/**
 * Runs the suite as if on another date: `READYROOM_TEST_NOW=2028-02-29T23:59:00Z npm run test:unit`.
 * The offset from the real clock is computed once per run and kept in TEST_CLOCK_OFFSET_MS, so the
 * Worker under test (a binding, read by worker/lib/clock.ts), the Node tests and the fake third
 * parties (test/fakes) all see the same moved clock. Unset, the offset is 0.
 */
export function testClockOffsetMs(env: NodeJS.ProcessEnv = process.env): number {
  if (env.TEST_CLOCK_OFFSET_MS !== undefined) return Number(env.TEST_CLOCK_OFFSET_MS);
  const target = env.READYROOM_TEST_NOW;
  let offset = 0;
  if (target) {
    const at = Date.parse(target);
    if (Number.isNaN(at)) throw new Error(`READYROOM_TEST_NOW=${target} is not an ISO date-time (e.g. 2028-02-29T23:59:00Z).`);
    // oxlint-disable-next-line readyroom/no-clock-in-tests -- the run's offset is measured from the real clock, once
    offset = at - Date.now();
  }
  env.TEST_CLOCK_OFFSET_MS = String(offset);
  return offset;
}

/** The fakes' clock: real time moved by the run's offset. */
// oxlint-disable-next-line readyroom/no-clock-in-tests -- the fakes run in vitest's own process, where Date is the real one
export const fakeNowMs = () => Date.now() + testClockOffsetMs();
