/**
 * The exercise editor's steps (spec §2 "Exercise steps") and the resume rule (spec §2 "Resume
 * rule"). Pure functions only: the step editor, the dashboard and the API all use these.
 *
 * Paths are what follows /exercise/{id}/: intro, core-capabilities, scenario-description,
 * objectives, modules, then per module modules/{n}/injects, modules/{n}/questions,
 * modules/{n}/description (n counts from 1), then msel-table.
 *
 * Step numbers (what `lastActiveStep` stores). Spec §9 names "exercise step constants 1 to 9 and
 * a value 4", and §2 says "step 4 goes to the module's injects". We read these as: nine step
 * kinds, numbered by their position in the step list counting from 0, so that the modules
 * overview is step 4 — the only numbering under which "open at the step after the last active
 * step" and "step 4 goes to the module's injects" agree (the step after the modules overview is
 * the first module's injects). A 1-based numbering would make step 4 the objectives step and have
 * the resume rule skip the modules overview.
 *
 *   0 intro · 1 core-capabilities · 2 scenario-description · 3 objectives · 4 modules ·
 *   5 modules/{n}/injects · 6 modules/{n}/questions · 7 modules/{n}/description · 8 msel-table
 *
 * Module sub-steps are numbered per module (5, 6, 7 for every module) and `lastActiveModule`
 * holds the module number n (1-based, as in the path). "For steps 5 and up, every third step
 * advances to the next module's injects" is then (step − 4) % 3 === 0, i.e. the description step
 * (7), the last sub-step of a module; 5 and 6 go to the next sub-step of the same module.
 *
 * `lastActiveStep` records the step the planner last finished (the editor saves it as they move
 * on), which is why resuming opens the step AFTER it.
 */

export const STEP = {
  intro: 0,
  coreCapabilities: 1,
  scenarioDescription: 2,
  objectives: 3,
  modules: 4,
  moduleInjects: 5,
  moduleQuestions: 6,
  moduleDescription: 7,
  mselTable: 8,
} as const;

/** The modules overview step: the spec's "value 4". */
export const MODULES_STEP = STEP.modules;

export const TOP_STEPS = ["intro", "core-capabilities", "scenario-description", "objectives", "modules"] as const;
export const MODULE_SUB_STEPS = ["injects", "questions", "description"] as const;
export const MSEL_STEP = "msel-table" as const;

export type TopStep = (typeof TOP_STEPS)[number];
export type ModuleSubStep = (typeof MODULE_SUB_STEPS)[number];

export type Step = { kind: TopStep } | { kind: "module"; module: number; sub: ModuleSubStep } | { kind: typeof MSEL_STEP };

/** The spec's navigation section names (spec §2) for each step, used by the editor's sidebar. */
export const NAVIGATION_SECTION: Record<TopStep | ModuleSubStep | typeof MSEL_STEP, string> = {
  intro: "Intro",
  "core-capabilities": "CoreCapabilities",
  "scenario-description": "ScenarioDescription",
  objectives: "Objectives",
  modules: "Modules",
  injects: "ModuleInjects",
  questions: "ModuleQuestions",
  description: "ModuleDescription",
  "msel-table": "MSELTable",
};

export function formatStepPath(step: Step): string {
  if (step.kind === "module") return `modules/${step.module}/${step.sub}`;
  return step.kind;
}

/** Parses a step path ("objectives", "modules/2/questions"); null when it is not one. */
export function parseStepPath(path: string): Step | null {
  const clean = path.replace(/^\/+|(?<!\/)\/+$/g, "");
  if ((TOP_STEPS as readonly string[]).includes(clean)) return { kind: clean as TopStep };
  if (clean === MSEL_STEP) return { kind: MSEL_STEP };
  const m = /^modules\/([1-9]\d{0,3})\/(injects|questions|description)$/.exec(clean);
  if (m) return { kind: "module", module: Number(m[1]), sub: m[2] as ModuleSubStep };
  return null;
}

