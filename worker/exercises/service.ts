import { and, asc, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { assertActivePlan } from "../accounts/plan";
import { assertCampaignAccess } from "../accounts/collaborate";
import type { UserContext } from "../context";
import { campaignExercises, campaigns, conversations, exercises, feedback, users } from "../db/schema";
import { EXERCISE_CONTENT_FIELDS, EXERCISE_PROGRESS_FIELDS, type ExerciseInput, type ExerciseMetadata } from "../../shared/db/exercise-shapes";
import { forbidden } from "../lib/errors";
import { newId } from "../lib/ids";
import { nowDate } from "../lib/clock";
import { enterpriseScopeOf, exerciseAccess, exerciseFiledUnder, visibleClientIds } from "../clients/access";
import { assertClientForCreate } from "./clients";
import { readShareColumn, teamShareColumn } from "../accounts/team-shares";
import { assertEditable } from "./lock-service";
import { listQuerySchema, type CreateExerciseBody, type ListQuery } from "./schemas";
import { findExercise, openExercise, type ExerciseRow, type ExerciseScope } from "./scope";
import { resumeStep } from "../../shared/exercises/steps";
import { toExerciseView, type CampaignExerciseSummary, type ExerciseSummary, type ExerciseView } from "./views";
import { displayName } from "../../shared/lib/display-name";
import { notifySharedItemChanged } from "../notifications/events";

/**
 * Exercises, personal and campaign, behind one set of functions: create, read, update, delete and
 * the dashboard lists. Every function takes the caller's context and a scope (./scope.ts); writes
 * pass the one edit rule, assertEditable (./lock-service.ts).
 */

/** The plan gate of spec §4: creating needs an active plan; the client sends the user to pricing. */
export function assertCanCreate(ctx: UserContext): Promise<void> {
  return assertActivePlan(ctx.db, ctx.user.id, "create exercises");
}

type ExerciseValues = Omit<ExerciseInput, "metadata"> & { metadata?: ExerciseMetadata | null };

/** Columns an input may set: the content and progress fields, never identity, ownership or lock. */
function writableValues(input: ExerciseValues) {
  const out: Partial<typeof exercises.$inferInsert> = {};
  for (const key of [...EXERCISE_CONTENT_FIELDS, ...EXERCISE_PROGRESS_FIELDS]) {
    if (input[key] !== undefined) (out as Record<string, unknown>)[key] = input[key];
  }
  return out;
}

/** The insert every way of making an exercise ends in (create, template, import). */
export async function insertExercise(ctx: UserContext, scope: ExerciseScope, input: ExerciseValues): Promise<{ id: string }> {
  const id = newId();
  const values = { ...writableValues(input), id, userId: ctx.user.id, name: input.name ?? "" };
  if (scope.kind === "personal") await ctx.db.insert(exercises).values(values);
  else await ctx.db.insert(campaignExercises).values({ ...values, campaignId: scope.campaignId });
  return { id };
}

function withoutClient(metadata: ExerciseMetadata): ExerciseMetadata {
  const { clientId: _dropped, ...rest } = metadata;
  return rest;
}

/** POST /api/exercises/create and the campaign twin. The default name is "" (spec §9). */
export async function createExercise(ctx: UserContext, scope: ExerciseScope, body: CreateExerciseBody): Promise<{ id: string }> {
  const { userId: claimedUserId, ...input } = body.exercise;
  if (claimedUserId && claimedUserId !== ctx.user.id) throw forbidden("You can only create exercises for yourself.");
  // The client is the body's clientId, validated; never one smuggled in through metadata.
  let metadata = input.metadata ? withoutClient(input.metadata) : undefined;
  if (scope.kind === "personal") {
    if (body.clientId) await assertClientForCreate(ctx, body.clientId);
    await assertCanCreate(ctx);
    if (body.clientId) metadata = { ...(metadata ?? {}), clientId: body.clientId };
  } else {
    await assertCampaignAccess(ctx, scope.campaignId);
  }
  return insertExercise(ctx, scope, { ...input, metadata });
}

export async function getExercise(ctx: UserContext, scope: ExerciseScope, id: string): Promise<ExerciseView> {
  const { row, canWrite, viaTeam } = await openExercise(ctx, scope, id);
  if (canWrite && !viaTeam) return toExerciseView(row, "edit");
  const clientIds = row.metadata?.clientId ? [row.metadata.clientId] : [];
  const [author] = await ctx.db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, row.userId)).limit(1);
  const client = (await enterpriseScopeOf(ctx))?.clients.find((c) => clientIds.includes(c.id));
  const sharedBy = { authorName: author ? displayName(author) : null, clientName: client?.name ?? null, viaTeam };
  return toExerciseView(row, canWrite ? "edit" : "read", sharedBy);
}

