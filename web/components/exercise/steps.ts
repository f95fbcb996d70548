import type { DraftEvent } from "~/hooks/use-assistant-stream";
import type { ExercisePatch } from "~/lib/exercise-api";
import type { Module } from "./types";
import { NAVIGATION_SECTION, parseStepPath, previousStepPath, stepProgress, MSEL_STEP, type Step } from "../../../shared/exercises/steps";

/** What the editor needs to know about one step: its title, spec section and assistant section. */
export type StepInfo = {
  path: string;
  step: Step;
  /** Spec §2 navigation section name (Intro, ModuleInjects, MSELTable…). */
  section: string;
  title: string;
  /** Short name of what the assistant drafts here ("Draft {draftLabel}"). */
  draftLabel: string;
  /** Spec §3 section type sent to the assistant. */
  sectionType: string;
  /** 0-based module index for module steps. */
  moduleIndex?: number;
};

const TOP: Record<string, { title: string; sectionType: string; draftLabel: string }> = {
  intro: { title: "Intro", sectionType: "intro", draftLabel: "intro" },
  "core-capabilities": { title: "Core capabilities", sectionType: "coreCapabilities", draftLabel: "capabilities" },
  "scenario-description": { title: "Scenario", sectionType: "description", draftLabel: "scenario" },
  objectives: { title: "Objectives", sectionType: "objectives", draftLabel: "objectives" },
  modules: { title: "Modules", sectionType: "modules", draftLabel: "modules" },
  [MSEL_STEP]: { title: "MSEL table", sectionType: "msel_table", draftLabel: "MSEL" },
};

const SUB: Record<string, { title: string; sectionType: string; draftLabel: string }> = {
  injects: { title: "Injects", sectionType: "module_inject", draftLabel: "injects" },
  questions: { title: "Questions", sectionType: "module_question", draftLabel: "questions" },
  description: { title: "Description", sectionType: "module_description", draftLabel: "description" },
};

export function describeStep(path: string): StepInfo | null {
  const step = parseStepPath(path);
  if (!step) return null;
  if (step.kind === "module") {
    const s = SUB[step.sub]!;
    return {
      path,
      step,
      section: NAVIGATION_SECTION[step.sub],
      title: s.title,
      draftLabel: s.draftLabel,
      sectionType: s.sectionType,
      moduleIndex: step.module - 1,
    };
  }
  const t = TOP[step.kind]!;
  return { path, step, section: NAVIGATION_SECTION[step.kind], title: t.title, draftLabel: t.draftLabel, sectionType: t.sectionType };
}

/**
 * What to save as the planner arrives at a step: the progress of the step BEFORE it, so the
 * resume rule (which opens the step after the last active one) brings them back right here.
 * The MSEL table has no step after it, so it records itself.
 */
export function progressOnArrival(path: string, moduleCount: number): { lastActiveStep: number | null; lastActiveModule: number | null } {
  const step = parseStepPath(path);
  if (!step) return { lastActiveStep: null, lastActiveModule: null };
  if (step.kind === MSEL_STEP) return stepProgress(step);
  const previous = previousStepPath(path, moduleCount);
  const prevStep = previous ? parseStepPath(previous) : null;
  if (!prevStep) return { lastActiveStep: null, lastActiveModule: null };
  return stepProgress(prevStep);
}

/**
 * The exercise fields an assistant draft changes when the planner applies it. Module sections
 * merge into that one module of the editor's CURRENT modules (not the server's copy from when
 * the call started), so edits made while the draft streamed are kept.
 */
export function draftPatch(exercise: { modules?: Module[] | null }, event: Pick<DraftEvent, "sectionType" | "moduleIndex" | "draft">): ExercisePatch {
  const draft = event.draft;
  if (event.sectionType.startsWith("module_")) {
    const modules: Module[] = [...(exercise.modules ?? [])];
    while (modules.length <= event.moduleIndex) modules.push({ title: `Module ${modules.length + 1}` });
    modules[event.moduleIndex] = { ...modules[event.moduleIndex], ...(draft as Partial<Module>) };
    return { modules };
  }
  return draft as ExercisePatch;
}
