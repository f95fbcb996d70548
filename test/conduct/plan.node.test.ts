import { describe, expect, it } from "vitest";
import { conductPlanSchema } from "../../shared/db/conduct-shapes";
import { buildConductPlan, questionTexts } from "../../worker/conduct/plan";

const base = { name: "Harbour TTX", scenario: "A storm surge floods the port.", capabilitiesAndObjectives: null, mselTable: null, modules: null };

describe("buildConductPlan", () => {
  it("uses the MSEL rows as the timeline, with offsets from the earliest time", () => {
    const plan = buildConductPlan({
      ...base,
      capabilitiesAndObjectives: [
        { capability: "Operational Communications", objective: "Share a common picture within 30 minutes." },
        { capability: "", objective: null },
      ],
      mselTable: [
        { event: "1", time: "09:15", synopsis: "Storm warning", message: "NWS issues a warning.", expectedAction: "Activate the EOC", to: "EOC" },
        { event: "2", time: "9:45 AM", synopsis: null, message: "Shelter A reports 300 arrivals and no cots left.\nMore follows." },
        { event: "3", time: "around lunch", message: "Press calls." },
        { event: null, time: null, message: null, synopsis: null },
        { event: "4", time: "11:00", message: "Power fails." },
      ],
      modules: [{ title: "Response", description: "Landfall.", injects: ["ignored while there is an MSEL"], questions: ["Who leads?"] }],
    });
    expect(conductPlanSchema.safeParse(plan).success).toBe(true);
    expect(plan.items.map((i) => [i.key, i.offsetMinutes, i.source])).toEqual([
      ["msel-0", 0, "msel"],
      ["msel-1", 30, "msel"],
      ["msel-2", null, "msel"],
      ["msel-4", 105, "msel"],
    ]);
    expect(plan.items[0]).toMatchObject({ title: "Storm warning", expectedAction: "Activate the EOC", to: "EOC", event: "1", moduleIndex: null });
    expect(plan.items[1]!.title).toBe("Shelter A reports 300 arrivals and no cots left.");
    expect(plan.items[3]!.event).toBe("4");
    expect(plan.objectives).toEqual([{ capability: "Operational Communications", objective: "Share a common picture within 30 minutes." }]);
    expect(plan.modules).toEqual([{ title: "Response", description: "Landfall.", questions: ["Who leads?"] }]);
  });

  it("falls back to the modules' injects, unscheduled, when there is no MSEL", () => {
    const plan = buildConductPlan({
      ...base,
      mselTable: [{ event: "1", time: "09:00", message: "", synopsis: "" }],
      modules: [
        { title: null, description: null, injects: ["Levee breach reported", ""], questions: null },
        {
          title: "Recovery",
          description: "Day 3.",
          injects: ["Debris blocks Route 9"],
          questions: {
            mode: "functional",
            groups: [
              { name: "Fire", questions: [{ text: "Who clears it?", type: "open-ended" }] },
              { name: "Public Works", questions: [{ text: "Which crews?", type: "open-ended" }] },
            ],
          },
        },
      ],
    });
    expect(plan.items.map((i) => [i.key, i.moduleIndex, i.offsetMinutes, i.source])).toEqual([
      ["module-0-inject-0", 0, null, "module"],
      ["module-1-inject-0", 1, null, "module"],
    ]);
    expect(plan.modules[0]!.title).toBe("Module 1");
    expect(plan.modules[1]!.questions).toEqual(["Fire: Who clears it?", "Public Works: Which crews?"]);
    expect(conductPlanSchema.safeParse(plan).success).toBe(true);
  });

  it("cuts what the plan's bounds do not hold instead of failing", () => {
    const plan = buildConductPlan({
      ...base,
      name: "",
      mselTable: Array.from({ length: 600 }, (_, i) => ({ event: String(i), message: "x".repeat(9_000), synopsis: "s".repeat(400) })),
    });
    expect(plan.exerciseName).toBe("Untitled exercise");
    expect(plan.items).toHaveLength(500);
    expect(conductPlanSchema.safeParse(plan).success).toBe(true);
  });
});

describe("questionTexts", () => {
  it("reads the legacy list and a single unnamed-group structure without prefixes", () => {
    expect(questionTexts(["A?", " ", "B?"])).toEqual(["A?", "B?"]);
    expect(questionTexts({ mode: "inject", groups: [{ name: "All", questions: [{ text: "C?", type: "multiple-choice", options: ["x"] }] }] })).toEqual(["C?"]);
    expect(questionTexts(null)).toEqual([]);
  });
});

describe("the plan's scenario times (issue 30)", () => {
  it("starts at the MSEL's earliest time of day; a Day 2 row stays a scenario time, an offset follows the start", () => {
    const plan = buildConductPlan({
      ...base,
      mselTable: [
        { event: "1", time: "Day 1 06:00", message: "Levee seeping." },
        { event: "2", time: "T+30", message: "Levee overtopped." },
        { event: "3", date: "Day 2", time: "08:00", message: "Damage assessment." },
      ],
    });
    expect(plan.scenarioStartMinutes).toBe(6 * 60);
    expect(plan.items.map((i) => [i.key, i.offsetMinutes, i.scenarioMinutes])).toEqual([
      ["msel-0", 0, 6 * 60],
      ["msel-1", 30, null],
      ["msel-2", 26 * 60, 24 * 60 + 8 * 60],
    ]);
    expect(conductPlanSchema.safeParse(plan).success).toBe(true);
  });
});
