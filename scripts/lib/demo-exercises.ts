/**
 * Dana's own exercises (issue 29): two quick-start templates copied as "Start from template" does
 * (worker/exercises/copy.ts), one in progress and one completed, so her dashboard lists exercises
 * beside the capability ratings of the tabletop she ran. Fixed ids, ON CONFLICT DO NOTHING: an
 * exercise Dana changed or deleted stays as she left it until the next missing-row repair.
 */
import riverineFlood from "../../worker/exercises/templates/riverine-flood.json" with { type: "json" };
import hazmatRail from "../../worker/exercises/templates/hazmat-rail-derailment.json" with { type: "json" };
import { EXERCISE_CONTENT_FIELDS } from "../../shared/db/exercise-shapes.ts";
import { lit } from "./sql.ts";

const DAY = 24 * 60 * 60 * 1000;

export const DEMO_EXERCISES = [
  { id: "5eed0000-0000-4000-8000-000000000041", template: riverineFlood, completed: false, lastActiveStep: 3, daysAgo: 2 },
  { id: "5eed0000-0000-4000-8000-000000000042", template: hazmatRail, completed: true, lastActiveStep: null, daysAgo: 40 },
] as const;

export function demoExercisesSql(userId: string, now: number): string[] {
  return DEMO_EXERCISES.map((e) => {
    const t = e.template as Record<string, unknown>;
    const value = (field: (typeof EXERCISE_CONTENT_FIELDS)[number]) => {
      const v = t[field];
      return v === undefined || v === null ? "NULL" : lit(typeof v === "string" ? v : JSON.stringify(v));
    };
    const at = now - e.daysAgo * DAY;
    return `INSERT INTO "Exercise" ("id", "userId", ${EXERCISE_CONTENT_FIELDS.map((c) => `"${c}"`).join(", ")}, "completed", "lastActiveStep", "isQuickStart", "metadata", "createdAt", "updatedAt")
     SELECT ${lit(e.id)}, ${lit(userId)}, ${EXERCISE_CONTENT_FIELDS.map(value).join(", ")}, ${e.completed ? 1 : 0}, ${e.lastActiveStep ?? "NULL"}, 1, ${lit(JSON.stringify({ templateId: t.id }))}, ${at - 7 * DAY}, ${at}
     WHERE EXISTS (SELECT 1 FROM "User" WHERE "id" = ${lit(userId)})
     ON CONFLICT DO NOTHING;`;
  });
}
