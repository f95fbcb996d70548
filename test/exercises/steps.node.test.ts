import { describe, expect, it } from "vitest";
import {
  formatStepPath,
  listSteps,
  MODULES_STEP,
  nextStepPath,
  parseStepPath,
  previousStepPath,
  resumeStep,
  STEP,
  stepProgress,
} from "../../shared/exercises/steps";

describe("resumeStep (spec §2 resume rule)", () => {
  // [lastActiveStep, lastActiveModule, moduleCount, expected, branch]
  const cases: [number | null | undefined, number | null | undefined, number, string, string][] = [
    [null, null, 3, "intro", "nothing saved yet"],
    [undefined, undefined, 0, "intro", "nothing saved yet (undefined)"],
    [-1, null, 3, "intro", "negative step is treated as unsaved"],
    [1.5, null, 3, "intro", "non-integer step is treated as unsaved"],
    [0, null, 3, "core-capabilities", "after intro"],
    [1, null, 3, "scenario-description", "after core capabilities"],
    [2, null, 3, "objectives", "after scenario"],
    [3, null, 3, "modules", "after objectives"],
    [4, null, 3, "modules/1/injects", "step 4 → the module's injects (default module 1)"],
    [4, 2, 3, "modules/2/injects", "step 4 → the last active module's injects"],
    [4, 9, 3, "modules/3/injects", "step 4 with a deleted module → capped at the count"],
    [4, 1, 0, "modules", "step 4 without modules → the modules overview"],
    [5, 1, 3, "modules/1/questions", "injects → same module's questions (sub-step)"],
    [6, 2, 3, "modules/2/description", "questions → same module's description (sub-step)"],
    [7, 1, 3, "modules/2/injects", "every third step (description) → next module's injects"],
    [7, 2, 3, "modules/3/injects", "description of module 2 → module 3 injects"],
    [7, 3, 3, "modules/3/injects", "next module capped at the module count"],
    [7, 5, 3, "modules/3/injects", "saved module beyond the count, capped"],
    [5, null, 2, "modules/1/questions", "no saved module → module 1"],
    [5, 0, 2, "modules/1/questions", "module 0 is not a module number → module 1"],
    [6, 1, 0, "modules", "module sub-step with no modules → modules overview"],
    [8, 3, 3, "msel-table", "msel-table has no step after it"],
    [42, 1, 3, "msel-table", "anything past the last step → msel-table"],
  ];
  it.each(cases)("step %s, module %s, %s modules → %s (%s)", (lastActiveStep, lastActiveModule, moduleCount, expected) => {
    expect(resumeStep({ lastActiveStep, lastActiveModule, moduleCount })).toBe(expected);
  });

  it("uses the spec's value 4 as the modules step", () => {
    expect(MODULES_STEP).toBe(4);
    expect(Object.values(STEP)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it("resuming after saving each step's progress opens the next step, except across the module cap", () => {
    const steps = listSteps(3);
    for (const path of steps.slice(0, -1)) {
      const progress = stepProgress(parseStepPath(path)!);
      const resumed = resumeStep({ ...progress, moduleCount: 3 });
      if (path === "modules/3/description") expect(resumed).toBe("modules/3/injects");
      else expect(resumed).toBe(nextStepPath(path, 3));
    }
  });
});

describe("step paths", () => {
  it("lists the steps in editor order", () => {
    expect(listSteps(2)).toEqual([
      "intro",
      "core-capabilities",
      "scenario-description",
      "objectives",
      "modules",
      "modules/1/injects",
      "modules/1/questions",
      "modules/1/description",
      "modules/2/injects",
      "modules/2/questions",
      "modules/2/description",
      "msel-table",
    ]);
    expect(listSteps(0)).toEqual(["intro", "core-capabilities", "scenario-description", "objectives", "modules", "msel-table"]);
  });

  it("parses and formats every step path, and rejects others", () => {
    for (const path of listSteps(3)) expect(formatStepPath(parseStepPath(path)!)).toBe(path);
    expect(parseStepPath("/modules/12/questions/")).toEqual({ kind: "module", module: 12, sub: "questions" });
    for (const bad of ["", "modules/0/injects", "modules/x/injects", "modules/1/other", "msel", "modules/1"]) {
      expect(parseStepPath(bad)).toBeNull();
    }
  });

  it("navigates forward and back", () => {
    expect(nextStepPath("modules", 2)).toBe("modules/1/injects");
    expect(nextStepPath("modules/2/description", 2)).toBe("msel-table");
    expect(nextStepPath("msel-table", 2)).toBeNull();
    expect(previousStepPath("intro", 2)).toBeNull();
    expect(previousStepPath("msel-table", 0)).toBe("modules");
  });
});
