/**
 * Team and campaign set-up statements, shared by the admin CLI (scripts/admin.ts: create-team,
 * add-team-member, create-campaign, list-teams), the demo seed and the admin console's Teams tab
 * (worker/admin/teams.ts, which runs them with `DB.batch`). Same conventions as ./sql.ts: drizzle
 * `sql` templates with every value a bound parameter, mutations as lists of statements.
 *
 * Pure (drizzle's `sql` only): Node runs it with --experimental-strip-types from the scripts.
 */
import { sql, type SQL } from "drizzle-orm";
import { ownAccountIdSql } from "./sql.ts";

/** CLI spellings of TeamMember.role and TeamMember.collaborateRole, mapped to the stored values. */
export const TEAM_ROLES = { admin: "ADMIN", member: "MEMBER" } as const;
export const COLLABORATE_ROLES = { manager: "CAMPAIGN_MANAGER", standard: "STANDARD_USER" } as const;
/** The campaign states an operator may start a campaign in; the later ones belong to its life cycle. */
export const NEW_CAMPAIGN_STATUSES = ["DRAFT", "ACTIVE"] as const;

/** Seats of a team created without --seats: room for the owner and four colleagues. */
export const DEFAULT_TEAM_SEATS = 5;

export type TeamRole = (typeof TEAM_ROLES)[keyof typeof TEAM_ROLES];
export type CollaborateRole = (typeof COLLABORATE_ROLES)[keyof typeof COLLABORATE_ROLES];
export type NewCampaignStatus = (typeof NEW_CAMPAIGN_STATUSES)[number];

/** A team named by its id, or as "the team on this owner's own account" (the seed's way: no id to know). */
export type TeamRef = { id: string } | { ownerEmail: string };

export function userIdSql(email: string): SQL {
  return sql`(SELECT "id" FROM "User" WHERE "email" = ${email})`;
}

/** The oldest team on the user's own account (an account may hold several; the CLI reuses the first). */
export function teamOfOwnerSql(email: string): SQL {
  return sql`(SELECT t."id" FROM "Team" t WHERE t."accountId" = ${ownAccountIdSql(email)} ORDER BY t."createdAt", t."id" LIMIT 1)`;
}

function teamIdSql(team: TeamRef): SQL {
  return "id" in team ? sql`${team.id}` : teamOfOwnerSql(team.ownerEmail);
}

/** One row: the user, their own account and its plan status, its first team (if any), its seats and member count. */
export function ownerTeamSql(email: string): SQL {
  const account = ownAccountIdSql(email);
  const team = teamOfOwnerSql(email);
  return sql`SELECT u."id" AS "userId", ${account} AS "accountId", ${team} AS "teamId",
  (SELECT "seats" FROM "Team" WHERE "id" = ${team}) AS "seats",
  (SELECT count(*) FROM "TeamMember" WHERE "teamId" = ${team}) AS "members",
  (SELECT "status" FROM "AccountPlanMetadata" WHERE "accountId" = ${account}) AS "planStatus"
FROM "User" u WHERE u."email" = ${email}`;
}

/**
 * Creates a team on the owner's own account unless that account already has one, and makes the
 * owner its ADMIN and a campaign manager (kept ADMIN if the team is reused: the paying owner always
 * administers their team). `seats` is the new team's; a reused team keeps its own (setTeamSeatsSql).
 */
export function createTeamSql(input: { email: string; seats?: number; now: number; id?: string; memberId?: string }): SQL[] {
  const { email, now } = input;
  const account = ownAccountIdSql(email);
  const team = teamOfOwnerSql(email);
  return [
    sql`INSERT INTO "Team" ("id", "seats", "accountId", "createdAt", "updatedAt")
SELECT ${input.id ?? crypto.randomUUID()}, ${input.seats ?? DEFAULT_TEAM_SEATS}, ${account}, ${now}, ${now}
WHERE ${account} IS NOT NULL AND ${team} IS NULL`,
    sql`INSERT INTO "TeamMember" ("id", "teamId", "userId", "role", "collaborateRole", "joinedAt")
SELECT ${input.memberId ?? crypto.randomUUID()}, ${team}, ${userIdSql(email)}, 'ADMIN', 'CAMPAIGN_MANAGER', ${now}
WHERE ${team} IS NOT NULL
ON CONFLICT ("teamId", "userId") DO UPDATE SET "role" = 'ADMIN'`,
  ];
}

