/**
 * Browser calls of the team API: the spec §7 reads (under /api/users, worker/users/routes.ts),
 * cached 30 s (TEAM_STALE_TIME_MS, spec §9 "team data stale time"), and the admin's writes
 * (worker/teams/routes.ts), through the routers' own types.
 */
import type { CampaignParticipationView, TeamMembersView, TeamMemberView } from "../../worker/teams/service";
import type { CollaborateRole, TeamRole, TeamShareKind } from "../../worker/db/schema/teams";
import type { TeamShareView } from "../../worker/accounts/team-shares";
import type { TeamRoutes } from "../../worker/teams/routes";
import { apiClient, unwrap } from "./api-client";
import { usersApi } from "./users-api";

export type { CampaignParticipationView, CollaborateRole, TeamMembersView, TeamMemberView, TeamRole, TeamShareKind, TeamShareView };

const enc = encodeURIComponent;
const teams = apiClient<TeamRoutes>("/api/teams");
/** The typed client puts path parameters in as given: encode them, as the URLs built by hand did. */
const byId = (id: string) => ({ param: { id: enc(id) } });

/** Spec §9: team data is fresh for 30 s. */
const TEAM_STALE_TIME_MS = 30_000;

export const teamQueryKeys = {
  members: ["users", "team-members"] as const,
  participations: ["users", "campaign-participations"] as const,
};

export const teamsApi = {
  members: usersApi.teamMembers,
  participations: usersApi.campaignParticipations,
  invite: (email: string, collaborateRole: CollaborateRole) => unwrap(teams.invitations.$post({ json: { email, collaborateRole } })),
  resend: (id: string) => unwrap(teams.invitations[":id"].resend.$post(byId(id))),
  revoke: (id: string) => unwrap(teams.invitations[":id"].$delete(byId(id))),
  updateMember: (userId: string, change: { role?: TeamRole; collaborateRole?: CollaborateRole }) =>
    unwrap(teams.members[":id"].$patch({ ...byId(userId), json: change })),
  removeMember: (userId: string) => unwrap(teams.members[":id"].$delete(byId(userId))),
  /** Shares one of the caller's items (or, for an admin, a member's) with the team, or makes it private. */
  share: (kind: TeamShareKind, id: string, access: ShareAccess) =>
    unwrap(teams.shares[":kind"][":id"].$put({ param: { kind, id: enc(id) }, json: { access } })),
  settings: () => unwrap(teams.settings.$get()),
  updateSettings: (settings: { shareNewDocuments: boolean }) => unwrap(teams.settings.$patch({ json: settings })),
};

export type ShareAccess = "private" | "read" | "edit";

/** react-query options of the two reads, so every screen caches them alike. */
export const teamMembersQuery = { queryKey: teamQueryKeys.members, queryFn: teamsApi.members, staleTime: TEAM_STALE_TIME_MS };