/** Every step of an exercise with `moduleCount` modules, in editor order. */
export function listSteps(moduleCount: number): string[] {
  const steps: string[] = [...TOP_STEPS];
  for (let n = 1; n <= moduleCount; n++) {
    for (const sub of MODULE_SUB_STEPS) steps.push(`modules/${n}/${sub}`);
  }
  steps.push(MSEL_STEP);
  return steps;
}

/** The next step in editor order, or null at the end; a module beyond the count has no neighbours. */
export function nextStepPath(path: string, moduleCount: number): string | null {
  const steps = listSteps(moduleCount);
  const i = steps.indexOf(path);
  return i >= 0 ? (steps[i + 1] ?? null) : null;
}

export function previousStepPath(path: string, moduleCount: number): string | null {
  const steps = listSteps(moduleCount);
  const i = steps.indexOf(path);
  return i > 0 ? (steps[i - 1] ?? null) : null;
}

/** What the editor saves when the planner leaves a step: `lastActiveStep` and `lastActiveModule`. */
export function stepProgress(step: Step): { lastActiveStep: number; lastActiveModule: number | null } {
  switch (step.kind) {
    case "intro":
      return { lastActiveStep: STEP.intro, lastActiveModule: null };
    case "core-capabilities":
      return { lastActiveStep: STEP.coreCapabilities, lastActiveModule: null };
    case "scenario-description":
      return { lastActiveStep: STEP.scenarioDescription, lastActiveModule: null };
    case "objectives":
      return { lastActiveStep: STEP.objectives, lastActiveModule: null };
    case "modules":
      return { lastActiveStep: STEP.modules, lastActiveModule: null };
    case "module":
      return { lastActiveStep: STEP.moduleInjects + MODULE_SUB_STEPS.indexOf(step.sub), lastActiveModule: step.module };
    case MSEL_STEP:
      return { lastActiveStep: STEP.mselTable, lastActiveModule: null };
  }
}

const TOP_BY_NUMBER: readonly TopStep[] = TOP_STEPS;

/**
 * Spec §2 resume rule: the step at which an exercise opens, from its saved progress.
 *
 * - Nothing saved yet (null, negative, not an integer) → intro.
 * - Steps 0–3 → the next top-level step (core-capabilities … modules).
 * - Step 4 (modules overview) → the injects of the last active module (module 1 by default).
 * - Steps 5–7: (step − 4) % 3 === 0 (the description, 7) → the next module's injects, capped at
 *   the module count; 5 and 6 → the next sub-step of the same module.
 * - Step 8 (msel-table) or anything past it → msel-table (there is no step after it).
 * - A module step when the exercise has no modules → the modules overview, so the planner can
 *   add one; a saved module beyond the count (modules were deleted) is capped at the count.
 */
export function resumeStep(input: { lastActiveStep: number | null | undefined; lastActiveModule: number | null | undefined; moduleCount: number }): string {
  const { lastActiveStep: step, moduleCount } = input;
  if (step == null || !Number.isInteger(step) || step < 0) return "intro";
  if (step < MODULES_STEP) return TOP_BY_NUMBER[step + 1]!;
  if (step >= STEP.mselTable) return MSEL_STEP;

  const count = Math.max(0, Math.floor(moduleCount));
  if (count === 0) return "modules";
  const saved = input.lastActiveModule != null && Number.isInteger(input.lastActiveModule) && input.lastActiveModule >= 1 ? input.lastActiveModule : 1;
  const current = Math.min(saved, count);

  if (step === MODULES_STEP) return formatStepPath({ kind: "module", module: current, sub: "injects" });
  if ((step - MODULES_STEP) % 3 === 0) {
    return formatStepPath({ kind: "module", module: Math.min(current + 1, count), sub: "injects" });
  }
  const sub = MODULE_SUB_STEPS[step - STEP.moduleInjects + 1]!;
  return formatStepPath({ kind: "module", module: current, sub });
}
