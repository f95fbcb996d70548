/**
 * The account administration statements, shared by the admin CLI (scripts/admin.ts, which sends
 * them through `wrangler d1 execute`) and the admin console (worker/admin/service.ts, which runs
 * them with `DB.batch`). One implementation: a plan grant, a role or a flag is the same SQL from
 * either side. Statements are drizzle `sql` templates: every value is a bound parameter, which the
 * console sends as such; `wrangler d1 execute` takes no bound parameters, so the CLI writes them
 * in as literals (scripts/lib/sql.ts). Mutations return a list of statements;
 * test/platform/seed-and-admin-sql.test.ts runs them against the migrated schema. Table and column
 * names follow worker/db/schema; instants are epoch milliseconds, booleans 0/1.
 *
 * Pure (drizzle's `sql` and the shared lists, imported with their .ts extension): Node runs it
 * with --experimental-strip-types from the scripts.
 */
import { sql, type SQL } from "drizzle-orm";

import { BILLING_INTERVALS, FLAGS, PLAN_TYPES, ROLES, type BillingInterval, type Flag, type PlanType, type Role } from "../../shared/admin/model.ts";

export { BILLING_INTERVALS, FLAGS, PLAN_TYPES, ROLES, type BillingInterval, type Flag, type PlanType, type Role };

export const TENANCY_PROVIDER = "readyroom";

/** A user named by e-mail (the CLI's way) or by id (the console's). */
export type UserRef = string | { userId: string };
/** An account named as "this e-mail's own (OWNER) account" (the CLI's way) or by id (the console's). */
export type AccountRef = string | { accountId: string };

/** Booleans are stored as 0/1. */
const bit = (on: boolean) => (on ? 1 : 0);

/** The user's own (OWNER) tenancy account, found from their e-mail. */
export function ownAccountIdSql(email: string): SQL {
  return sql`(SELECT ua."accountId" FROM "UserAccount" ua JOIN "User" u ON u."id" = ua."userId" WHERE u."email" = ${email} AND ua."role" = 'OWNER' ORDER BY ua."createdAt" LIMIT 1)`;
}

export function accountIdSql(account: AccountRef): SQL {
  return typeof account === "string" ? ownAccountIdSql(account) : sql`(SELECT "id" FROM "Account" WHERE "id" = ${account.accountId})`;
}

export function userWhere(user: UserRef): SQL {
  return typeof user === "string" ? sql`"email" = ${user}` : sql`"id" = ${user.userId}`;
}

export function findUserSql(email: string): SQL {
  return sql`SELECT u."id", u."email", u."role", ${ownAccountIdSql(email)} AS "accountId" FROM "User" u WHERE u."email" = ${email}`;
}

/** Creates or replaces the account's plan as an admin grant: active, no period end. */
export function grantPlanSql(
  input: ({ email: string } | { accountId: string }) & { plan: PlanType; interval: BillingInterval; now: number; id?: string },
): SQL[] {
  const { plan, interval, now } = input;
  const account = accountIdSql("email" in input ? input.email : { accountId: input.accountId });
  return [
    sql`INSERT INTO "AccountPlanMetadata" ("id", "accountId", "planType", "billingInterval", "trialEndDate", "isInTrial", "status", "currentPeriodEnd", "cancelAtPeriodEnd", "source", "createdAt", "updatedAt")
SELECT ${input.id ?? crypto.randomUUID()}, ${account}, ${plan}, ${interval}, NULL, 0, 'active', NULL, 0, 'admin', ${now}, ${now}
WHERE ${account} IS NOT NULL
ON CONFLICT ("accountId") DO UPDATE SET "planType" = excluded."planType", "billingInterval" = excluded."billingInterval", "status" = 'active',
  "isInTrial" = 0, "trialEndDate" = NULL, "currentPeriodEnd" = NULL, "cancelAtPeriodEnd" = 0, "source" = 'admin', "updatedAt" = excluded."updatedAt"`,
    sql`UPDATE "Account" SET "type" = ${plan}, "updatedAt" = ${now} WHERE "id" = ${account}`,
  ];
}

/** Ends the plan (kept as a canceled row, so the history stays readable). */
export function revokePlanSql(account: AccountRef, now: number): SQL[] {
  return [
    sql`UPDATE "AccountPlanMetadata" SET "status" = 'canceled', "cancelAtPeriodEnd" = 0, "currentPeriodEnd" = ${now}, "updatedAt" = ${now} WHERE "accountId" = ${accountIdSql(account)}`,
  ];
}

export function setRoleSql(user: UserRef, role: Role, now: number): SQL[] {
  return [sql`UPDATE "User" SET "role" = ${role}, "updatedAt" = ${now} WHERE ${userWhere(user)}`];
}

