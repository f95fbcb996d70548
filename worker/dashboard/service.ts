import { count, desc, eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { documents, exercises, intelBriefs, users } from "../db/schema";
import { notFound } from "../lib/errors";
import { type CustomInstructionField, FIELD_LABELS } from "../profile/model";
import { getCustomInstructions } from "../profile/service";

/** How many rows each dashboard list shows; the full lists live on their own pages. */
export const DASHBOARD_EXERCISE_LIMIT = 50;
export const DASHBOARD_RECENT_LIMIT = 5;

/** The profile fields that shape every answer; the optional ones do not count against completeness. */
const CORE_PROFILE_FIELDS = [
  "focus",
  "threats",
  "frameworks",
  "goals",
  "resources",
  "lessons",
  "findings",
  "typeOfUse",
] as const satisfies readonly CustomInstructionField[];

export type DashboardExercise = {
  id: string;
  name: string;
  completed: boolean;
  threatType: string | null;
  updatedAt: Date;
  lastActiveStep: number | null;
  lastActiveModule: number | null;
};

export type Dashboard = {
  firstName: string;
  exercises: { inProgress: DashboardExercise[]; completed: DashboardExercise[]; total: number };
  documents: { items: { id: string; name: string; type: string | null; processed: boolean; createdAt: Date }[]; total: number };
  briefs: { items: { id: string; title: string; createdAt: Date }[]; total: number };
  profile: { filled: number; total: number; missing: string[] };
};

/** Everything the home page shows, all scoped to the caller's own rows. */
export async function getDashboard(db: Database, userId: string): Promise<Dashboard> {
  const [user, exerciseRows, exerciseTotal, documentRows, documentTotal, briefRows, briefTotal, instructions] = await Promise.all([
    db.select({ firstName: users.firstName }).from(users).where(eq(users.id, userId)).get(),
    db
      .select({
        id: exercises.id,
        name: exercises.name,
        completed: exercises.completed,
        threatType: exercises.threatType,
        updatedAt: exercises.updatedAt,
        lastActiveStep: exercises.lastActiveStep,
        lastActiveModule: exercises.lastActiveModule,
      })
      .from(exercises)
      .where(eq(exercises.userId, userId))
      .orderBy(desc(exercises.updatedAt))
      .limit(DASHBOARD_EXERCISE_LIMIT),
    db.select({ n: count() }).from(exercises).where(eq(exercises.userId, userId)).get(),
    db
      .select({ id: documents.id, name: documents.name, type: documents.type, processed: documents.processed, createdAt: documents.createdAt })
      .from(documents)
      .where(eq(documents.userId, userId))
      .orderBy(desc(documents.createdAt))
      .limit(DASHBOARD_RECENT_LIMIT),
    db.select({ n: count() }).from(documents).where(eq(documents.userId, userId)).get(),
    db
      .select({ id: intelBriefs.id, title: intelBriefs.title, createdAt: intelBriefs.createdAt })
      .from(intelBriefs)
      .where(eq(intelBriefs.userId, userId))
      .orderBy(desc(intelBriefs.createdAt))
      .limit(DASHBOARD_RECENT_LIMIT),
    db.select({ n: count() }).from(intelBriefs).where(eq(intelBriefs.userId, userId)).get(),
    // The profile hint is advice, not data the page depends on: without it the page still renders.
    getCustomInstructions(db, userId).catch(() => null),
  ]);
  if (!user) throw notFound("User not found.");

  const missing = CORE_PROFILE_FIELDS.filter((field) => !instructions?.[field]?.trim());
  return {
    firstName: user.firstName,
    exercises: {
      inProgress: exerciseRows.filter((e) => !e.completed),
      completed: exerciseRows.filter((e) => e.completed),
      total: exerciseTotal?.n ?? 0,
    },
    documents: { items: documentRows, total: documentTotal?.n ?? 0 },
    briefs: { items: briefRows, total: briefTotal?.n ?? 0 },
    profile: {
      filled: CORE_PROFILE_FIELDS.length - missing.length,
      total: CORE_PROFILE_FIELDS.length,
      missing: missing.map((field) => FIELD_LABELS[field]),
    },
  };
}