/** Changes a team's seats; the caller checks they still hold its members. */
export function setTeamSeatsSql(teamId: string, seats: number, now: number): SQL[] {
  return [sql`UPDATE "Team" SET "seats" = ${seats}, "updatedAt" = ${now} WHERE "id" = ${teamId}`];
}

/**
 * One row about a team and (optionally) a user's place in it, including whether they own the team's
 * account (worker/teams/owner.ts: the owner stays its admin); no row when the team does not exist.
 */
export function teamStateSql(teamId: string, email?: string): SQL {
  const member = email
    ? sql`(SELECT tm."role" FROM "TeamMember" tm WHERE tm."teamId" = t."id" AND tm."userId" = ${userIdSql(email)}) AS "memberRole",
  (SELECT tm."collaborateRole" FROM "TeamMember" tm WHERE tm."teamId" = t."id" AND tm."userId" = ${userIdSql(email)}) AS "memberCollaborateRole",
  EXISTS (SELECT 1 FROM "UserAccount" ua WHERE ua."accountId" = t."accountId" AND ua."userId" = ${userIdSql(email)} AND ua."role" = 'OWNER') AS "memberIsOwner",`
    : sql``;
  return sql`SELECT t."id", t."seats", t."accountId", a."name" AS "accountName", ${member}
  (SELECT count(*) FROM "TeamMember" tm WHERE tm."teamId" = t."id") AS "members",
  (SELECT u."email" FROM "UserAccount" ua JOIN "User" u ON u."id" = ua."userId" WHERE ua."accountId" = t."accountId" AND ua."role" = 'OWNER' ORDER BY ua."createdAt" LIMIT 1) AS "ownerEmail",
  (SELECT p."status" FROM "AccountPlanMetadata" p WHERE p."accountId" = t."accountId") AS "planStatus",
  (SELECT p."planType" FROM "AccountPlanMetadata" p WHERE p."accountId" = t."accountId") AS "planType"
FROM "Team" t LEFT JOIN "Account" a ON a."id" = t."accountId" WHERE t."id" = ${teamId}`;
}

/**
 * Adds an existing user to a team, or changes their roles if they are already in it (the
 * TeamMember_teamId_userId_key index makes it idempotent). A new member needs a free seat: the
 * insert itself checks it, so two operators cannot overfill a team; with `growSeats` the team first
 * grows to fit.
 *
 * The member is also linked to the team's account with a MEMBER UserAccount row. That is the
 * tenancy model the Worker is built on (worker/accounts/service.ts: "team members are additionally
 * linked to the team owner's account"): getTenancyAccountId prefers a non-OWNER link over the
 * user's own SOLO account, so the member spends the team's credits (billing resolveAccountId), sees
 * its custom instructions and flags, and getPlanStatus reads the team's plan first (viaTeam). The
 * member's own account and OWNER row stay as they are, so removing the link restores them. The
 * team-membership fallback in getPlanStatus alone would grant the plan but leave AI work charged
 * to the member's own, empty ledger. The cost: while linked, a plan the member pays for themselves
 * is not consulted if the team's lapses (getPlanStatus only falls back to other teams). The link is
 * only written once the membership row exists.
 */