/** Marks the user a beta tester (User.isBeta) or not. */
export function setBetaSql(user: UserRef, on: boolean, now: number): SQL[] {
  return [sql`UPDATE "User" SET "isBeta" = ${bit(on)}, "updatedAt" = ${now} WHERE ${userWhere(user)}`];
}

/**
 * Disables the user (User.disabledAt: sessions are refused from then on, worker/auth/session.ts,
 * and no new one is created, worker/auth/auth.ts) and ends their open sessions; or enables them again.
 */
export function setDisabledSql(user: UserRef, disabled: boolean, now: number): SQL[] {
  const statements = [sql`UPDATE "User" SET "disabledAt" = ${disabled ? now : null}, "updatedAt" = ${now} WHERE ${userWhere(user)}`];
  if (disabled) statements.push(sql`DELETE FROM "Session" WHERE "userId" IN (SELECT "id" FROM "User" WHERE ${userWhere(user)})`);
  return statements;
}

export function setFlagSql(account: AccountRef, flag: Flag, on: boolean, now: number): SQL[] {
  const column = flag === "collaborateEnabled" || flag === "modelSelectionEnabled" ? sql`, ${sql.identifier(flag)} = ${bit(on)}` : sql``;
  return [
    sql`UPDATE "Account" SET "featureFlags" = json_set(coalesce("featureFlags", '{}'), ${`$.${flag}`}, json(${on ? "true" : "false"}))${column}, "updatedAt" = ${now} WHERE "id" = ${accountIdSql(account)}`,
  ];
}

/** What `listUsersSql` narrows to: a search over e-mail and name (or one user by id), and a page. */
export type UserListFilter = { q?: string; id?: string; limit?: number; offset?: number };

function userSearchWhere(q: string | undefined, id?: string): SQL {
  if (id !== undefined) return sql`WHERE u."id" = ${id}`;
  const term = q?.trim().toLowerCase();
  if (!term) return sql``;
  const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`WHERE (lower(u."email") LIKE ${like} ESCAPE '\\' OR lower(u."firstName" || ' ' || u."lastName") LIKE ${like} ESCAPE '\\' OR lower(u."name") LIKE ${like} ESCAPE '\\')`;
}

/**
 * The account a user works in (worker/accounts/service.ts tenancyAccountQuery, in SQL): a team's
 * account they are linked to wins over their own, so its plan is the one they have.
 */
const TENANCY_ACCOUNT = sql`(SELECT t."accountId" FROM "UserAccount" t WHERE t."userId" = u."id" ORDER BY CASE t."role" WHEN 'OWNER' THEN 1 ELSE 0 END, t."createdAt" LIMIT 1)`;

/**
 * Users with their own account, its plan and flags, and the plan they actually have (their team's,
 * for a team member: "effective"): the CLI's list-users and the console's search.
 */
export function listUsersSql(filter: UserListFilter = {}): SQL {
  const page = filter.limit === undefined ? sql`` : sql`\nLIMIT ${Math.trunc(filter.limit)} OFFSET ${Math.trunc(filter.offset ?? 0)}`;
  return sql`SELECT u."id", u."email", u."firstName", u."lastName", u."role", u."onboarded", u."isBeta", u."disabledAt", u."createdAt",
  a."id" AS "accountId", a."name" AS "accountName", a."type" AS "accountType", p."planType", p."billingInterval", p."status" AS "planStatus", p."source" AS "planSource", a."featureFlags", a."collaborateEnabled", a."modelSelectionEnabled",
  ea."id" AS "effectiveAccountId", ea."name" AS "effectiveAccountName", ep."planType" AS "effectivePlanType", ep."status" AS "effectivePlanStatus"
FROM "User" u
LEFT JOIN "UserAccount" ua ON ua."userId" = u."id" AND ua."role" = 'OWNER'
LEFT JOIN "Account" a ON a."id" = ua."accountId"
LEFT JOIN "AccountPlanMetadata" p ON p."accountId" = a."id"
LEFT JOIN "Account" ea ON ea."id" = ${TENANCY_ACCOUNT}
LEFT JOIN "AccountPlanMetadata" ep ON ep."accountId" = ea."id"
${userSearchWhere(filter.q, filter.id)}
ORDER BY u."createdAt", u."id"${page}`;
}

/** How many users `listUsersSql` finds without its page. */
export function countUsersSql(filter: Pick<UserListFilter, "q"> = {}): SQL {
  return sql`SELECT count(*) AS "total" FROM "User" u ${userSearchWhere(filter.q)}`;
}
