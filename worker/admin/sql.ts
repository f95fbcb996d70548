/**
 * The account administration statements, shared by the admin CLI (scripts/admin.ts, which sends
 * them through `wrangler d1 execute`) and the admin console (worker/admin/service.ts, which runs
 * them with `DB.batch`). One implementation: a plan grant, a role or a flag is the same SQL from
 * either side. `wrangler d1 execute` takes no bound parameters, so every value goes through `lit`.
 * Mutations return a list of statements; test/platform/seed-and-admin-sql.test.ts runs them
 * against the migrated schema. Table and column names follow worker/db/schema; instants are epoch
 * milliseconds, booleans 0/1.
 *
 * Pure, importing only the shared lists (with their .ts extension): Node runs it with
 * --experimental-strip-types from the scripts.
 */

import { BILLING_INTERVALS, FLAGS, PLAN_TYPES, ROLES, type BillingInterval, type Flag, type PlanType, type Role } from "../../shared/admin/model.ts";

export { BILLING_INTERVALS, FLAGS, PLAN_TYPES, ROLES, type BillingInterval, type Flag, type PlanType, type Role };

export const TENANCY_PROVIDER = "readyroom";

/** A user named by e-mail (the CLI's way) or by id (the console's). */
export type UserRef = string | { userId: string };
/** An account named as "this e-mail's own (OWNER) account" (the CLI's way) or by id (the console's). */
export type AccountRef = string | { accountId: string };

/** A SQL literal: strings quoted with '' doubled, null, numbers, booleans as 0/1. */
export function lit(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`Cannot write ${value} to SQL`);
    return String(value);
  }
  return `'${value.replace(/'/g, "''")}'`;
}

/** The user's own (OWNER) tenancy account, found from their e-mail. */
export function ownAccountIdSql(email: string): string {
  return `(SELECT ua."accountId" FROM "UserAccount" ua JOIN "User" u ON u."id" = ua."userId" WHERE u."email" = ${lit(email)} AND ua."role" = 'OWNER' ORDER BY ua."createdAt" LIMIT 1)`;
}

function accountIdSql(account: AccountRef): string {
  return typeof account === "string" ? ownAccountIdSql(account) : `(SELECT "id" FROM "Account" WHERE "id" = ${lit(account.accountId)})`;
}

function userWhere(user: UserRef): string {
  return typeof user === "string" ? `"email" = ${lit(user)}` : `"id" = ${lit(user.userId)}`;
}

export function findUserSql(email: string): string {
  return `SELECT u."id", u."email", u."role", ${ownAccountIdSql(email)} AS "accountId" FROM "User" u WHERE u."email" = ${lit(email)}`;
}

/** Creates or replaces the account's plan as an admin grant: active, no period end. */
export function grantPlanSql(input: ({ email: string } | { accountId: string }) & { plan: PlanType; interval: BillingInterval; now: number; id?: string }): string[] {
  const { plan, interval, now } = input;
  const account = accountIdSql("email" in input ? input.email : { accountId: input.accountId });
  return [
    `INSERT INTO "AccountPlanMetadata" ("id", "accountId", "planType", "billingInterval", "trialEndDate", "isInTrial", "status", "currentPeriodEnd", "cancelAtPeriodEnd", "source", "createdAt", "updatedAt")
SELECT ${lit(input.id ?? crypto.randomUUID())}, ${account}, ${lit(plan)}, ${lit(interval)}, NULL, 0, 'active', NULL, 0, 'admin', ${now}, ${now}
WHERE ${account} IS NOT NULL
ON CONFLICT ("accountId") DO UPDATE SET "planType" = excluded."planType", "billingInterval" = excluded."billingInterval", "status" = 'active',
  "isInTrial" = 0, "trialEndDate" = NULL, "currentPeriodEnd" = NULL, "cancelAtPeriodEnd" = 0, "source" = 'admin', "updatedAt" = excluded."updatedAt"`,
    `UPDATE "Account" SET "type" = ${lit(plan)}, "updatedAt" = ${now} WHERE "id" = ${account}`,
  ];
}

