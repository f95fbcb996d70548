/**
 * Hands journeys to lanes as lanes free up. The demo user's journeys run one at a time, in file
 * order (they share his account, and the first sees the welcome modal); the others each sign up
 * users of their own and go to whichever lane is free. A lane whose demo journey ends takes the
 * next demo journey first, so the demo chain never waits, and once it is done that lane helps with
 * the rest: with two lanes, the run takes about half of all journeys' time instead of the longer
 * of "every demo journey" and "every other journey" (fixed lanes left one idle for ~70 s).
 * With one lane, everything runs in file order.
 */
export type JourneyQueue<T> = {
  /** The next journey for a free lane, or null when this lane has nothing left to run. */
  next(): T | null;
  /** A lane's journey ended (passed or failed). */
  done(item: T): void;
};

export function journeyQueue<T extends { journey: { usesDemo?: boolean } }>(journeys: T[], lanes: number): JourneyQueue<T> {
  if (lanes <= 1) {
    const all = [...journeys];
    return { next: () => all.shift() ?? null, done: () => undefined };
  }
  const demo = journeys.filter((j) => j.journey.usesDemo);
  const others = journeys.filter((j) => !j.journey.usesDemo);
  let demoRunning = false;
  return {
    next() {
      if (!demoRunning && demo.length > 0) {
        demoRunning = true;
        return demo.shift()!;
      }
      return others.shift() ?? null;
    },
    done(item) {
      if (item.journey.usesDemo) demoRunning = false;
    },
  };
}
