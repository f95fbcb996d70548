import { and, asc, desc, eq, inArray, isNotNull, lt, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { z } from "zod";
import { findSession } from "../conduct/access";
import type { UserContext } from "../context";
import { conductSessions, correctiveActions, type CorrectiveAction } from "../db/schema";
import { nowDate, nowMs } from "../lib/clock";
import { badRequest, notFound } from "../lib/errors";
import { ACTIVE_STATUSES, isOverdue, overdueBefore } from "./due";
import { IMPROVEMENT_MESSAGES, type listActionsQuerySchema, type UpdateCorrectiveActionInput } from "../../shared/improvement/model";
import type { CorrectiveActionListView, CorrectiveActionView, VerifyingSessionView } from "../../shared/improvement/views";
import { displayNameOf } from "../notifications/service";

/**
 * The caller's corrective actions (issue 15): the Improvement Plan rows of the reports they
 * published, tracked to closure. Everything is scoped to `userId = caller`; another user's action
 * is the same 404 as a missing one. "Overdue" is computed against the server clock (nowMs), never
 * stored, so it cannot go stale.
 */

/** A planner has tens of actions; this bounds one answer if someone has thousands. */
const ACTION_LIST_MAX = 500;
const SESSION_LIST_MAX = 200;

type ListQuery = z.infer<typeof listActionsQuerySchema>;

const verifier = alias(conductSessions, "verifier");

/** The action's columns plus what the view needs of its verifying session (not its whole plan). */
const viewColumns = {
  action: correctiveActions,
  verifierName: verifier.name,
  verifierExercise: sql<string | null>`json_extract(${verifier.plan}, '$.exerciseName')`,
};

type ViewRow = { action: CorrectiveAction; verifierName: string | null; verifierExercise: string | null };

/** The SQL twin of isOverdue (due.ts), for filtering, ordering and counting in the query. */
export function overdueSql(now: number): SQL {
  return sql`(${and(
    inArray(correctiveActions.status, ACTIVE_STATUSES),
    isNotNull(correctiveActions.dueDate),
    lt(correctiveActions.dueDate, overdueBefore(now)),
  )})`;
}

function toView(row: ViewRow, now: number): CorrectiveActionView {
  const a = row.action;
  return {
    id: a.id,
    sessionId: a.sessionId,
    reportId: a.reportId,
    exerciseId: a.exerciseId,
    campaignId: a.campaignId,
    exerciseName: a.exerciseName,
    capability: a.capability,
    issue: a.issue,
    action: a.action,
    element: a.element,
    organization: a.organization,
    pointOfContact: a.pointOfContact,
    startDate: a.startDate,
    dueDate: a.dueDate,
    status: a.status,
    overdue: isOverdue(a, now),
    completedAt: a.completedAt?.toISOString() ?? null,
    completedByName: a.completedAt ? a.completedByName : null,
    verifiedAt: a.verifiedAt?.toISOString() ?? null,
    verifiedByName: a.verifiedAt ? a.verifiedByName : null,
    verifiedBy:
      a.verifiedBySessionId && row.verifierName !== null
        ? { sessionId: a.verifiedBySessionId, name: row.verifierName, exerciseName: row.verifierExercise ?? "" }
        : null,
    verificationNote: a.verificationNote,
    sample: a.sample,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

function selectViews(ctx: UserContext) {
  return ctx.db.select(viewColumns).from(correctiveActions).leftJoin(verifier, eq(verifier.id, correctiveActions.verifiedBySessionId));
}

/**
 * The list (filtered) and the counts (over all the caller's actions, so the summary does not change
 * with the filters), read in one D1 round trip. Overdue first, then by due date (none last).
 */
export async function listCorrectiveActions(ctx: UserContext, query: ListQuery, now = nowMs()): Promise<CorrectiveActionListView> {
  const mine = eq(correctiveActions.userId, ctx.user.id);
  const conditions: SQL[] = [mine];
  if (query.status) conditions.push(eq(correctiveActions.status, query.status));
  if (query.capability) conditions.push(eq(correctiveActions.capability, query.capability));
  if (query.overdue === "true") conditions.push(overdueSql(now));
  const overdue = overdueSql(now);
  const [rows, countRows] = await ctx.db.batch([
    selectViews(ctx)
      .where(and(...conditions))
      .orderBy(
        desc(overdue),
        sql`${correctiveActions.dueDate} IS NULL`,
        asc(correctiveActions.dueDate),
        asc(correctiveActions.createdAt),
        asc(correctiveActions.id),
      )
      .limit(ACTION_LIST_MAX),
    ctx.db
      .select({ status: correctiveActions.status, n: sql<number>`count(*)`, overdue: sql<number>`coalesce(sum(${overdue}), 0)` })
      .from(correctiveActions)
      .where(mine)
      .groupBy(correctiveActions.status),
  ]);
  const counts = { open: 0, in_progress: 0, completed: 0, verified: 0, overdue: 0 };
  for (const c of countRows) {
    counts[c.status] = Number(c.n);
    counts.overdue += Number(c.overdue);
  }
  return { actions: rows.map((r) => toView(r, now)), counts };
}

async function findOwnAction(ctx: UserContext, id: string): Promise<CorrectiveAction> {
  const [row] = await ctx.db
    .select()
    .from(correctiveActions)
    .where(and(eq(correctiveActions.id, id), eq(correctiveActions.userId, ctx.user.id)))
    .limit(1);
  if (!row) throw notFound(IMPROVEMENT_MESSAGES.notFound);
  return row;
}

/**
 * The session a "verified" closure cites must be one the caller may read, ended, and ended after the
 * action was tracked: a fix is verified by a LATER exercise, never by the one that found the issue.
 */
async function assertVerifyingSession(ctx: UserContext, action: CorrectiveAction, sessionId: string | null | undefined): Promise<string> {
  if (!sessionId)
    throw badRequest(IMPROVEMENT_MESSAGES.verifyNeedsSession, "validation_error", {
      fieldErrors: { verifiedBySessionId: IMPROVEMENT_MESSAGES.verifyNeedsSession },
    });
  const session = await findSession(ctx, sessionId, "read");
  if (session.status !== "ended" || !session.endedAt) {
    throw badRequest(IMPROVEMENT_MESSAGES.verifyNotEnded, "validation_error", { fieldErrors: { verifiedBySessionId: IMPROVEMENT_MESSAGES.verifyNotEnded } });
  }
  if (session.endedAt.getTime() <= action.createdAt.getTime()) {
    throw badRequest(IMPROVEMENT_MESSAGES.verifyEarlierSession, "validation_error", {
      fieldErrors: { verifiedBySessionId: IMPROVEMENT_MESSAGES.verifyEarlierSession },
    });
  }
  return session.id;
}

/**
 * Edits an action. Status rules: open and in_progress clear the closure stamps; completed stamps
 * completedAt (kept if it already was); verified needs a verifying session (above), stamps
 * verifiedAt and, if the action skipped "completed", completedAt too. Everything is checked before
 * anything is written, so a refused request changes nothing.
 */
export async function updateCorrectiveAction(ctx: UserContext, id: string, input: UpdateCorrectiveActionInput): Promise<CorrectiveActionView> {
  const row = await findOwnAction(ctx, id);
  const now = nowMs();
  const status = input.status ?? row.status;
  let name: string | undefined;
  // The name a closure is recorded under, read once and only when a closure is recorded.
  const who = async () => (name ??= (await displayNameOf(ctx.db, ctx.user.id)) ?? "");
  const set: Partial<typeof correctiveActions.$inferInsert> = {};
  if (input.action !== undefined) set.action = input.action;
  if (input.element !== undefined) set.element = input.element;
  if (input.organization !== undefined) set.organization = input.organization;
  if (input.pointOfContact !== undefined) set.pointOfContact = input.pointOfContact;
  if (input.startDate !== undefined) set.startDate = input.startDate;
  if (input.dueDate !== undefined) set.dueDate = input.dueDate;
  if (input.verificationNote !== undefined) set.verificationNote = input.verificationNote;

  if (status === "verified") {
    // Re-checked when the status becomes verified or the cited session changes.
    if (input.status === "verified" || input.verifiedBySessionId !== undefined) {
      set.verifiedBySessionId = await assertVerifyingSession(
        ctx,
        row,
        input.verifiedBySessionId === undefined ? row.verifiedBySessionId : input.verifiedBySessionId,
      );
    }
    if (row.status !== "verified") {
      set.verifiedAt = new Date(now);
      set.verifiedByName = await who();
    }
    if (!row.completedAt) {
      set.completedAt = new Date(now);
      set.completedByName = await who();
    }
  } else {
    if (input.verifiedBySessionId) {
      throw badRequest(IMPROVEMENT_MESSAGES.sessionWithoutVerified, "validation_error", {
        fieldErrors: { verifiedBySessionId: IMPROVEMENT_MESSAGES.sessionWithoutVerified },
      });
    }
    set.verifiedAt = null;
    set.verifiedByName = null;
    set.verifiedBySessionId = null;
    if (status === "completed") {
      if (!row.completedAt) {
        set.completedAt = new Date(now);
        set.completedByName = await who();
      }
    } else {
      set.completedAt = null;
      set.completedByName = null;
    }
  }
  if (input.status !== undefined) set.status = input.status;
  set.updatedAt = nowDate();

  await ctx.db
    .update(correctiveActions)
    .set(set)
    .where(and(eq(correctiveActions.id, row.id), eq(correctiveActions.userId, ctx.user.id)));
  const [updated] = await selectViews(ctx).where(eq(correctiveActions.id, row.id)).limit(1);
  if (!updated) throw notFound(IMPROVEMENT_MESSAGES.notFound);
  return toView(updated, now);
}

/** Ended sessions the caller ran, newest first: what a "verified" closure may cite. */
export async function listVerifyingSessions(ctx: UserContext): Promise<{ sessions: VerifyingSessionView[] }> {
  const rows = await ctx.db
    .select({
      id: conductSessions.id,
      name: conductSessions.name,
      exerciseName: sql<string | null>`json_extract(${conductSessions.plan}, '$.exerciseName')`,
      endedAt: conductSessions.endedAt,
    })
    .from(conductSessions)
    .where(and(eq(conductSessions.userId, ctx.user.id), eq(conductSessions.status, "ended"), isNotNull(conductSessions.endedAt)))
    .orderBy(desc(conductSessions.endedAt))
    .limit(SESSION_LIST_MAX);
  return {
    sessions: rows.flatMap((r) => (r.endedAt ? [{ id: r.id, name: r.name, exerciseName: r.exerciseName ?? "", endedAt: r.endedAt.toISOString() }] : [])),
  };
}
