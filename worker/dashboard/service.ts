import { and, desc, eq, sql } from "drizzle-orm";
import { isEnterprise, planStatusOf } from "../accounts/plan";
import { documentAccess, documentFiledUnder, enterpriseScopeOf, exerciseAccess, exerciseFiledUnder, type ClientView } from "../clients/access";
import { tenancyAccountQuery } from "../accounts/service";
import type { UserContext } from "../context";
import { accounts, afterActionReports, documents, exercises, intelBriefs, users } from "../db/schema";
import { collaborateTeamIdsOf } from "../accounts/collaborate";
import { readShareColumn, teamShareColumn, type TeamShareView } from "../accounts/team-shares";
import { readableBriefs } from "../briefs/service";
import { membershipOf } from "../accounts/membership";
import { exerciseListQuery, teamCampaignExercisesQuery, toCampaignExerciseSummaries, toSummaries } from "../exercises/service";
import type { CampaignExerciseSummary, ExerciseSummary } from "../exercises/views";
import { notFound } from "../lib/errors";
import { type CustomInstructionField, FIELD_LABELS } from "../../shared/profile/model";
import { readStoredInstructions } from "../../shared/profile/model";
import { ensureSampleWorkspace } from "../sample/workspace";
import { sampleStatusQuery, toSampleStatus, type SampleStatus } from "../sample/status";

/** How many documents and briefs the dashboard lists; the full lists live on their own pages. */
const DASHBOARD_RECENT_LIMIT = 5;

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

/** `clientId` (enterprise accounts): only what is filed under that client. */
export type DashboardQuery = { search?: string; sort: "asc" | "desc"; clientId?: string };

export type Dashboard = {
  firstName: string;
  /** What of the sample workspace is left (worker/sample): the sample card and its "Remove sample data". */
  sample: SampleStatus;
  /** Published after-action reports: their ratings show in the Capability trends card. */
  publishedReports: number;
  /** The exercises card: the caller's exercises searched and sorted like GET /api/exercises, and how many there are in all. */
  exercises: { list: ExerciseSummary[]; total: number };
  campaignExercises: CampaignExerciseSummary[];
  /** The caller's documents and those shared with their team (`team`: the "Team" badge). */
  documents: {
    items: { id: string; name: string; type: string | null; processed: boolean; sample: boolean; createdAt: Date; team: TeamShareView | null }[];
    total: number;
  };
  /** The Threats panel: the latest briefs (theirs and their team's), and whether each is shared publicly (never the token itself). */
  briefs: { items: { id: string; title: string; createdAt: Date; shared: boolean; sample: boolean; team: TeamShareView | null }[]; total: number };
  profile: { filled: number; total: number; missing: string[] };
  /** Spec §6: the client list is offered only to enterprise accounts. */
  enterprise: boolean;
  /** The clients the caller sees, for the filter: read only for enterprise accounts (spec §6), else []. */
  clients: ClientView[];
  /** The client filter in force (a client the caller sees), or null. */
  clientId: string | null;
};

