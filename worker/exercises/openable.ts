import { z } from "zod";
import { collaborateTeamIdsOf } from "../accounts/collaborate";
import { membershipOf } from "../accounts/membership";
import { enterpriseScopeOf } from "../clients/access";
import type { TeamShareView } from "../accounts/team-shares";
import type { UserContext } from "../context";
import { exerciseListQuery, teamCampaignExercisesQuery, toCampaignExerciseSummaries, toSummaries } from "./service";

/**
 * The Exercises page (/exercises and GET /api/exercises/all): every exercise the caller may open,
 * wherever it lives — their own, their team's shared ones (worker/accounts/team-shares.ts), their
 * clients' (enterprise accounts, worker/clients/access.ts) and their campaigns'
 * (worker/accounts/collaborate.ts) — by the same rules that open each one, newest change first.
 */

const exerciseSources = ["mine", "team", "client", "campaign"] as const;
export type ExerciseSource = (typeof exerciseSources)[number];

/** Total: a stale or hand-edited link still opens the page (web/lib/search-params.ts). */
export const openableQuerySchema = z.object({
  source: z
    .enum(["all", ...exerciseSources])
    .catch("all")
    .default("all"),
  status: z.enum(["all", "in-progress", "completed"]).catch("all").default("all"),
  search: z.string().trim().max(200).catch("").default(""),
});
export type OpenableQuery = z.infer<typeof openableQuerySchema>;

export type OpenableExercise = {
  id: string;
  name: string;
  source: ExerciseSource;
  completed: boolean;
  /** A campaign exercise's campaign (the editor's address: web/lib/exercise-paths.ts), else null. */
  campaignId: string | null;
  /** Where the editor opens (spec §2 resume rule). */
  resumeStep: string;
  /** May the caller change it (their own, shared for editing, a campaign's), or only read it. */
  access: "edit" | "read";
  /** Whose it is or where it is shared from: the team sharer, the client, the campaign. */
  from: string | null;
  /** A personal exercise shared with the team: how, and by whom. */
  team: TeamShareView | null;
  updatedAt: string;
};

export type OpenableExercises = { exercises: OpenableExercise[]; counts: Record<ExerciseSource, number> };

/** How many of each source one answer lists at most (the page shows a planner's working set). */
const LIMIT = 200;

export async function listOpenableExercises(ctx: UserContext, query: Partial<OpenableQuery> = {}): Promise<OpenableExercises> {
  const q = openableQuerySchema.parse(query);
  const [scope, membership] = await Promise.all([enterpriseScopeOf(ctx), membershipOf(ctx)]);
  const clientIds = scope ? scope.clients.map((c) => c.id) : null;
  const filter = { status: q.status, search: q.search || undefined };
  const [personalRows, campaignRows] = await ctx.db.batch([
    exerciseListQuery(ctx, { ...filter, sortBy: "updatedAt", sort: "desc" }, clientIds),
    teamCampaignExercisesQuery(ctx, collaborateTeamIdsOf(membership), LIMIT, filter),
  ]);
  const clientName = new Map((scope?.clients ?? []).map((c) => [c.id, c.name]));
  const personal: OpenableExercise[] = toSummaries(personalRows).map((e) => {
    const source: ExerciseSource = e.mine ? "mine" : e.clientId ? "client" : "team";
    return {
      id: e.id,
      name: e.name,
      source,
      completed: e.completed,
      campaignId: null,
      resumeStep: e.resumeStep,
      access: e.mine || e.team?.access === "edit" ? "edit" : "read",
      from: source === "client" ? (clientName.get(e.clientId!) ?? null) : source === "team" ? (e.team?.sharedBy ?? null) : null,
      team: e.team,
      updatedAt: e.updatedAt,
    };
  });
  const campaign: OpenableExercise[] = toCampaignExerciseSummaries(campaignRows).map((e) => ({
    id: e.id,
    name: e.name,
    source: "campaign",
    completed: e.completed,
    campaignId: e.campaignId,
    resumeStep: e.resumeStep,
    access: "edit",
    from: e.campaignName,
    team: null,
    updatedAt: new Date(e.updatedAt).toISOString(),
  }));
  const all = [...personal, ...campaign].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || a.id.localeCompare(b.id));
  const counts = Object.fromEntries(exerciseSources.map((s) => [s, all.filter((e) => e.source === s).length])) as Record<ExerciseSource, number>;
  return { exercises: q.source === "all" ? all : all.filter((e) => e.source === q.source), counts };
}