/** The stored row, for exports (Date fields intact). */
export function getExerciseRow(ctx: UserContext, scope: ExerciseScope, id: string): Promise<ExerciseRow> {
  return findExercise(ctx, scope, id, "read");
}

export async function updateExercise(ctx: UserContext, scope: ExerciseScope, id: string, input: ExerciseInput): Promise<{ success: true }> {
  await saveExercise(ctx, scope, await assertEditable(ctx, scope, id), input);
  return { success: true };
}

/**
 * Writes `input` over an exercise the caller has just passed assertEditable for (`row`): the one
 * write of every edit (the editor's save, an MSEL append), with the shared-item notification.
 */
export async function saveExercise(ctx: UserContext, scope: ExerciseScope, row: ExerciseRow, input: ExerciseInput): Promise<void> {
  const id = row.id;
  const values = { ...writableValues(input), updatedAt: nowDate() };
  // The client id is chosen at creation: an update's metadata — another client, none, or null
  // (the editor sends the whole exercise) — neither drops nor changes it.
  if (values.metadata !== undefined) {
    const rest = values.metadata ? withoutClient(values.metadata) : null;
    const clientId = row.metadata?.clientId;
    values.metadata = clientId ? { ...rest, clientId } : rest;
  }
  if (scope.kind === "personal") {
    // Not scoped to the author: assertEditable has judged the caller (their own, or shared with
    // their team for editing) and holds the lock check.
    await ctx.db.update(exercises).set(values).where(eq(exercises.id, id));
    await notifySharedItemChanged(ctx, { kind: "exercise", itemId: id, name: values.name ?? row.name, actorId: ctx.user.id, at: values.updatedAt.getTime() });
  } else {
    await ctx.db
      .update(campaignExercises)
      .set(values)
      .where(and(eq(campaignExercises.id, id), eq(campaignExercises.campaignId, scope.campaignId)));
  }
}