function parseJsonText(value: unknown): unknown {
  if (typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

function safeInstructions(stored: unknown) {
  try {
    return readStoredInstructions(stored ?? null);
  } catch {
    return null;
  }
}

/**
 * Everything the home page shows, all scoped to the caller's own rows. A new user's first dashboard
 * creates their sample workspace first (worker/sample/workspace.ts) and reads again.
 */
export async function getDashboard(ctx: UserContext, query: DashboardQuery = { sort: "desc" }): Promise<Dashboard> {
  const dashboard = await readDashboard(ctx, query);
  if (dashboard.sample.state === "pending" && (await ensureSampleWorkspace(ctx))) return readDashboard(ctx, query);
  return dashboard;
}

async function readDashboard(ctx: UserContext, query: DashboardQuery): Promise<Dashboard> {
  const { db } = ctx;
  const userId = ctx.user.id;
  // Spec §6: only an enterprise account reads its clients; everyone else's scope is null at no extra read.
  const [plan, scope, membership] = await Promise.all([planStatusOf(ctx), enterpriseScopeOf(ctx), membershipOf(ctx)]);
  const clientIds = scope ? scope.clients.map((c) => c.id) : null;
  // A filter naming a client the caller does not see is ignored, not an error (it came from a URL).
  const clientId = query.clientId && clientIds?.includes(query.clientId) ? query.clientId : null;
  const exerciseWhere = clientId ? and(exerciseAccess(userId, clientIds), exerciseFiledUnder(clientId))! : exerciseAccess(userId, clientIds);
  const documentWhere = clientId ? and(documentAccess(userId, clientIds), documentFiledUnder(clientId))! : documentAccess(userId, clientIds);
  // Every read goes to D1 as one batch (one round trip).
  const [[user], documentRows, briefRows, exerciseRows, campaignRows, [sampleRow]] = await db.batch([
    // The user's name, the three totals and the profile hint's instructions (tenancy account) in one row.
    db
      .select({
        firstName: users.firstName,
        exerciseTotal: sql<number>`(SELECT count(*) FROM ${exercises} WHERE ${exerciseWhere})`,
        documentTotal: sql<number>`(SELECT count(*) FROM ${documents} WHERE ${documentWhere})`,
        briefTotal: sql<number>`(SELECT count(*) FROM ${intelBriefs} WHERE ${readableBriefs(userId)})`,
        publishedReports: sql<number>`(SELECT count(*) FROM ${afterActionReports} WHERE ${afterActionReports.userId} = ${userId} AND ${afterActionReports.status} = 'final')`,
        customInstructions: sql<unknown>`(SELECT ${accounts.customInstructions} FROM ${accounts} WHERE ${accounts.id} = (${tenancyAccountQuery(db, userId)}))`,
      })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1),
    db
      .select({
        id: documents.id,
        name: documents.name,
        type: documents.type,
        processed: documents.processed,
        sample: documents.sample,
        createdAt: documents.createdAt,
        team: teamShareColumn("document", sql`"Document"."id"`),
      })
      .from(documents)
      .where(documentWhere)
      .orderBy(desc(documents.createdAt))
      .limit(DASHBOARD_RECENT_LIMIT),
    db
      .select({
        id: intelBriefs.id,
        title: intelBriefs.title,
        createdAt: intelBriefs.createdAt,
        sample: intelBriefs.sample,
        // A colleague's public link is theirs: only the caller's own briefs say whether they are shared publicly.
        shared: sql<number>`${intelBriefs.shareToken} IS NOT NULL AND ${intelBriefs.userId} = ${userId}`,
        team: teamShareColumn("brief", sql`"IntelBrief"."id"`),
      })
      .from(intelBriefs)
      .where(readableBriefs(userId))
      // The same order as the /intelligence list (worker/briefs/service.ts).
      .orderBy(desc(intelBriefs.createdAt), desc(intelBriefs.id))
      .limit(DASHBOARD_RECENT_LIMIT),
    exerciseListQuery(ctx, { search: query.search, sort: query.sort, sortBy: "updatedAt", clientId: clientId ?? undefined }, clientIds),
    teamCampaignExercisesQuery(ctx, collaborateTeamIdsOf(membership)),
    sampleStatusQuery(ctx),
  ]);
  if (!user) throw notFound("User not found.");
  const exerciseList = toSummaries(exerciseRows);
  // The profile hint is advice, not data the page depends on: unreadable instructions count as empty.
  // Raw JSON text from the subquery (no column mapping there); the column's own reader parses it.
  const instructions = user.customInstructions == null ? null : safeInstructions(parseJsonText(user.customInstructions));

  const missing = CORE_PROFILE_FIELDS.filter((field) => !instructions?.[field]?.trim());
  return {
    firstName: user.firstName,
    sample: toSampleStatus(sampleRow),
    publishedReports: Number(user.publishedReports),
    exercises: { list: exerciseList, total: Number(user.exerciseTotal) },
    campaignExercises: toCampaignExerciseSummaries(campaignRows),
    documents: { items: documentRows.map((d) => ({ ...d, team: readShareColumn(d.team) })), total: Number(user.documentTotal) },
    briefs: { items: briefRows.map((b) => ({ ...b, shared: Boolean(b.shared), team: readShareColumn(b.team) })), total: Number(user.briefTotal) },
    profile: {
      filled: CORE_PROFILE_FIELDS.length - missing.length,
      total: CORE_PROFILE_FIELDS.length,
      missing: missing.map((field) => FIELD_LABELS[field]),
    },
    enterprise: isEnterprise(plan),
    clients: scope?.clients ?? [],
    clientId,
  };
}
