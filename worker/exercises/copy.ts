import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { exercises } from "../db/schema";
import type { UserContext } from "../context";
import { exerciseInputSchema, pickContent, type ExerciseInput, type ExerciseMetadata } from "../../shared/db/exercise-shapes";
import { notFound } from "../lib/errors";
import { parseWith } from "../lib/http";
import { assertClientForCreate } from "./clients";
import type { FromTemplateBody } from "./schemas";
import { personal } from "./scope";
import { assertCanCreate, insertExercise } from "./service";
import { getTemplate } from "./templates";

/** New exercises made from something else: a quick-start template, or an exported file. */

/** "Start from template": copies a quick-start exercise into a new exercise of the caller. */
export async function createFromTemplate(ctx: UserContext, body: FromTemplateBody): Promise<{ id: string }> {
  await assertCanCreate(ctx);
  const template = getTemplate(body.templateId);
  if (!template) throw notFound("Template not found.");
  const metadata: ExerciseMetadata = { templateId: body.templateId };
  if (body.clientId) {
    await assertClientForCreate(ctx, body.clientId);
    metadata.clientId = body.clientId;
  }
  // Structured clone: the templates are module-level constants shared by every request.
  const copy = structuredClone(pickContent(template));
  return insertExercise(ctx, personal, { ...copy, isQuickStart: true, completed: false, metadata });
}

/**
 * The JSON export's envelope. Import accepts it, or a bare exercise object (a hand-made file);
 * unknown keys are dropped by the input schema, and ids, owner and lock fields are never imported.
 */
export const EXPORT_FORMAT = "readyroom-exercise";
export const exportEnvelopeSchema = z.object({
  format: z.literal(EXPORT_FORMAT, "Unsupported export format."),
  version: z.literal(1, "Unsupported export version."),
  exercise: exerciseInputSchema,
});

/** Validates an import body: the envelope when it says it is one, else a bare exercise. */
export function parseImport(data: unknown): ExerciseInput {
  if (data && typeof data === "object" && !Array.isArray(data) && "format" in data) {
    return parseWith(exportEnvelopeSchema, data).exercise;
  }
  return parseWith(exerciseInputSchema, data);
}

export async function importExercise(ctx: UserContext, input: ExerciseInput): Promise<{ id: string }> {
  await assertCanCreate(ctx);
  const metadata = input.metadata ? { ...input.metadata } : undefined;
  // A client belongs to the exporting account; it means nothing to the importer.
  if (metadata) delete metadata.clientId;
  return insertExercise(ctx, personal, { ...input, name: await importedName(ctx, input.name ?? ""), metadata });
}

/** Two exercises of one name in a list read as one: re-importing your own export names the copy "… (imported)". */
export async function importedName(ctx: UserContext, name: string): Promise<string> {
  const trimmed = name.trim();
  if (!trimmed) return name;
  const [same] = await ctx.db
    .select({ id: exercises.id })
    .from(exercises)
    .where(and(eq(exercises.userId, ctx.user.id), eq(exercises.name, trimmed)))
    .limit(1);
  return same ? `${trimmed.slice(0, 500 - " (imported)".length)} (imported)` : name;
}