export function addTeamMemberSql(input: {
  team: TeamRef;
  email: string;
  role: TeamRole;
  collaborateRole: CollaborateRole;
  growSeats?: boolean;
  now: number;
  id?: string;
}): SQL[] {
  const { email, now } = input;
  const team = teamIdSql(input.team);
  const user = userIdSql(email);
  const isMember = sql`EXISTS (SELECT 1 FROM "TeamMember" WHERE "teamId" = ${team} AND "userId" = ${user})`;
  const others = sql`(SELECT count(*) FROM "TeamMember" WHERE "teamId" = ${team} AND "userId" <> ${user})`;
  const statements: SQL[] = [];
  if (input.growSeats) {
    statements.push(sql`UPDATE "Team" SET "seats" = ${others} + 1, "updatedAt" = ${now} WHERE "id" = ${team} AND "seats" < ${others} + 1`);
  }
  statements.push(
    sql`INSERT INTO "TeamMember" ("id", "teamId", "userId", "role", "collaborateRole", "joinedAt")
SELECT ${input.id ?? crypto.randomUUID()}, ${team}, ${user}, ${input.role}, ${input.collaborateRole}, ${now}
WHERE ${user} IS NOT NULL AND ${team} IS NOT NULL AND (${isMember} OR ${others} < (SELECT "seats" FROM "Team" WHERE "id" = ${team}))
ON CONFLICT ("teamId", "userId") DO UPDATE SET "role" = excluded."role", "collaborateRole" = excluded."collaborateRole"`,
    // A user linked to the account already (its owner, or an earlier membership) keeps that row.
    sql`INSERT INTO "UserAccount" ("userId", "accountId", "role", "createdAt")
SELECT tm."userId", t."accountId", 'MEMBER', ${now} FROM "TeamMember" tm JOIN "Team" t ON t."id" = tm."teamId"
WHERE tm."teamId" = ${team} AND tm."userId" = ${user}
ON CONFLICT DO NOTHING`,
  );
  return statements;
}

/** Creates a campaign of the team, created by one of its members (nothing is written otherwise). */
export function createCampaignSql(input: { team: TeamRef; name: string; email: string; status: NewCampaignStatus; now: number; id?: string }): SQL[] {
  const { email, now } = input;
  const team = teamIdSql(input.team);
  const user = userIdSql(email);
  return [
    sql`INSERT INTO "Campaign" ("id", "teamId", "name", "parameters", "createdById", "status", "createdAt", "updatedAt")
SELECT ${input.id ?? crypto.randomUUID()}, ${team}, ${input.name}, '{}', ${user}, ${input.status}, ${now}, ${now}
WHERE EXISTS (SELECT 1 FROM "TeamMember" WHERE "teamId" = ${team} AND "userId" = ${user})
ON CONFLICT DO NOTHING`,
  ];
}

/** Every team with its account, plan, members and campaigns (members and campaigns as JSON arrays). */
export function listTeamsSql(): SQL {
  return sql`SELECT t."id", t."seats", a."name" AS "accountName", p."planType", p."status" AS "planStatus",
  (SELECT json_group_array(json_object('email', m."email", 'role', m."role", 'collaborateRole', m."collaborateRole")) FROM
    (SELECT u."email", tm."role", tm."collaborateRole" FROM "TeamMember" tm JOIN "User" u ON u."id" = tm."userId" WHERE tm."teamId" = t."id" ORDER BY tm."joinedAt", u."email") m) AS "members",
  (SELECT json_group_array(json_object('id', c."id", 'name', c."name", 'status', c."status")) FROM
    (SELECT "id", "name", "status" FROM "Campaign" WHERE "teamId" = t."id" ORDER BY "createdAt", "id") c) AS "campaigns"
FROM "Team" t
LEFT JOIN "Account" a ON a."id" = t."accountId"
LEFT JOIN "AccountPlanMetadata" p ON p."accountId" = t."accountId"
ORDER BY t."createdAt", t."id"`;
}

/**
 * An AuditLog row for a change the CLI makes (actor null: an operator at the terminal, not a user).
 * The console audits through worker/audit/log.ts instead; this is the same row as SQL, for
 * `wrangler d1 execute`. Every CLI team change leaves the user a member of the team (owner, added
 * member, campaign creator): the row is written only then, so a change refused by its own WHERE
 * (a seat taken meanwhile) leaves none.
 */
export function cliAuditSql(input: { action: string; team: TeamRef; email: string; now: number; metadata?: Record<string, unknown> }): SQL {
  const team = teamIdSql(input.team);
  return sql`INSERT INTO "AuditLog" ("id", "accountId", "actorId", "targetUserId", "action", "metadata", "createdAt")
SELECT ${crypto.randomUUID()}, (SELECT "accountId" FROM "Team" WHERE "id" = ${team}), NULL, ${userIdSql(input.email)}, ${input.action}, ${JSON.stringify({ via: "cli", ...(input.metadata ?? {}) })}, ${input.now}
WHERE EXISTS (SELECT 1 FROM "TeamMember" WHERE "teamId" = ${team} AND "userId" = ${userIdSql(input.email)})`;
}
