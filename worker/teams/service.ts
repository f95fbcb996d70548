import { rawStatement } from "../db/client";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { auditStatement } from "../audit/log";
import { clientAssignmentRemovals } from "../clients/service";
import type { UserContext } from "../context";
import {
  authTokens,
  campaignParticipants,
  campaigns,
  campaignUsers,
  contributorExercises,
  teamInvitations,
  teamMembers,
  teams,
  users,
  type CollaborateRole,
  type TeamRole,
} from "../db/schema";
import { accessChanged } from "../lib/access-changes";
import { nowMs } from "../lib/clock";
import { conflict, forbidden, notFound } from "../lib/errors";
import { purgeSharedPagesOf } from "../share/owner-pages";
import type { InvitationView } from "./invitations";
import { OWNER_STAYS_ADMIN, ownerRuleRefusal, type MemberChange } from "./owner";
import { ADMINS_ONLY, requireCallerTeam, requireTeamAdmin, type CallerTeam } from "./team";
import { notifyTeammateLeft } from "../notifications/events";

/** One member as the team members view (spec §3 "Team members view") and the User management page show it. */
export type TeamMemberView = {
  id: string;
  userId: string;
  user: { id: string; email: string; firstName: string; lastName: string };
  role: TeamRole;
  collaborateRole: CollaborateRole;
  /** Owns the team's account: stays its ADMIN, cannot be removed or leave (./owner.ts). */
  accountOwner: boolean;
  joinedAt: string;
  /** The newest session activity; null when never signed in. */
  lastActiveAt: string | null;
};

export type TeamMembersView = {
  teamId: string;
  seats: number;
  /** Members. */
  seatsUsed: number;
  /** Pending, unexpired invitations (each holds a seat until accepted, revoked or expired). */
  seatsReserved: number;
  seatsAvailable: number;
  /** The caller is one of the team's ADMINs: may invite, change roles, remove. */
  canManage: boolean;
  currentUserId: string;
  teamMembers: TeamMemberView[];
  /** Admins see the pending invitations; members get an empty list. */
  pendingInvitations: InvitationView[];
};

const iso = (value: Date | number | null) => (value === null ? null : new Date(value).toISOString());

/**
 * GET /api/users/team-members: the caller's team (404 without one), in two round trips whatever
 * the team's size: the caller's membership (memoized per request), then one batch with the team,
 * its members (last activity as a correlated MAX over the Session index) and its invitations.
 */
export async function getTeamMembers(ctx: UserContext): Promise<TeamMembersView> {
  const team = await requireCallerTeam(ctx);
  const canManage = team.role === "ADMIN";
  const now = nowMs();
  const [teamRows, memberRows, invitationRows] = await ctx.db.batch([
    ctx.db.select({ seats: teams.seats }).from(teams).where(eq(teams.id, team.teamId)),
    ctx.db
      .select({
        id: teamMembers.id,
        userId: teamMembers.userId,
        role: teamMembers.role,
        collaborateRole: teamMembers.collaborateRole,
        joinedAt: teamMembers.joinedAt,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        lastActiveAt: sql<number | null>`(SELECT max(s."updatedAt") FROM "Session" s WHERE s."userId" = ${teamMembers.userId})`,
        accountOwner: sql<number>`EXISTS (SELECT 1 FROM "UserAccount" ua WHERE ua."userId" = ${teamMembers.userId} AND ua."accountId" = ${team.accountId} AND ua."role" = 'OWNER')`,
      })
      .from(teamMembers)
      .innerJoin(users, eq(users.id, teamMembers.userId))
      .where(eq(teamMembers.teamId, team.teamId))
      .orderBy(asc(teamMembers.joinedAt), asc(users.email)),
    ctx.db
      .select({
        id: teamInvitations.id,
        email: teamInvitations.email,
        collaborateRole: teamInvitations.collaborateRole,
        status: teamInvitations.status,
        createdAt: teamInvitations.createdAt,
        expires: authTokens.expires,
      })
      .from(teamInvitations)
      .leftJoin(authTokens, eq(authTokens.id, teamInvitations.id))
      .where(and(eq(teamInvitations.teamId, team.teamId), eq(teamInvitations.status, "PENDING"), canManage ? undefined : sql`0`))
      .orderBy(desc(teamInvitations.createdAt)),
  ]);
  const seats = teamRows[0]?.seats ?? 0;
  const pendingInvitations: InvitationView[] = invitationRows.map((row) => {
    const expired = !row.expires || row.expires.getTime() <= now;
    return {
      id: row.id,
      email: row.email,
      collaborateRole: row.collaborateRole,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      expiresAt: iso(row.expires),
      expired,
    };
  });
  const seatsReserved = pendingInvitations.filter((i) => !i.expired).length;
  return {
    teamId: team.teamId,
    seats,
    seatsUsed: memberRows.length,
    seatsReserved,
    seatsAvailable: Math.max(0, seats - memberRows.length - seatsReserved),
    canManage,
    currentUserId: ctx.user.id,
    teamMembers: memberRows.map((m) => ({
      id: m.id,
      userId: m.userId,
      user: { id: m.userId, email: m.email, firstName: m.firstName, lastName: m.lastName },
      role: m.role,
      collaborateRole: m.collaborateRole,
      accountOwner: Boolean(m.accountOwner),
      joinedAt: m.joinedAt.toISOString(),
      lastActiveAt: iso(m.lastActiveAt === null ? null : Number(m.lastActiveAt)),
    })),
    pendingInvitations,
  };
}

