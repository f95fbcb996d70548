import { z } from "zod";
import { eegContentSchema, feedbackContentSchema, type Rating } from "../db/conduct-shapes";
import { clientKeySchema } from "../conduct/model";

/** Evaluation's request schemas and reference data (issue 15), shared by the API and the browser. */

export const EEG_BODY_LIMIT = 256 * 1024;
export const FEEDBACK_BODY_LIMIT = 32 * 1024;

export const EVALUATION_MESSAGES = {
  eegNotFound: "No evaluation guide yet. Generate one from the exercise.",
  eegEdited: "The evaluation guide has been edited. Generating again replaces your edits: confirm to go on.",
} as const;

/** The feedback page's heading once its form takes no more responses (the message says why and what to do). */
export const FEEDBACK_TITLES = {
  closed: "This form is closed",
  full: "This form is full",
} as const;

export const saveEegSchema = z.object({ content: eegContentSchema });
export type SaveEegInput = z.infer<typeof saveEegSchema>;

export const generateEegSchema = z.object({ replace: z.boolean().default(false) });

export const feedbackInputSchema = z.object({ clientKey: clientKeySchema, content: feedbackContentSchema });
export type FeedbackInput = z.infer<typeof feedbackInputSchema>;

/** HSEEP's rating definitions, word for word as evaluators are trained on them. */
export const RATING_DEFINITIONS: Record<Rating, { label: string; definition: string }> = {
  P: {
    label: "Performed without Challenges",
    definition:
      "The targets and critical tasks associated with the core capability were completed in a manner that achieved the objective(s) and did not negatively impact the performance of other activities. Performance of this activity did not contribute to additional health and/or safety risks for the public or for emergency workers, and it was conducted in accordance with applicable plans, policies, procedures, regulations, and laws.",
  },
  S: {
    label: "Performed with Some Challenges",
    definition:
      "The targets and critical tasks associated with the core capability were completed in a manner that achieved the objective(s) and did not negatively impact the performance of other activities. Performance of this activity did not contribute to additional health and/or safety risks for the public or for emergency workers, and it was conducted in accordance with applicable plans, policies, procedures, regulations, and laws. However, opportunities to enhance effectiveness and/or efficiency were identified.",
  },
  M: {
    label: "Performed with Major Challenges",
    definition:
      "The targets and critical tasks associated with the core capability were completed in a manner that achieved the objective(s), but some or all of the following were observed: demonstrated performance had a negative impact on the performance of other activities; contributed to additional health and/or safety risks for the public or for emergency workers; and/or was not conducted in accordance with applicable plans, policies, procedures, regulations, and laws.",
  },
  U: {
    label: "Unable to be Performed",
    definition: "The targets and critical tasks associated with the core capability were not performed in a manner that achieved the objective(s).",
  },
};

export { RATINGS } from "../db/conduct-shapes";
