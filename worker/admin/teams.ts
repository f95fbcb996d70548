import { sql } from "drizzle-orm";
import type { UserContext } from "../context";
import { accessChanged } from "../lib/access-changes";
import { conflict, notFound } from "../lib/errors";
import { nowMs } from "../lib/clock";
import { OWNER_STAYS_ADMIN, ownerRuleRefusal } from "../teams/owner";
import type { AddTeamMember, CreateCampaign, CreateTeam } from "./schemas";
import { auditRead, run } from "./service";
import { findUserSql } from "./sql";
import { addTeamMemberSql, createCampaignSql, createTeamSql, DEFAULT_TEAM_SEATS, listTeamsSql, ownerTeamSql, setTeamSeatsSql, teamStateSql } from "./team-sql";

/**
 * The admin console's Teams tab (issue 13: "everything the admin script does"): the CLI's
 * create-team, add-team-member, create-campaign and list-teams, running the same statements
 * (./team-sql.ts) with the same refusals, each change in one batch with its audit row, and the
 * list (members' addresses) audited as a read.
 */

export type AdminTeamView = {
  id: string;
  seats: number;
  accountName: string | null;
  planType: string | null;
  planStatus: string | null;
  members: { email: string; role: string; collaborateRole: string }[];
  campaigns: { id: string; name: string; status: string }[];
};

type TeamListRow = {
  id: string;
  seats: number;
  accountName: string | null;
  planType: string | null;
  planStatus: string | null;
  members: string;
  campaigns: string;
};
type TeamState = {
  id: string;
  seats: number;
  accountId: string;
  members: number;
  ownerEmail: string | null;
  memberRole: string | null;
  memberIsOwner?: number;
};

const parseList = <T>(json: string | null): T[] => (json ? (JSON.parse(json) as T[]) : []);

export async function listTeams(ctx: UserContext): Promise<{ teams: AdminTeamView[] }> {
  const results = await ctx.db.all<TeamListRow>(listTeamsSql());
  await auditRead(ctx, { accountId: null, action: "admin.team.list", metadata: { teamIds: results.map((r) => r.id) } });
  return { teams: results.map((r) => ({ ...r, seats: Number(r.seats), members: parseList(r.members), campaigns: parseList(r.campaigns) })) };
}

async function userIdOf(ctx: UserContext, email: string): Promise<string> {
  const row = await ctx.db.get<{ id: string }>(findUserSql(email));
  if (!row) throw notFound(`No user with the address ${email}.`);
  return row.id;
}

async function teamState(ctx: UserContext, teamId: string, email?: string): Promise<TeamState> {
  const row = await ctx.db.get<TeamState>(teamStateSql(teamId, email));
  if (!row) throw notFound("Team not found.");
  return { ...row, seats: Number(row.seats), members: Number(row.members) };
}

/** A team on the owner's own account (the owner becomes ADMIN); an account that has one keeps it, resized if asked. */
export async function createTeam(ctx: UserContext, input: CreateTeam): Promise<{ teamId: string; created: boolean }> {
  const userId = await userIdOf(ctx, input.email);
  const state = await ctx.db.get<{ accountId: string | null; teamId: string | null; seats: number | null; members: number }>(ownerTeamSql(input.email));
  if (!state?.accountId) throw conflict(`${input.email} has no account of their own to hold a team.`, "no_account");
  if (state.teamId && input.seats !== undefined && input.seats < Number(state.members)) {
    throw conflict(`That account's team already has ${state.members} members; give ${state.members} seats or more.`, "seats_below_members");
  }
  const now = nowMs();
  const teamId = state.teamId ?? crypto.randomUUID();
  const resize = state.teamId && input.seats !== undefined && input.seats !== Number(state.seats) ? setTeamSeatsSql(state.teamId, input.seats, now) : [];
  await run(
    ctx,
    [...createTeamSql({ email: input.email, seats: input.seats, now, id: teamId }), ...resize],
    [
      {
        accountId: state.accountId,
        targetUserId: userId,
        action: state.teamId ? "admin.team.resize" : "admin.team.create",
        metadata: { teamId, seats: input.seats ?? Number(state.seats ?? DEFAULT_TEAM_SEATS) },
      },
    ],
  );
  return { teamId, created: !state.teamId };
}

/** Adds an existing user to the team or changes their roles; a full team refuses unless growSeats. */
export async function addTeamMember(ctx: UserContext, teamId: string, input: AddTeamMember): Promise<{ teamId: string; members: number; seats: number }> {
  const userId = await userIdOf(ctx, input.email);
  const team = await teamState(ctx, teamId, input.email);
  const refusal = ownerRuleRefusal({ isAccountOwner: Boolean(team.memberIsOwner), email: input.email, isCaller: userId === ctx.user.id }, { role: input.role });
  if (refusal) throw conflict(refusal, OWNER_STAYS_ADMIN);
  if (!team.memberRole && team.members >= team.seats && !input.growSeats) {
    throw conflict(`The team has no free seat (${team.members} of ${team.seats} taken). Tick "add a seat" or raise its seats.`, "team_full");
  }
  // The insert re-checks the seat, so the audit row is written only if the member is there with these roles.
  const added = sql`EXISTS (SELECT 1 FROM "TeamMember" WHERE "teamId" = ${teamId} AND "userId" = ${userId} AND "role" = ${input.role} AND "collaborateRole" = ${input.collaborateRole})`;
  await run(
    ctx,
    addTeamMemberSql({
      team: { id: teamId },
      email: input.email,
      role: input.role,
      collaborateRole: input.collaborateRole,
      growSeats: input.growSeats,
      now: nowMs(),
    }),
    [
      {
        accountId: team.accountId,
        targetUserId: userId,
        action: "admin.team.add_member",
        metadata: { teamId, role: input.role, collaborateRole: input.collaborateRole, was: team.memberRole },
        onlyIf: added,
      },
    ],
  );
  const after = await teamState(ctx, teamId, input.email);
  if (!after.memberRole) throw conflict(`The team filled up meanwhile (${after.members} of ${after.seats} seats).`, "team_full");
  await accessChanged(ctx, [userId]);
  return { teamId, members: after.members, seats: after.seats };
}

/** A campaign of the team, created in the name of one of its members. */
export async function createCampaign(ctx: UserContext, teamId: string, input: CreateCampaign): Promise<{ campaignId: string }> {
  const userId = await userIdOf(ctx, input.email);
  const team = await teamState(ctx, teamId, input.email);
  if (!team.memberRole) throw conflict(`${input.email} is not a member of this team; add them first.`, "not_a_member");
  const campaignId = crypto.randomUUID();
  await run(ctx, createCampaignSql({ team: { id: teamId }, name: input.name, email: input.email, status: input.status, now: nowMs(), id: campaignId }), [
    {
      accountId: team.accountId,
      targetUserId: userId,
      action: "admin.team.create_campaign",
      metadata: { teamId, campaignId, name: input.name, status: input.status },
      onlyIf: sql`EXISTS (SELECT 1 FROM "Campaign" WHERE "id" = ${campaignId})`,
    },
  ]);
  return { campaignId };
}