/** Deletes the exercise with its design conversation and feedback (they carry no foreign key). */
export async function deleteExercise(ctx: UserContext, scope: ExerciseScope, id: string): Promise<{ success: true }> {
  const row = await assertEditable(ctx, scope, id);
  // Editing a colleague's shared exercise is not owning it: only its author deletes it.
  if (scope.kind === "personal" && row.userId !== ctx.user.id) throw forbidden("Only the exercise's author can delete it. Ask them, or stop using it.");
  const { db } = ctx;
  const removeExercise =
    scope.kind === "personal"
      ? db.delete(exercises).where(and(eq(exercises.id, id), eq(exercises.userId, ctx.user.id)))
      : db.delete(campaignExercises).where(and(eq(campaignExercises.id, id), eq(campaignExercises.campaignId, scope.campaignId)));
  await db.batch([db.delete(conversations).where(eq(conversations.exerciseId, id)), db.delete(feedback).where(eq(feedback.exerciseId, id)), removeExercise]);
  return { success: true };
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * The dashboard list: the caller's own exercises and, in an enterprise account, those filed under
 * the clients they see (worker/clients/access.ts); filtered, searched by name and sorted.
 */
export async function listExercises(ctx: UserContext, query: Partial<ListQuery> = {}): Promise<ExerciseSummary[]> {
  return toSummaries(await exerciseListQuery(ctx, query, await visibleClientIds(ctx)));
}

/**
 * listExercises as a query not yet run, so a page can send it to D1 in one batch with its other
 * reads. `clientIds` is visibleClientIds(ctx), read first.
 */
export function exerciseListQuery({ db, user }: UserContext, query: Partial<ListQuery> = {}, clientIds: string[] | null = null) {
  const q = listQuerySchema.parse(query);
  const conditions: SQL[] = [exerciseAccess(user.id, clientIds)];
  if (q.clientId) conditions.push(exerciseFiledUnder(q.clientId));
  if (q.status === "completed") conditions.push(eq(exercises.completed, true));
  if (q.status === "in-progress") conditions.push(eq(exercises.completed, false));
  // ESCAPE: SQLite's LIKE has no default escape character, so % and _ typed by the user stay literal.
  if (q.search) conditions.push(sql`${exercises.name} LIKE ${`%${escapeLike(q.search)}%`} ESCAPE '\\'`);
  const column = q.sortBy === "name" ? sql`lower(${exercises.name})` : exercises[q.sortBy];
  const order = q.sort === "asc" ? asc(column) : desc(column);
  return db
    .select({
      id: exercises.id,
      name: exercises.name,
      threatType: exercises.threatType,
      completed: exercises.completed,
      isQuickStart: exercises.isQuickStart,
      clientId: sql<string | null>`json_extract(${exercises.metadata}, '$.clientId')`,
      mine: sql<number>`${exercises.userId} = ${user.id}`,
      sample: exercises.sample,
      team: teamShareColumn("exercise", sql`"Exercise"."id"`),
      // Only the count is needed: avoid shipping every module's text to the dashboard.
      moduleCount: sql<number>`coalesce(json_array_length(${exercises.modules}), 0)`,
      lastActiveStep: exercises.lastActiveStep,
      lastActiveModule: exercises.lastActiveModule,
      createdAt: exercises.createdAt,
      updatedAt: exercises.updatedAt,
    })
    .from(exercises)
    .where(and(...conditions))
    .orderBy(order, desc(exercises.id))
    .limit(500);
}

export function toSummaries(rows: Awaited<ReturnType<typeof exerciseListQuery>>): ExerciseSummary[] {
  return rows.map((r) => ({
    ...r,
    mine: Boolean(r.mine),
    team: readShareColumn(r.team),
    moduleCount: Number(r.moduleCount),
    resumeStep: resumeStep({ lastActiveStep: r.lastActiveStep, lastActiveModule: r.lastActiveModule, moduleCount: Number(r.moduleCount) }),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

/**
 * Campaign exercises of every campaign the user may open (worker/accounts/collaborate.ts: the
 * flag, and team admin or campaign manager, i.e. `collaborateTeamIdsOf`), newest first: the
 * dashboard's way into the campaign editor until the collaborate pages list them per campaign.
 * A query, so the dashboard sends it in its own batch; `toCampaignExerciseSummaries` maps its rows.
 * No teams → no rows (drizzle's `inArray` of nothing is false).
 */
export function teamCampaignExercisesQuery(ctx: UserContext, teamIds: string[], limit = 20, filter: Pick<Partial<ListQuery>, "status" | "search"> = {}) {
  return ctx.db
    .select({
      id: campaignExercises.id,
      // Named apart: D1 answers a batch with one object per row keyed by column name, so the
      // campaign's "id" and "name" would overwrite the exercise's.
      campaignId: sql<string>`${campaigns.id}`.as("campaignId"),
      campaignName: sql<string>`${campaigns.name}`.as("campaignName"),
      name: campaignExercises.name,
      completed: campaignExercises.completed,
      moduleCount: sql<number>`coalesce(json_array_length(${campaignExercises.modules}), 0)`,
      lastActiveStep: campaignExercises.lastActiveStep,
      lastActiveModule: campaignExercises.lastActiveModule,
      updatedAt: campaignExercises.updatedAt,
    })
    .from(campaignExercises)
    .innerJoin(campaigns, eq(campaigns.id, campaignExercises.campaignId))
    .where(
      and(
        inArray(campaigns.teamId, teamIds),
        filter.status === "completed"
          ? eq(campaignExercises.completed, true)
          : filter.status === "in-progress"
            ? eq(campaignExercises.completed, false)
            : undefined,
        filter.search ? sql`${campaignExercises.name} LIKE ${`%${escapeLike(filter.search)}%`} ESCAPE '\\'` : undefined,
      ),
    )
    .orderBy(desc(campaignExercises.updatedAt), desc(campaignExercises.id))
    .limit(limit);
}

type CampaignExerciseRow = Awaited<ReturnType<typeof teamCampaignExercisesQuery>>[number];

export function toCampaignExerciseSummaries(rows: CampaignExerciseRow[]): CampaignExerciseSummary[] {
  return rows.map(({ moduleCount, lastActiveStep, lastActiveModule, ...r }) => ({
    ...r,
    resumeStep: resumeStep({ lastActiveStep, lastActiveModule, moduleCount: Number(moduleCount) }),
  }));
}
