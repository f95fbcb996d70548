import type { ExerciseView } from "../../../worker/exercises/views";
import type { CapabilityObjective, Module, MselRow, StructuredQuestions } from "../../../shared/db/exercise-shapes";
import type { ExercisePatch } from "~/lib/exercise-api";

export type { CapabilityObjective, Module, MselRow, StructuredQuestions };

/** The exercise as the editor holds it (the loader's view; dates are ISO strings). */
export type EditorExercise = ExerciseView;

/** Every step editor gets the current exercise and one way to change it (merged, then autosaved). */
export type StepEditorProps = {
  exercise: EditorExercise;
  onChange: (patch: ExercisePatch) => void;
};
