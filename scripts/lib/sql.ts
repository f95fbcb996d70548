/**
 * SQL the seed and the admin CLI run through `wrangler d1 execute` (which takes no bound
 * parameters, so every value goes through `lit`). Mutations return a list of statements;
 * test/platform/admin-sql.test.ts runs them against the migrated schema. Table and column names follow
 * worker/db/schema; instants are epoch milliseconds, booleans 0/1.
 */

export const PLAN_TYPES = ["SOLO", "TEAM", "ENTERPRISE"] as const;
export const BILLING_INTERVALS = ["MONTHLY", "YEARLY"] as const;
export const ROLES = ["admin", "basic"] as const;
/** Flags of spec §6. The first two also have their own Account columns, kept in step. */
export const FLAGS = ["collaborateEnabled", "modelSelectionEnabled", "alertsEnabled", "betaAskReadyroomActionsEnabled"] as const;
export const TENANCY_PROVIDER = "readyroom";

export type PlanType = (typeof PLAN_TYPES)[number];
export type BillingInterval = (typeof BILLING_INTERVALS)[number];
export type Role = (typeof ROLES)[number];
export type Flag = (typeof FLAGS)[number];

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

export function findUserSql(email: string): string {
  return `SELECT u."id", u."email", u."role", ${ownAccountIdSql(email)} AS "accountId" FROM "User" u WHERE u."email" = ${lit(email)}`;
}

/** Creates or replaces the account's plan as an admin grant: active, no period end. */
export function grantPlanSql(input: { email: string; plan: PlanType; interval: BillingInterval; now: number; id?: string }): string[] {
  const { email, plan, interval, now } = input;
  return [
    `INSERT INTO "AccountPlanMetadata" ("id", "accountId", "planType", "billingInterval", "trialEndDate", "isInTrial", "status", "currentPeriodEnd", "cancelAtPeriodEnd", "source", "createdAt", "updatedAt")
SELECT ${lit(input.id ?? crypto.randomUUID())}, ${ownAccountIdSql(email)}, ${lit(plan)}, ${lit(interval)}, NULL, 0, 'active', NULL, 0, 'admin', ${now}, ${now}
WHERE ${ownAccountIdSql(email)} IS NOT NULL
ON CONFLICT ("accountId") DO UPDATE SET "planType" = excluded."planType", "billingInterval" = excluded."billingInterval", "status" = 'active',
  "isInTrial" = 0, "trialEndDate" = NULL, "currentPeriodEnd" = NULL, "cancelAtPeriodEnd" = 0, "source" = 'admin', "updatedAt" = excluded."updatedAt"`,
    `UPDATE "Account" SET "type" = ${lit(plan)}, "updatedAt" = ${now} WHERE "id" = ${ownAccountIdSql(email)}`,
  ];
}

/** Ends the plan (kept as a canceled row, so the history stays readable). */
export function revokePlanSql(email: string, now: number): string[] {
  return [`UPDATE "AccountPlanMetadata" SET "status" = 'canceled', "cancelAtPeriodEnd" = 0, "currentPeriodEnd" = ${now}, "updatedAt" = ${now} WHERE "accountId" = ${ownAccountIdSql(email)}`];
}

export function setRoleSql(email: string, role: Role, now: number): string[] {
  return [`UPDATE "User" SET "role" = ${lit(role)}, "updatedAt" = ${now} WHERE "email" = ${lit(email)}`];
}

export function setFlagSql(email: string, flag: Flag, on: boolean, now: number): string[] {
  const column = flag === "collaborateEnabled" || flag === "modelSelectionEnabled" ? `, "${flag}" = ${lit(on)}` : "";
  return [
    `UPDATE "Account" SET "featureFlags" = json_set(coalesce("featureFlags", '{}'), '$.${flag}', json(${lit(on ? "true" : "false")}))${column}, "updatedAt" = ${now} WHERE "id" = ${ownAccountIdSql(email)}`,
  ];
}

export function listUsersSql(): string {
  return `SELECT u."email", u."firstName", u."lastName", u."role", u."onboarded", a."type" AS "accountType", p."planType", p."billingInterval", p."status" AS "planStatus", p."source" AS "planSource", a."featureFlags"
FROM "User" u
LEFT JOIN "UserAccount" ua ON ua."userId" = u."id" AND ua."role" = 'OWNER'
LEFT JOIN "Account" a ON a."id" = ua."accountId"
LEFT JOIN "AccountPlanMetadata" p ON p."accountId" = a."id"
ORDER BY u."createdAt"`;
}
