import { describe, expect, it } from "vitest";
import { planLanes } from "../../e2e/lib/lanes.ts";

const j = (name: string, usesDemo = false) => ({ name, journey: { usesDemo } });

describe("e2e lanes: the demo user's journeys never run side by side", () => {
  const journeys = [j("a"), j("demo1", true), j("b"), j("c"), j("demo2", true), j("d")];

  it("puts every demo journey in the first lane, in file order, and the rest in the second", () => {
    expect(planLanes(journeys, 2).map((lane) => lane.map((x) => x.name))).toEqual([
      ["demo1", "demo2"],
      ["a", "b", "c", "d"],
    ]);
  });

  it("deals the others over the remaining lanes", () => {
    expect(planLanes(journeys, 3).map((lane) => lane.map((x) => x.name))).toEqual([["demo1", "demo2"], ["a", "c"], ["b", "d"]]);
  });

  it("runs everything in file order with one lane, and drops empty lanes", () => {
    expect(planLanes(journeys, 1).map((lane) => lane.map((x) => x.name))).toEqual([["a", "demo1", "b", "c", "demo2", "d"]]);
    expect(planLanes([j("a"), j("b")], 2).map((lane) => lane.map((x) => x.name))).toEqual([["a", "b"]]);
  });
});
