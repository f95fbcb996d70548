/**
 * HSEEP's fixed vocabularies as plain constants, with no zod: the browser's lists, labels and
 * charts import them without pulling the validation library into every page (the dashboard's
 * Capability trends card does). The JSON-column schemas in conduct-shapes.ts build on them.
 */

/** HSEEP's performance ratings (hseep.md "Evaluation and improvement"). */
export const RATINGS = ["P", "S", "M", "U"] as const;
export type Rating = (typeof RATINGS)[number];

/** Each rating in a sentence (reports, lists, charts); evaluation/model.ts has the doctrine's full definitions. */
export const RATING_LABELS: Record<Rating, string> = {
  P: "Performed without challenges",
  S: "Performed with some challenges",
  M: "Performed with major challenges",
  U: "Unable to be performed",
};

/** The capability elements of an Improvement Plan row (POETE). */
export const CAPABILITY_ELEMENTS = ["Planning", "Organization", "Equipment", "Training", "Exercises"] as const;
export type CapabilityElement = (typeof CAPABILITY_ELEMENTS)[number];

/** A tracked corrective action's life: open → in progress → completed → verified in a later exercise. */
export const CORRECTIVE_ACTION_STATUSES = ["open", "in_progress", "completed", "verified"] as const;
