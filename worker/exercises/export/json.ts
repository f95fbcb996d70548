import { EXERCISE_PROGRESS_FIELDS, pickContent } from "../../../shared/db/exercise-shapes";
import type { Exercise } from "../../db/schema";
import { nowDate } from "../../lib/clock";
import { EXPORT_FORMAT } from "../copy";

/**
 * The JSON export: the full exercise in an envelope that POST /api/exercises/import takes back.
 * Identity and ownership fields are informative only; import gives the copy a new id and owner.
 */
export function exerciseToJson(row: Exercise & { campaignId?: string }, exportedAt = nowDate(), schemaUrl?: string) {
  const progress = Object.fromEntries(EXERCISE_PROGRESS_FIELDS.map((key) => [key, row[key]])) as Pick<Exercise, (typeof EXERCISE_PROGRESS_FIELDS)[number]>;
  return {
    // The published JSON Schema (json-schema.ts) this document follows, by its versioned URL.
    ...(schemaUrl ? { $schema: schemaUrl } : {}),
    format: EXPORT_FORMAT,
    version: 1 as const,
    exportedAt: exportedAt.toISOString(),
    exercise: {
      id: row.id,
      ...pickContent(row),
      ...progress,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      ...(row.campaignId ? { campaignId: row.campaignId } : {}),
    },
  };
}
