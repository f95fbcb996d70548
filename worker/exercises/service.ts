import { and, asc, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { assertActivePlan } from "../accounts/plan";
import { assertCampaignAccess, collaborateTeamIds } from "../accounts/collaborate";
import { getTenancyAccountId } from "../accounts/service";
import type { Database } from "../db/client";
import {
  campaignExercises,
  campaigns,
  clients,
  clientUsers,
  conversations,
  exercises,
  feedback,
  quickStartExercises,
  type Exercise,
} from "../db/schema";
import { badRequest, forbidden, locked, notFound } from "../lib/errors";
import { parseWith } from "../lib/http";
import { newId } from "../lib/ids";
import { exerciseInputSchema, type ExerciseInput, type ExerciseMetadata } from "../db/exercise-shapes";
import { resumeStep } from "./steps";
import { getTemplate } from "./templates";
import { nowMs, nowDate } from "../lib/clock";

/**
 * Exercises, personal and campaign, behind one set of functions. Every read and write is scoped:
 * a personal exercise by its owner's user id, a campaign exercise by the campaign (which the caller
 * must be allowed to work on: worker/accounts/collaborate.ts). Anything outside the caller's scope
 * is "not found" (404), never 403, so ids of other tenants' exercises are not confirmed.
 */

export type ExerciseScope = { kind: "personal"; userId: string } | { kind: "campaign"; userId: string; campaignId: string };

export const personal = (userId: string): ExerciseScope => ({ kind: "personal", userId });
export const inCampaign = (userId: string, campaignId: string): ExerciseScope => ({ kind: "campaign", userId, campaignId });

/** The spec's §8 messages for a missing id. */
export const EXERCISE_ID_REQUIRED = "Exercise ID required.";
export const CAMPAIGN_IDS_REQUIRED = "Campaign ID and exercise ID are required.";

const NOT_FOUND_MESSAGE = "Exercise not found.";

/** Path segments a client sends when it had no id to put there (`${undefined}`, blank). */
export function isMissingId(id: string | undefined | null): boolean {
  if (id == null) return true;
  const t = id.trim();
  return t === "" || t === "undefined" || t === "null";
}

// ---------------------------------------------------------------------------------------------
// Request shapes (spec §7)

const idSchema = z.string().trim().min(1).max(200);

/** Non-enterprise clients send no client; an empty string means the same. */
const optionalClientId = z.string().trim().max(200).nullish();

export const createExerciseBodySchema = z.object({
  clientId: optionalClientId,
  exercise: exerciseInputSchema.extend({ userId: z.string().optional() }).default({}),
});
export type CreateExerciseBody = z.infer<typeof createExerciseBodySchema>;

export const updateExerciseBodySchema = z.object({ exercise: exerciseInputSchema });

export const fromTemplateBodySchema = z.object({ templateId: idSchema, clientId: optionalClientId });

export const feedbackBodySchema = z.object({
  step: z.string().trim().max(200, "Must be less than 200 characters").nullish(),
  feedback: z.string().trim().min(1, "Feedback is required").max(10_000, "Must be less than 10000 characters"),
});

export const listQuerySchema = z.object({
  status: z.enum(["all", "in-progress", "completed"]).default("all"),
  sort: z.enum(["asc", "desc"]).default("desc"),
  sortBy: z.enum(["updatedAt", "createdAt", "name"]).default("updatedAt"),
  search: z.string().trim().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Views

export type ExerciseView = Omit<Exercise, "createdAt" | "updatedAt" | "lockExpires"> & {
  createdAt: string;
  updatedAt: string;
  lockExpires: string | null;
  campaignId: string | null;
  isCampaignExercise: boolean;
  /** Where the editor opens (spec §2 resume rule). */
  resumeStep: string;
};

type ExerciseRow = Exercise & { campaignId?: string };

export function toExerciseView(row: ExerciseRow): ExerciseView {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lockExpires: row.lockExpires ? row.lockExpires.toISOString() : null,
    campaignId: row.campaignId ?? null,
    isCampaignExercise: row.campaignId != null,
    resumeStep: resumeStep({
      lastActiveStep: row.lastActiveStep,
      lastActiveModule: row.lastActiveModule,
      moduleCount: row.modules?.length ?? 0,
    }),
  };
}

export type ExerciseSummary = {
  id: string;
  name: string;
  threatType: string | null;
  completed: boolean;
  isQuickStart: boolean;
  moduleCount: number;
  lastActiveStep: number | null;
  lastActiveModule: number | null;
  resumeStep: string;
  createdAt: string;
  updatedAt: string;
};

// ---------------------------------------------------------------------------------------------
// Access

/** The plan gate of spec §4: creating needs an active plan; the client sends the user to pricing. */
export function assertCanCreate(db: Database, userId: string): Promise<void> {
  return assertActivePlan(db, userId, "create exercises");
}

function lockedByOther(row: Pick<Exercise, "lockedByUserId" | "lockExpires">, userId: string, now = nowMs()): boolean {
  return Boolean(row.lockedByUserId && row.lockedByUserId !== userId && row.lockExpires && row.lockExpires.getTime() > now);
}

async function findScoped(db: Database, scope: ExerciseScope, id: string): Promise<ExerciseRow> {
  if (scope.kind === "personal") {
    const [row] = await db
      .select()
      .from(exercises)
      .where(and(eq(exercises.id, id), eq(exercises.userId, scope.userId)))
      .limit(1);
    if (!row) throw notFound(NOT_FOUND_MESSAGE);
    return row;
  }
  // Who of the campaign's team may read or change its exercises (and spend credits on them) is
  // worker/accounts/collaborate.ts's one rule; anyone else gets the same 404 as a missing campaign.
  await assertCampaignAccess(db, scope.userId, scope.campaignId);
  const [row] = await db
    .select()
    .from(campaignExercises)
    .where(and(eq(campaignExercises.id, id), eq(campaignExercises.campaignId, scope.campaignId)))
    .limit(1);
  if (!row) throw notFound(NOT_FOUND_MESSAGE);
  return row;
}

// ---------------------------------------------------------------------------------------------
// Clients (enterprise accounts)

export type ClientView = { id: string; name: string; accountId: string };

/** Clients the user may file exercises under: linked to them, or owned by the account they work in. */
export async function listClientsForUser(db: Database, userId: string): Promise<ClientView[]> {
  const accountId = await getTenancyAccountId(db, userId);
  const linked = db.select({ id: clientUsers.clientId }).from(clientUsers).where(eq(clientUsers.userId, userId));
  const where = accountId ? or(eq(clients.accountId, accountId), sql`${clients.id} IN ${linked}`) : sql`${clients.id} IN ${linked}`;
  return db.select({ id: clients.id, name: clients.name, accountId: clients.accountId }).from(clients).where(where).orderBy(asc(clients.name));
}

async function assertClientOfUser(db: Database, userId: string, clientId: string): Promise<void> {
  const list = await listClientsForUser(db, userId);
  if (!list.some((c) => c.id === clientId)) throw notFound("Client not found.");
}

// ---------------------------------------------------------------------------------------------
// Create / read / update / delete

type ContentFields = Omit<ExerciseInput, "metadata"> & { metadata?: ExerciseMetadata | null };

/** Columns an input may set; identity, ownership and lock fields are never taken from a body. */
function contentValues(input: ContentFields) {
  const out: Partial<typeof exercises.$inferInsert> = {};
  const keys = [
    "name",
    "framework",
    "scenario",
    "threatType",
    "threatAnalysis",
    "customInstructions",
    "capabilitiesAndObjectives",
    "mselTable",
    "modules",
    "completed",
    "lastActiveStep",
    "lastActiveModule",
    "isQuickStart",
    "metadata",
  ] as const;
  for (const key of keys) {
    if (input[key] !== undefined) (out as Record<string, unknown>)[key] = input[key];
  }
  return out;
}

async function insertExercise(db: Database, scope: ExerciseScope, input: ContentFields): Promise<{ id: string }> {
  const id = newId();
  const values = { ...contentValues(input), id, userId: scope.userId, name: input.name ?? "" };
  if (scope.kind === "personal") await db.insert(exercises).values(values);
  else await db.insert(campaignExercises).values({ ...values, campaignId: scope.campaignId });
  return { id };
}

/** POST /api/exercises/create and the campaign twin. The default name is "" (spec §9). */
export async function createExercise(db: Database, scope: ExerciseScope, body: CreateExerciseBody): Promise<{ id: string }> {
  const { userId: claimedUserId, ...input } = body.exercise;
  if (claimedUserId && claimedUserId !== scope.userId) throw forbidden("You can only create exercises for yourself.");
  let metadata = input.metadata ?? undefined;
  if (scope.kind === "personal") {
    await assertCanCreate(db, scope.userId);
    if (body.clientId) {
      await assertClientOfUser(db, scope.userId, body.clientId);
      metadata = { ...(metadata ?? {}), clientId: body.clientId };
    }
  } else {
    await assertCampaignAccess(db, scope.userId, scope.campaignId);
  }
  return insertExercise(db, scope, { ...input, metadata });
}

export async function getExercise(db: Database, scope: ExerciseScope, id: string): Promise<ExerciseView> {
  return toExerciseView(await findScoped(db, scope, id));
}

/** The stored row, for exports (Date fields intact). */
export async function getExerciseRow(db: Database, scope: ExerciseScope, id: string): Promise<ExerciseRow> {
  return findScoped(db, scope, id);
}

export async function updateExercise(db: Database, scope: ExerciseScope, id: string, input: ExerciseInput): Promise<{ success: true }> {
  const row = await findScoped(db, scope, id);
  if (lockedByOther(row, scope.userId)) {
    throw locked("This exercise is being edited by someone else.", {
      lockedByUserId: row.lockedByUserId,
      lockExpires: row.lockExpires?.toISOString() ?? null,
    });
  }
  const values = { ...contentValues(input), updatedAt: nowDate() };
  // The client id is chosen at creation; an update's metadata must not silently drop it.
  if (values.metadata !== undefined && row.metadata?.clientId && values.metadata && !values.metadata.clientId) {
    values.metadata = { ...values.metadata, clientId: row.metadata.clientId };
  }
  if (scope.kind === "personal") {
    await db.update(exercises).set(values).where(and(eq(exercises.id, id), eq(exercises.userId, scope.userId)));
  } else {
    await db
      .update(campaignExercises)
      .set(values)
      .where(and(eq(campaignExercises.id, id), eq(campaignExercises.campaignId, scope.campaignId)));
  }
  return { success: true };
}

/** Deletes the exercise with its design conversation and feedback (they carry no foreign key). */
export async function deleteExercise(db: Database, scope: ExerciseScope, id: string): Promise<{ success: true }> {
  const row = await findScoped(db, scope, id);
  if (lockedByOther(row, scope.userId)) {
    throw locked("This exercise is being edited by someone else.", { lockedByUserId: row.lockedByUserId });
  }
  const removeExercise =
    scope.kind === "personal"
      ? db.delete(exercises).where(and(eq(exercises.id, id), eq(exercises.userId, scope.userId)))
      : db.delete(campaignExercises).where(and(eq(campaignExercises.id, id), eq(campaignExercises.campaignId, scope.campaignId)));
  await db.batch([
    db.delete(conversations).where(eq(conversations.exerciseId, id)),
    db.delete(feedback).where(eq(feedback.exerciseId, id)),
    removeExercise,
  ]);
  return { success: true };
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** The dashboard list: the caller's own exercises, filtered, searched by name and sorted. */
export async function listExercises(db: Database, userId: string, query: Partial<ListQuery> = {}): Promise<ExerciseSummary[]> {
  const q = listQuerySchema.parse(query);
  const conditions: SQL[] = [eq(exercises.userId, userId)];
  if (q.status === "completed") conditions.push(eq(exercises.completed, true));
  if (q.status === "in-progress") conditions.push(eq(exercises.completed, false));
  // ESCAPE: SQLite's LIKE has no default escape character, so % and _ typed by the user stay literal.
  if (q.search) conditions.push(sql`${exercises.name} LIKE ${`%${escapeLike(q.search)}%`} ESCAPE '\\'`);
  const column = q.sortBy === "name" ? sql`lower(${exercises.name})` : exercises[q.sortBy];
  const order = q.sort === "asc" ? asc(column) : desc(column);
  const rows = await db
    .select({
      id: exercises.id,
      name: exercises.name,
      threatType: exercises.threatType,
      completed: exercises.completed,
      isQuickStart: exercises.isQuickStart,
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
  return rows.map((r) => ({
    ...r,
    moduleCount: Number(r.moduleCount),
    resumeStep: resumeStep({ lastActiveStep: r.lastActiveStep, lastActiveModule: r.lastActiveModule, moduleCount: Number(r.moduleCount) }),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

export type CampaignExerciseSummary = {
  id: string;
  campaignId: string;
  campaignName: string;
  name: string;
  completed: boolean;
  resumeStep: string;
  updatedAt: Date;
};

/**
 * Campaign exercises of every campaign the user may open (worker/accounts/collaborate.ts: the
 * flag, and team admin or campaign manager), newest first: the dashboard's way into the campaign
 * editor until the collaborate pages list them per campaign.
 */
export async function listTeamCampaignExercises(db: Database, userId: string, limit = 20): Promise<CampaignExerciseSummary[]> {
  const teamIds = await collaborateTeamIds(db, userId);
  if (!teamIds.length) return [];
  const rows = await db
    .select({
      id: campaignExercises.id,
      campaignId: campaigns.id,
      campaignName: campaigns.name,
      name: campaignExercises.name,
      completed: campaignExercises.completed,
      moduleCount: sql<number>`coalesce(json_array_length(${campaignExercises.modules}), 0)`,
      lastActiveStep: campaignExercises.lastActiveStep,
      lastActiveModule: campaignExercises.lastActiveModule,
      updatedAt: campaignExercises.updatedAt,
    })
    .from(campaignExercises)
    .innerJoin(campaigns, eq(campaigns.id, campaignExercises.campaignId))
    .where(inArray(campaigns.teamId, teamIds))
    .orderBy(desc(campaignExercises.updatedAt), desc(campaignExercises.id))
    .limit(limit);
  return rows.map(({ moduleCount, lastActiveStep, lastActiveModule, ...r }) => ({
    ...r,
    resumeStep: resumeStep({ lastActiveStep, lastActiveModule, moduleCount: Number(moduleCount) }),
  }));
}

// ---------------------------------------------------------------------------------------------
// Quick-start templates and import

/** "Start from template": copies a quick-start exercise into a new exercise of the caller. */
export async function createFromTemplate(db: Database, userId: string, body: z.infer<typeof fromTemplateBodySchema>): Promise<{ id: string }> {
  await assertCanCreate(db, userId);
  let source: ContentFields | undefined = getTemplate(body.templateId);
  if (!source) {
    const [row] = await db.select().from(quickStartExercises).where(eq(quickStartExercises.id, body.templateId)).limit(1);
    if (row) {
      source = {
        name: row.name,
        framework: row.framework,
        scenario: row.scenario,
        threatType: row.threatType,
        threatAnalysis: row.threatAnalysis,
        capabilitiesAndObjectives: row.capabilitiesAndObjectives,
        customInstructions: row.customInstructions,
        modules: row.modules,
        mselTable: row.mselTable,
      };
    }
  }
  if (!source) throw notFound("Template not found.");
  const metadata: ExerciseMetadata = { templateId: body.templateId };
  if (body.clientId) {
    await assertClientOfUser(db, userId, body.clientId);
    metadata.clientId = body.clientId;
  }
  // Structured clone: the template objects are module-level constants shared by every request.
  const copy = structuredClone({
    name: source.name,
    framework: source.framework,
    scenario: source.scenario,
    threatType: source.threatType,
    threatAnalysis: source.threatAnalysis,
    capabilitiesAndObjectives: source.capabilitiesAndObjectives,
    customInstructions: source.customInstructions,
    modules: source.modules,
    mselTable: source.mselTable,
  });
  return insertExercise(db, personal(userId), { ...copy, isQuickStart: true, completed: false, metadata });
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

export async function importExercise(db: Database, userId: string, input: ExerciseInput): Promise<{ id: string }> {
  await assertCanCreate(db, userId);
  const metadata = input.metadata ? { ...input.metadata } : undefined;
  // A client belongs to the exporting account; it means nothing to the importer.
  if (metadata) delete metadata.clientId;
  return insertExercise(db, personal(userId), { ...input, metadata });
}

// ---------------------------------------------------------------------------------------------
// Feedback

export async function addFeedback(db: Database, scope: ExerciseScope, id: string, body: z.infer<typeof feedbackBodySchema>): Promise<{ id: string }> {
  await findScoped(db, scope, id);
  const feedbackId = newId();
  await db.insert(feedback).values({ id: feedbackId, exerciseId: id, userId: scope.userId, feedback: body.feedback, step: body.step ?? null });
  return { id: feedbackId };
}

/** The feedback left on an exercise, newest first. */
export async function listFeedback(db: Database, scope: ExerciseScope, id: string) {
  await findScoped(db, scope, id);
  const rows = await db.select().from(feedback).where(eq(feedback.exerciseId, id)).orderBy(desc(feedback.createdAt)).limit(500);
  return rows.map((r) => ({ id: r.id, step: r.step, feedback: r.feedback, userId: r.userId, createdAt: r.createdAt.toISOString() }));
}

export function requireId(id: string | undefined): string {
  if (isMissingId(id)) throw badRequest(EXERCISE_ID_REQUIRED, "exercise_id_required");
  return id!.trim();
}

export function requireCampaignIds(campaignId: string | undefined, id: string | undefined): { campaignId: string; id: string } {
  if (isMissingId(campaignId) || isMissingId(id)) throw badRequest(CAMPAIGN_IDS_REQUIRED, "campaign_exercise_ids_required");
  return { campaignId: campaignId!.trim(), id: id!.trim() };
}
