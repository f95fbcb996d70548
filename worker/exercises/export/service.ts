import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import type { UserContext } from "../../context";
import { conductSessions } from "../../db/schema";
import { nowDate } from "../../lib/clock";
import type { ExerciseScope } from "../scope";
import { getExerciseRow } from "../service";
import { renderExport, type ExportFile, type ExportFormat } from "./index";
import type { ScheduleSession } from "./schedule";

/**
 * One export of one exercise the caller may read (another user's is 404). The schedule also reads the
 * exercise's conduct session started last: seeing an exercise is seeing its sessions (worker/conduct/access.ts),
 * and the exercise was just found in the caller's scope.
 */
export async function exportExercise(
  ctx: UserContext,
  scope: ExerciseScope,
  id: string,
  format: ExportFormat,
  options: { day1?: number | null } = {},
): Promise<{ file: ExportFile; renderMs: number }> {
  const row = await getExerciseRow(ctx, scope, id);
  const session = format === "ics" ? await lastStartedSession(ctx, row.id, scope) : null;
  const started = performance.now();
  const file = await renderExport(row, format, { appUrl: ctx.config.APP_URL, now: nowDate(), day1: options.day1 ?? null, session });
  return { file, renderMs: performance.now() - started };
}

async function lastStartedSession(ctx: UserContext, exerciseId: string, scope: ExerciseScope): Promise<ScheduleSession | null> {
  const [session] = await ctx.db
    .select({ id: conductSessions.id, name: conductSessions.name, startedAt: conductSessions.startedAt, endedAt: conductSessions.endedAt })
    .from(conductSessions)
    .where(
      and(
        eq(conductSessions.exerciseId, exerciseId),
        scope.kind === "campaign" ? eq(conductSessions.campaignId, scope.campaignId) : isNull(conductSessions.campaignId),
        // A session made and never started has no moment to place Day 1 on (schedule.ts).
        isNotNull(conductSessions.startedAt),
      ),
    )
    .orderBy(desc(conductSessions.startedAt), desc(conductSessions.id))
    .limit(1);
  return session ?? null;
}
