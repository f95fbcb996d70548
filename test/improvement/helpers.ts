import { env } from "cloudflare:test";
import type { AarContent, ConductPlan, Rating } from "../../shared/db/conduct-shapes";
import { getDb } from "../../worker/db/client";
import { afterActionReports, conductSessions, correctiveActions } from "../../worker/db/schema";
import { clockOffsetMs, nowMs, shiftClock } from "../../worker/lib/clock";

/**
 * Rows for the improvement tests, written directly: sessions, reports and corrective actions are
 * produced by other features (conduct, AAR publish), so the tests here start from their rows.
 */

export const db = () => getDb(env.DB);
export const DAY = 24 * 60 * 60 * 1000;

/** Runs the app as if at `iso` (the suite restores its own offset after each test). */
export function pinClock(iso: string): number {
  const at = Date.parse(iso);
  const realNow = nowMs() - clockOffsetMs();
  shiftClock(at - realNow);
  return at;
}

function plan(exerciseName: string): ConductPlan {
  return {
    exerciseName,
    scenario: "A levee seeps.",
    objectives: [{ capability: "Operational Coordination", objective: "Open the EOC." }],
    modules: [],
    items: [],
  };
}

export async function insertSession(
  userId: string,
  options: { exerciseName?: string; name?: string; endedAt?: number | null; status?: "ready" | "running" | "ended" } = {},
) {
  const exerciseName = options.exerciseName ?? "Levee tabletop";
  const endedAt = options.endedAt === undefined ? nowMs() : options.endedAt;
  const [row] = await db()
    .insert(conductSessions)
    .values({
      userId,
      exerciseId: crypto.randomUUID(),
      name: options.name ?? `${exerciseName} — session`,
      status: options.status ?? (endedAt === null ? "running" : "ended"),
      plan: plan(exerciseName),
      startedAt: endedAt === null ? new Date(nowMs()) : new Date(endedAt - 3 * 60 * 60 * 1000),
      endedAt: endedAt === null ? null : new Date(endedAt),
    })
    .returning();
  return row!;
}

export function aarContent(exerciseName: string, ratings: Record<string, Rating | null>): AarContent {
  return {
    overview: {
      exerciseName,
      dates: "1 March 2027",
      scope: "Tabletop",
      missionAreas: ["Response"],
      capabilities: Object.keys(ratings),
      objectives: [],
      threatOrHazard: "Flood",
      scenario: "A levee seeps.",
      sponsor: "County OEM",
      participatingOrganizations: [],
      pointsOfContact: "",
    },
    executiveSummary: "",
    analyses: Object.entries(ratings).map(([capability, rating]) => ({ capability, objectives: [], rating, strengths: [], areasForImprovement: [] })),
    improvementPlan: [],
    participants: [],
  };
}

export async function insertReport(userId: string, sessionId: string, content: AarContent, status: "draft" | "final" = "final") {
  const [row] = await db()
    .insert(afterActionReports)
    .values({ userId, sessionId, content, status, source: "edited", publishedAt: status === "final" ? new Date(nowMs()) : null })
    .returning();
  return row!;
}

export type ActionInput = Partial<typeof correctiveActions.$inferInsert> & { userId: string };

export async function insertAction(input: ActionInput) {
  const [row] = await db()
    .insert(correctiveActions)
    .values({
      planRowId: crypto.randomUUID(),
      exerciseId: crypto.randomUUID(),
      exerciseName: "Levee tabletop",
      capability: "Operational Coordination",
      issue: "The EOC opened late.",
      action: "Revise the EOC activation checklist.",
      element: "Planning",
      organization: "County OEM",
      pointOfContact: "Dana Whitfield",
      createdAt: new Date(nowMs()),
      ...input,
    })
    .returning();
  return row!;
}
