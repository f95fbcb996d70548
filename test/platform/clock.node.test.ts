import { afterEach, describe, expect, it } from "vitest";
import { clockOffsetMs, nowDate, nowMs, runtimeNow, shiftClock } from "../../worker/lib/clock";

const YEAR = 366 * 24 * 60 * 60 * 1000;

describe("the one clock", () => {
  const runOffset = clockOffsetMs();
  afterEach(() => shiftClock(runOffset));

  it("moves the app's time, and Date with it, by the test offset; the runtime's time stays real", () => {
    shiftClock(YEAR);
    const real = runtimeNow();
    expect(nowMs() - real).toBeGreaterThanOrEqual(YEAR);
    expect(nowMs() - real).toBeLessThan(YEAR + 1000);
    // oxlint-disable-next-line readyroom/no-clock-in-tests -- the clock's own test: the global Date must follow it
    expect(Date.now() - real).toBeGreaterThanOrEqual(YEAR);
    // oxlint-disable-next-line readyroom/no-clock-in-tests -- as above
    expect(new Date().getTime() - real).toBeGreaterThanOrEqual(YEAR);
    expect(nowDate().getTime() - real).toBeGreaterThanOrEqual(YEAR);
    expect(typeof (Date as unknown as () => string)()).toBe("string");
  });

  it("leaves explicit dates, parsing and instanceof alone", () => {
    shiftClock(-YEAR);
    const leapDay = new Date("2028-02-29T12:00:00Z");
    expect(leapDay.getTime()).toBe(Date.UTC(2028, 1, 29, 12));
    expect(new Date(2028, 1, 29).getDate()).toBe(29);
    expect(Date.parse("2028-02-29T12:00:00Z")).toBe(Date.UTC(2028, 1, 29, 12));
    expect(leapDay).toBeInstanceOf(Date);
    expect(nowDate()).toBeInstanceOf(Date);
  });

  it("restores the real Date at offset 0 and refuses a non-number", () => {
    shiftClock(0);
    // oxlint-disable-next-line readyroom/no-clock-in-tests -- the clock's own test: at offset 0 Date is the real one again
    expect(Math.abs(Date.now() - runtimeNow())).toBeLessThan(1000);
    expect(() => shiftClock(Number.NaN)).toThrow(/not a number/);
  });
});
