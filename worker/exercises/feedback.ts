import { desc, eq } from "drizzle-orm";
import type { UserContext } from "../context";
import { feedback } from "../db/schema";
import { newId } from "../lib/ids";
import type { FeedbackBody } from "./schemas";
import { findExercise, type ExerciseScope } from "./scope";

/** Planners' feedback on an exercise step (spec §3 Feedback), at POST …/{id}/feedback. */

export async function addFeedback(ctx: UserContext, scope: ExerciseScope, id: string, body: FeedbackBody): Promise<{ id: string }> {
  await findExercise(ctx, scope, id);
  const feedbackId = newId();
  await ctx.db.insert(feedback).values({ id: feedbackId, exerciseId: id, userId: ctx.user.id, feedback: body.feedback, step: body.step ?? null });
  return { id: feedbackId };
}

/** The feedback left on an exercise, newest first. */
export async function listFeedback(ctx: UserContext, scope: ExerciseScope, id: string) {
  await findExercise(ctx, scope, id);
  const rows = await ctx.db.select().from(feedback).where(eq(feedback.exerciseId, id)).orderBy(desc(feedback.createdAt)).limit(500);
  return rows.map((r) => ({ id: r.id, step: r.step, feedback: r.feedback, userId: r.userId, createdAt: r.createdAt.toISOString() }));
}