async function memberOfTeam(ctx: UserContext, team: CallerTeam, userId: string) {
  const [row] = await ctx.db
    .select({
      id: teamMembers.id,
      role: teamMembers.role,
      collaborateRole: teamMembers.collaborateRole,
      email: users.email,
      isAccountOwner: sql<number>`EXISTS (SELECT 1 FROM "UserAccount" WHERE "userId" = ${userId} AND "accountId" = ${team.accountId} AND "role" = 'OWNER')`,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, team.teamId), eq(teamMembers.userId, userId)))
    .limit(1);
  // Anyone outside the caller's team is "not found", whether or not they exist.
  if (!row) throw notFound("Member not found.");
  return { ...row, isAccountOwner: Boolean(row.isAccountOwner) };
}

/** 409 when the change would take the account's owner out of their team's ADMINs (./owner.ts). */
function assertOwnerStays(ctx: UserContext, userId: string, member: { isAccountOwner: boolean; email: string }, change: MemberChange): void {
  const refusal = ownerRuleRefusal({ ...member, isCaller: userId === ctx.user.id }, change);
  if (refusal) throw conflict(refusal, OWNER_STAYS_ADMIN);
}

const otherAdmins = (teamId: string, userId: string) =>
  sql`(SELECT count(*) FROM "TeamMember" WHERE "teamId" = ${teamId} AND "role" = 'ADMIN' AND "userId" <> ${userId}) > 0`;

const LAST_ADMIN = "A team needs at least one admin. Make another member an admin first.";

/**
 * Changes a member's team role and/or collaborate role (admins only). The account's owner stays
 * ADMIN (409 owner_stays_admin), and the last ADMIN cannot be demoted (409 last_admin).
 */
export async function updateMember(
  ctx: UserContext,
  userId: string,
  input: { role?: TeamRole; collaborateRole?: CollaborateRole },
): Promise<{ userId: string; role: TeamRole; collaborateRole: CollaborateRole }> {
  const team = await requireTeamAdmin(ctx);
  const current = await memberOfTeam(ctx, team, userId);
  const role = input.role ?? current.role;
  const collaborateRole = input.collaborateRole ?? current.collaborateRole;
  if (role === current.role && collaborateRole === current.collaborateRole) return { userId, role, collaborateRole };
  assertOwnerStays(ctx, userId, current, { role });
  const demotes = current.role === "ADMIN" && role !== "ADMIN";
  if (demotes) {
    const [check] = await ctx.db
      .select({ ok: sql<number>`${otherAdmins(team.teamId, userId)}` })
      .from(teams)
      .where(eq(teams.id, team.teamId));
    if (!check?.ok) throw conflict(LAST_ADMIN, "last_admin");
  }
  const changed = sql`EXISTS (SELECT 1 FROM "TeamMember" WHERE "teamId" = ${team.teamId} AND "userId" = ${userId} AND "role" = ${role} AND "collaborateRole" = ${collaborateRole})`;
  const [updated] = await ctx.db.batch([
    ctx.db
      .update(teamMembers)
      .set({ role, collaborateRole })
      // Checked again in the write, so two admins demoting each other at once cannot both succeed.
      .where(and(eq(teamMembers.teamId, team.teamId), eq(teamMembers.userId, userId), demotes ? otherAdmins(team.teamId, userId) : undefined))
      .returning({ id: teamMembers.id }),
    auditStatement(
      ctx.db,
      {
        accountId: team.accountId,
        actorId: ctx.user.id,
        targetUserId: userId,
        action: "team.role_changed",
        metadata: { teamId: team.teamId, from: { role: current.role, collaborateRole: current.collaborateRole }, to: { role, collaborateRole } },
      },
      changed,
    ),
  ]);
  if (updated.length === 0) throw conflict(LAST_ADMIN, "last_admin");
  await accessChanged(ctx, [userId]);
  return { userId, role, collaborateRole };
}

/**
 * Removes a member (an admin removing anyone, or anyone leaving: `userId` is themselves). Their
 * link to the team's account goes too, so they work in their own account again, and with it their
 * client and group assignments in that account (enterprise clients); their personal
 * exercises and documents stay theirs, and what belongs to the team (campaigns) stays with it.
 * The account's owner can neither be removed nor leave (409 owner_stays_admin), nor can the last
 * ADMIN (409 last_admin).
 */
