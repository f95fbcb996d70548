import { describe, expect, it } from "vitest";
import { journeyQueue } from "../../e2e/lib/lanes.ts";

type J = { name: string; seconds: number; journey: { usesDemo: boolean } };
const j = (name: string, seconds: number, usesDemo = false): J => ({ name, seconds, journey: { usesDemo } });

/** Runs the queue on a simulated clock: each lane takes the next journey when its last one ends. */
function simulate(journeys: J[], lanes: number) {
  const queue = journeyQueue(journeys, lanes);
  const running: { lane: number; item: J; start: number; end: number }[] = [];
  const log: { lane: number; item: J; start: number; end: number }[] = [];
  const free = Array.from({ length: lanes }, (_, lane) => ({ lane, at: 0 }));
  let now = 0;
  for (;;) {
    for (const slot of free.splice(0)) {
      const item = queue.next();
      if (!item) continue;
      const run = { lane: slot.lane, item, start: now, end: now + item.seconds };
      running.push(run);
      log.push(run);
    }
    if (running.length === 0) break;
    running.sort((a, b) => a.end - b.end);
    const ended = running.shift()!;
    now = ended.end;
    queue.done(ended.item);
    free.push({ lane: ended.lane, at: now });
  }
  return { log, total: now };
}

describe("e2e lanes: the demo user's journeys never run side by side", () => {
  const journeys = [j("a", 10), j("demo1", 30, true), j("b", 20), j("c", 25), j("demo2", 30, true), j("d", 15), j("demo3", 5, true)];

  it("runs the demo journeys one at a time in file order, never overlapping", () => {
    const { log } = simulate(journeys, 2);
    const demo = log.filter((r) => r.item.journey.usesDemo);
    expect(demo.map((r) => r.item.name)).toEqual(["demo1", "demo2", "demo3"]);
    for (let i = 1; i < demo.length; i++) expect(demo[i]!.start).toBeGreaterThanOrEqual(demo[i - 1]!.end);
  });

  it("gives a lane freed by the demo chain the others that are left, so neither lane idles while work waits", () => {
    const unbalanced = [j("demo1", 10, true), j("a", 30), j("demo2", 10, true), j("b", 30), j("c", 30), j("d", 30)];
    const { log, total } = simulate(unbalanced, 2);
    // Fixed lanes (the demo chain in one, every other journey in the other) took 120 s. Here the demo lane
    // takes b at 20 and d at 50: 80 s (140 s of work on two lanes, ending on one 30 s journey).
    expect(total).toBe(80);
    expect(new Set(log.filter((r) => !r.item.journey.usesDemo).map((r) => r.lane)).size).toBe(2);
    expect(log.map((r) => r.item.name).sort()).toEqual(unbalanced.map((x) => x.name).sort());
  });

  it("runs everything in file order with one lane", () => {
    const { log } = simulate(journeys, 1);
    expect(log.map((r) => r.item.name)).toEqual(journeys.map((x) => x.name));
  });

  it("keeps the demo chain moving when there are more lanes than other journeys", () => {
    const { log } = simulate([j("demo1", 10, true), j("demo2", 10, true), j("a", 1)], 3);
    expect(log.find((r) => r.item.name === "demo2")!.start).toBe(10);
  });
});
