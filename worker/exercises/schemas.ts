import { z } from "zod";
import { exerciseInputSchema } from "../../shared/db/exercise-shapes";

// Request shapes of the exercise API (spec §7), parsed at the edge by the routes.

const idSchema = z.string().trim().min(1).max(200);

/** Non-enterprise clients send no client; an empty string means the same. */
const optionalClientId = z.string().trim().max(200).nullish();

export const createExerciseBodySchema = z.object({
  clientId: optionalClientId,
  exercise: exerciseInputSchema.extend({ userId: z.string().optional() }).default({}),
});
export type CreateExerciseBody = z.infer<typeof createExerciseBodySchema>;

export const updateExerciseBodySchema = z.object({ exercise: exerciseInputSchema });

export const fromTemplateBodySchema = z.object({ templateId: idSchema, clientId: optionalClientId });
export type FromTemplateBody = z.infer<typeof fromTemplateBodySchema>;

export const feedbackBodySchema = z.object({
  step: z.string().trim().max(200, "Must be less than 200 characters").nullish(),
  feedback: z.string().trim().min(1, "Feedback is required").max(10_000, "Must be less than 10000 characters"),
});
export type FeedbackBody = z.infer<typeof feedbackBodySchema>;

export const listQuerySchema = z.object({
  status: z.enum(["all", "in-progress", "completed"]).default("all"),
  sort: z.enum(["asc", "desc"]).default("desc"),
  sortBy: z.enum(["updatedAt", "createdAt", "name"]).default("updatedAt"),
  search: z.string().trim().max(200).optional(),
  /** Enterprise accounts: only the exercises filed under this client (the dashboard's filter). */
  clientId: z.string().trim().min(1).max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;
