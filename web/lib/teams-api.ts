/**
 * Browser calls of the team API (worker/teams/routes.ts): the spec §7 reads, cached 30 s
 * (TEAM_STALE_TIME_MS, spec §9 "team data stale time"), and the admin's writes.
 */
import type { CampaignParticipationView, InvitationView, TeamMembersView, TeamMemberView } from "../../worker/teams/service";
import type { CollaborateRole, TeamRole } from "../../worker/db/schema/teams";
import { apiFetch } from "./query";

export type { CampaignParticipationView, CollaborateRole, InvitationView, TeamMembersView, TeamMemberView, TeamRole };

const enc = encodeURIComponent;

/** Spec §9: team data is fresh for 30 s. */
export const TEAM_STALE_TIME_MS = 30_000;

export const teamQueryKeys = {
  members: ["users", "team-members"] as const,
  participations: ["users", "campaign-participations"] as const,
};

export const teamsApi = {
  members: () => apiFetch<TeamMembersView>("/api/users/team-members"),
  participations: () => apiFetch<{ participations: CampaignParticipationView[] }>("/api/users/campaign-participations"),
  invite: (email: string, collaborateRole: CollaborateRole) => apiFetch<{ invitation: InvitationView }>("/api/teams/invitations", { method: "POST", json: { email, collaborateRole } }),
  resend: (id: string) => apiFetch<{ invitation: InvitationView }>(`/api/teams/invitations/${enc(id)}/resend`, { method: "POST" }),
  revoke: (id: string) => apiFetch<{ revoked: true }>(`/api/teams/invitations/${enc(id)}`, { method: "DELETE" }),
  updateMember: (userId: string, change: { role?: TeamRole; collaborateRole?: CollaborateRole }) =>
    apiFetch<{ member: { userId: string; role: TeamRole; collaborateRole: CollaborateRole } }>(`/api/teams/members/${enc(userId)}`, { method: "PATCH", json: change }),
  removeMember: (userId: string) => apiFetch<{ removed: true }>(`/api/teams/members/${enc(userId)}`, { method: "DELETE" }),
};

/** react-query options of the two reads, so every screen caches them alike. */
export const teamMembersQuery = { queryKey: teamQueryKeys.members, queryFn: teamsApi.members, staleTime: TEAM_STALE_TIME_MS };
export const campaignParticipationsQuery = { queryKey: teamQueryKeys.participations, queryFn: teamsApi.participations, staleTime: TEAM_STALE_TIME_MS };
