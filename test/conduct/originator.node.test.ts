import { describe, expect, it } from "vitest";
import { simulatedSender } from "../../shared/conduct/originator";

describe("the sender players see", () => {
  it.each([
    ["SimCell (National Weather Service)", "National Weather Service"],
    ["SIMCELL – County PIO", "County PIO"],
    ["SimCell as County PIO", "County PIO"],
    ["Sim Cell: Red Cross", "Red Cross"],
    ["Simulation Cell / Levee patrol", "Levee patrol"],
    ["NWS (via SimCell)", "NWS"],
    ["Red Cross (SimCell)", "Red Cross"],
    ["SimCell", null],
    ["  ", null],
    [null, null],
    ["Levee patrol", "Levee patrol"],
    ["Simmons Cellular", "Simmons Cellular"],
  ])("%j → %j", (from, expected) => {
    expect(simulatedSender(from)).toBe(expected);
  });
});