/** Ends the plan (kept as a canceled row, so the history stays readable). */
export function revokePlanSql(account: AccountRef, now: number): string[] {
  return [`UPDATE "AccountPlanMetadata" SET "status" = 'canceled', "cancelAtPeriodEnd" = 0, "currentPeriodEnd" = ${now}, "updatedAt" = ${now} WHERE "accountId" = ${accountIdSql(account)}`];
}

export function setRoleSql(user: UserRef, role: Role, now: number): string[] {
  return [`UPDATE "User" SET "role" = ${lit(role)}, "updatedAt" = ${now} WHERE ${userWhere(user)}`];
}

/** Marks the user a beta tester (User.isBeta) or not. */
export function setBetaSql(user: UserRef, on: boolean, now: number): string[] {
  return [`UPDATE "User" SET "isBeta" = ${lit(on)}, "updatedAt" = ${now} WHERE ${userWhere(user)}`];
}

/**
 * Disables the user (User.disabledAt: sessions are refused from then on, worker/auth/session.ts,
 * and no new one is created, worker/auth/auth.ts) and ends their open sessions; or enables them again.
 */
export function setDisabledSql(user: UserRef, disabled: boolean, now: number): string[] {
  const statements = [`UPDATE "User" SET "disabledAt" = ${disabled ? now : "NULL"}, "updatedAt" = ${now} WHERE ${userWhere(user)}`];
  if (disabled) statements.push(`DELETE FROM "Session" WHERE "userId" IN (SELECT "id" FROM "User" WHERE ${userWhere(user)})`);
  return statements;
}

export function setFlagSql(account: AccountRef, flag: Flag, on: boolean, now: number): string[] {
  const column = flag === "collaborateEnabled" || flag === "modelSelectionEnabled" ? `, "${flag}" = ${lit(on)}` : "";
  return [
    `UPDATE "Account" SET "featureFlags" = json_set(coalesce("featureFlags", '{}'), '$.${flag}', json(${lit(on ? "true" : "false")}))${column}, "updatedAt" = ${now} WHERE "id" = ${accountIdSql(account)}`,
  ];
}

/** What `listUsersSql` narrows to: a search over e-mail and name (or one user by id), and a page. */
export type UserListFilter = { q?: string; id?: string; limit?: number; offset?: number };

function userSearchWhere(q: string | undefined, id?: string): string {
  if (id !== undefined) return `WHERE u."id" = ${lit(id)}`;
  const term = q?.trim().toLowerCase();
  if (!term) return "";
  const like = lit(`%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  return `WHERE (lower(u."email") LIKE ${like} ESCAPE '\\' OR lower(u."firstName" || ' ' || u."lastName") LIKE ${like} ESCAPE '\\' OR lower(u."name") LIKE ${like} ESCAPE '\\')`;
}

/** Users with their own account, its plan and flags: the CLI's list-users and the console's search. */
export function listUsersSql(filter: UserListFilter = {}): string {
  const page = filter.limit === undefined ? "" : `\nLIMIT ${lit(Math.trunc(filter.limit))} OFFSET ${lit(Math.trunc(filter.offset ?? 0))}`;
  return `SELECT u."id", u."email", u."firstName", u."lastName", u."role", u."onboarded", u."isBeta", u."disabledAt", u."createdAt",
  a."id" AS "accountId", a."name" AS "accountName", a."type" AS "accountType", p."planType", p."billingInterval", p."status" AS "planStatus", p."source" AS "planSource", a."featureFlags", a."collaborateEnabled", a."modelSelectionEnabled"
FROM "User" u
LEFT JOIN "UserAccount" ua ON ua."userId" = u."id" AND ua."role" = 'OWNER'
LEFT JOIN "Account" a ON a."id" = ua."accountId"
LEFT JOIN "AccountPlanMetadata" p ON p."accountId" = a."id"
${userSearchWhere(filter.q, filter.id)}
ORDER BY u."createdAt", u."id"${page}`;
}

/** How many users `listUsersSql` finds without its page. */
export function countUsersSql(filter: Pick<UserListFilter, "q"> = {}): string {
  return `SELECT count(*) AS "total" FROM "User" u ${userSearchWhere(filter.q)}`;
}
