import { and, desc, eq, isNull } from "drizzle-orm";
import type { UserContext } from "../context";
import { conductSessions } from "../db/schema";
import { EXERCISE_NOT_FOUND, findExercise } from "../exercises/scope";
import { HttpError, notFound } from "../lib/errors";
import { nowMs } from "../lib/clock";
import { exerciseAccess, findSession, sessionScope } from "./access";
import type { CreateSessionInput } from "../../shared/conduct/model";
import { buildConductPlan } from "./plan";
import { sessionMetaOf } from "./project";
import { sessionObject, unwrap } from "./session-object";
import { recordedControllerState } from "./recorded";
import { toSessionView } from "./session-view";
import type { ConductSessionView, ControllerStateView } from "../../shared/conduct/views";

/**
 * Conduct sessions (issue 15): made from an exercise the caller may change, listed for whoever may
 * open it. The plan is frozen in the row and handed to the session's object, which owns it from then.
 */

export async function createSession(ctx: UserContext, input: CreateSessionInput): Promise<ConductSessionView> {
  const exercise = await findExercise(ctx, sessionScope(input.campaignId), input.exerciseId, "write");
  const plan = buildConductPlan(exercise);
  const now = nowMs();
  const [row] = await ctx.db
    .insert(conductSessions)
    .values({
      userId: ctx.user.id,
      exerciseId: exercise.id,
      campaignId: input.campaignId ?? null,
      clientId: exercise.metadata?.clientId ?? null,
      name: input.name || `${plan.exerciseName} — ${sessionDate(now)}`,
      plan,
      hotWashMinutes: input.hotWashMinutes ?? ctx.config.EVALUATION_HOT_WASH_MINUTES,
      createdAt: new Date(now),
    })
    .returning();
  await sessionObject(ctx, row!.id).init(sessionMetaOf(row!, ctx.config.EVALUATION_HOT_WASH_MINUTES), plan.items);
  return toSessionView(row!, "control");
}

/** An exercise's sessions, newest first; 404 when the caller may not open the exercise. */
export async function listSessions(ctx: UserContext, query: { exerciseId: string; campaignId?: string | null }): Promise<ConductSessionView[]> {
  const access = await exerciseAccess(ctx, sessionScope(query.campaignId), query.exerciseId);
  if (!access) throw notFound(EXERCISE_NOT_FOUND);
  const rows = await ctx.db
    .select()
    .from(conductSessions)
    .where(
      and(
        eq(conductSessions.exerciseId, query.exerciseId),
        query.campaignId ? eq(conductSessions.campaignId, query.campaignId) : isNull(conductSessions.campaignId),
      ),
    )
    .orderBy(desc(conductSessions.createdAt), desc(conductSessions.id));
  return rows.map((r) => toSessionView(r, access));
}

/** The console's state: the object's view, with the caller's access. */
export async function getControllerState(ctx: UserContext, sessionId: string): Promise<ControllerStateView> {
  const session = await findSession(ctx, sessionId, "read");
  try {
    return await unwrap(sessionObject(ctx, session.id).controllerState(session.access));
  } catch (error) {
    // An ended session written straight to D1 (the sample workspace, the demo seed) has no live
    // object: its record is the replay, EEG and report, not a console.
    if (error instanceof HttpError && error.status === 404 && session.status === "ended") {
      return recordedControllerState(ctx, session, session.access, ctx.config.EVALUATION_HOT_WASH_MINUTES);
    }
    throw error;
  }
}

/** "27 Nov 2026", in UTC (a default name; the controller can give another). */
function sessionDate(ms: number): string {
  return new Date(ms).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
}
