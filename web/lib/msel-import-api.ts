/**
 * The MSEL import's calls (issue 32): preview a file, then import it with the planner's choices.
 * Both send the file (multipart): the preview keeps nothing on the server.
 */
import type { ExerciseRoutes } from "../../worker/exercises/routes";
import type { MselPreview, MselImportResult } from "../../worker/exercises/msel-import/service";
import type { MappingTarget } from "../../worker/exercises/msel-import/vocabulary";
import { apiClient, unwrap } from "./api-client";

export type { MappingTarget, MselImportResult, MselPreview };

const exercises = apiClient<ExerciseRoutes>("/api/exercises");

/** The planner's choices in the preview; what is left out is proposed by the server. */
export type MselChoices = { sheet?: string; headerRow?: number; mapping?: MappingTarget[] };

function fields(file: File, choices: MselChoices) {
  return {
    file,
    ...(choices.sheet !== undefined ? { sheet: choices.sheet } : {}),
    ...(choices.headerRow !== undefined ? { headerRow: String(choices.headerRow) } : {}),
    ...(choices.mapping ? { mapping: JSON.stringify(choices.mapping) } : {}),
  };
}

export const mselImportApi = {
  /** `exerciseId`: the exercise the rows would be appended to (its capabilities and objectives are matched). */
  preview: (file: File, choices: MselChoices = {}, exerciseId?: string) =>
    unwrap(exercises.msel.preview.$post({ form: { ...fields(file, choices), ...(exerciseId ? { target: exerciseId } : {}) } })),
  /** `target`: "new" (named `name`, else after the file) or the id of an exercise to append to. */
  import: (file: File, choices: MselChoices, target: { target: "new"; name?: string } | { target: string }) =>
    unwrap(exercises.msel.import.$post({ form: { ...fields(file, choices), ...target } })),
};