export async function removeMember(ctx: UserContext, userId: string): Promise<{ removed: true }> {
  const team = await requireCallerTeam(ctx);
  const leaving = userId === ctx.user.id;
  if (!leaving && team.role !== "ADMIN") throw forbidden(ADMINS_ONLY);
  const current = await memberOfTeam(ctx, team, userId);
  assertOwnerStays(ctx, userId, current, { remove: true, byThemselves: leaving });
  const guard = current.role === "ADMIN" ? otherAdmins(team.teamId, userId) : undefined;
  if (guard) {
    const [check] = await ctx.db
      .select({ ok: sql<number>`${guard}` })
      .from(teams)
      .where(eq(teams.id, team.teamId));
    if (!check?.ok) throw conflict(leaving ? "You are the team's only admin. Make another member an admin before you leave." : LAST_ADMIN, "last_admin");
  }
  const gone = sql`NOT EXISTS (SELECT 1 FROM "TeamMember" WHERE "teamId" = ${team.teamId} AND "userId" = ${userId})`;
  const [deleted] = await ctx.db.batch([
    ctx.db
      .delete(teamMembers)
      .where(and(eq(teamMembers.teamId, team.teamId), eq(teamMembers.userId, userId), guard))
      .returning({ id: teamMembers.id }),
    // Only the MEMBER link the membership gave them; an owner's own row is never touched.
    rawStatement(
      ctx.db,
      sql`DELETE FROM "UserAccount" WHERE "userId" = ${userId} AND "accountId" = ${team.accountId} AND "role" = 'MEMBER'
AND ${gone} AND NOT EXISTS (SELECT 1 FROM "TeamMember" tm JOIN "Team" t ON t."id" = tm."teamId" WHERE tm."userId" = ${userId} AND t."accountId" = ${team.accountId})`,
    ),
    // In the same batch: no stale client or group assignment waits for them if they are invited again.
    ...clientAssignmentRemovals(ctx.db, team.accountId, userId),
    auditStatement(
      ctx.db,
      {
        accountId: team.accountId,
        actorId: ctx.user.id,
        targetUserId: userId,
        action: leaving ? "team.member_left" : "team.member_removed",
        metadata: { teamId: team.teamId, email: current.email, role: current.role, collaborateRole: current.collaborateRole },
      },
      gone,
    ),
  ]);
  if (deleted.length === 0) throw conflict(LAST_ADMIN, "last_admin");
  // The team's plan may have been theirs: their share pages answer by their plan from now on.
  await purgeSharedPagesOf(ctx, { userId });
  await accessChanged(ctx, [userId]);
  await notifyTeammateLeft(ctx, { teamId: team.teamId, userId, actorId: ctx.user.id, at: nowMs() });
  return { removed: true };
}

export type CampaignParticipationView = { campaignId: string; campaignName: string; status: string; role: string; joinedAt: string };

/**
 * GET /api/users/campaign-participations: the campaigns the caller takes part in — as a Readyroom
 * user (CampaignParticipant) or as the campaign-only contributor their address is (a CampaignUser
 * whose interview is in the campaign, docs/decisions/0015), newest first.
 */
export async function getCampaignParticipations(ctx: UserContext): Promise<{ participations: CampaignParticipationView[] }> {
  const [asUser, asContributor] = await ctx.db.batch([
    ctx.db
      .select({
        campaignId: campaigns.id,
        campaignName: campaigns.name,
        status: campaigns.status,
        role: campaignParticipants.role,
        joinedAt: campaignParticipants.joinedAt,
      })
      .from(campaignParticipants)
      .innerJoin(campaigns, eq(campaigns.id, campaignParticipants.campaignId))
      .where(eq(campaignParticipants.userId, ctx.user.id)),
    ctx.db
      .select({ campaignId: campaigns.id, campaignName: campaigns.name, status: campaigns.status, joinedAt: contributorExercises.createdAt })
      .from(contributorExercises)
      .innerJoin(campaigns, eq(campaigns.id, contributorExercises.campaignId))
      .innerJoin(campaignUsers, eq(campaignUsers.id, contributorExercises.authorId))
      .innerJoin(users, sql`lower(${users.email}) = lower(${campaignUsers.email})`)
      .where(eq(users.id, ctx.user.id)),
  ]);
  const rows = [...asUser, ...asContributor.map((r) => ({ ...r, role: "CONTRIBUTOR" as const }))].sort(
    (a, b) => new Date(b.joinedAt).getTime() - new Date(a.joinedAt).getTime(),
  );
  return { participations: rows.map((r) => ({ ...r, joinedAt: new Date(r.joinedAt).toISOString() })) };
}
