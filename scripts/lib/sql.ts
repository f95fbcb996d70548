/**
 * SQL the seed and the admin CLI run through `wrangler d1 execute` (which takes no bound
 * parameters, so every value goes through `lit`). The account administration statements (plans,
 * roles, flags, the user list) live in worker/admin/sql.ts, shared with the admin console, as are
 * the team and campaign statements (worker/admin/team-sql.ts); there they are drizzle `sql`
 * templates with bound parameters, and here the same statements with their values written in.
 * Mutations return a list of statements; test/platform/seed-and-admin-sql.test.ts runs them
 * against the migrated schema. Table and column names follow worker/db/schema; instants are epoch
 * milliseconds, booleans 0/1.
 */
import type { SQL } from "drizzle-orm";
import { SQLiteAsyncDialect } from "drizzle-orm/sqlite-core";
import * as admin from "../../worker/admin/sql.ts";
import * as team from "../../worker/admin/team-sql.ts";
import * as audit from "../../worker/admin/audit-sql.ts";

export { BILLING_INTERVALS, FLAGS, PLAN_TYPES, ROLES, TENANCY_PROVIDER } from "../../worker/admin/sql.ts";
export type { BillingInterval, Flag, PlanType, Role } from "../../worker/admin/sql.ts";
export { COLLABORATE_ROLES, DEFAULT_TEAM_SEATS, NEW_CAMPAIGN_STATUSES, TEAM_ROLES } from "../../worker/admin/team-sql.ts";

/** A SQL literal: strings quoted with '' doubled, null, numbers, booleans as 0/1. */
export function lit(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (typeof value === "boolean") return value ? "1" : "0";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`Cannot write ${value} to SQL`);
    return String(value);
  }
  if (typeof value !== "string") throw new Error(`Cannot write a ${typeof value} to SQL`);
  return `'${value.replace(/'/g, "''")}'`;
}

const dialect = new SQLiteAsyncDialect();

/** A statement with its bound parameters written in as literals, in order. */
export function literal(statement: SQL): string {
  const { sql, params } = dialect.sqlToQuery(statement);
  const parts = sql.split("?");
  // The statements' own text has no "?": each one is a parameter's place.
  if (parts.length !== params.length + 1) throw new Error(`Expected ${params.length} parameters in: ${sql}`);
  return parts.reduce((out, part, i) => out + lit(params[i - 1]) + part);
}

const one =
  <A extends unknown[]>(build: (...args: A) => SQL) =>
  (...args: A): string =>
    literal(build(...args));
const many =
  <A extends unknown[]>(build: (...args: A) => SQL[]) =>
  (...args: A): string[] =>
    build(...args).map(literal);

export const ownAccountIdSql = one(admin.ownAccountIdSql);
export const findUserSql = one(admin.findUserSql);
export const grantPlanSql = many(admin.grantPlanSql);
export const revokePlanSql = many(admin.revokePlanSql);
export const setRoleSql = many(admin.setRoleSql);
export const setBetaSql = many(admin.setBetaSql);
export const setDisabledSql = many(admin.setDisabledSql);
export const setFlagSql = many(admin.setFlagSql);
export const listUsersSql = one(admin.listUsersSql);
export const countUsersSql = one(admin.countUsersSql);

// The console's audit rows of the same changes (worker/admin/audit-sql.ts), as the CLI writes them.
const CLI = { via: "cli" } as const;
export const grantPlanAuditSql = (email: string, input: { plan: admin.PlanType; interval: admin.BillingInterval }, now: number) =>
  literal(audit.grantPlanAuditSql(email, input, CLI, now));
export const revokePlanAuditSql = (email: string, now: number) => literal(audit.revokePlanAuditSql(email, CLI, now));
export const setFlagAuditSql = (email: string, flag: admin.Flag, on: boolean, now: number) => literal(audit.setFlagAuditSql(email, flag, on, CLI, now));
export const setRoleAuditSql = (email: string, role: admin.Role, now: number) => literal(audit.setRoleAuditSql(email, role, CLI, now));

export const userIdSql = one(team.userIdSql);
export const teamOfOwnerSql = one(team.teamOfOwnerSql);
export const ownerTeamSql = one(team.ownerTeamSql);
export const createTeamSql = many(team.createTeamSql);
export const setTeamSeatsSql = many(team.setTeamSeatsSql);
export const teamStateSql = one(team.teamStateSql);
export const addTeamMemberSql = many(team.addTeamMemberSql);
export const createCampaignSql = many(team.createCampaignSql);
export const listTeamsSql = one(team.listTeamsSql);
export const cliAuditSql = one(team.cliAuditSql);
