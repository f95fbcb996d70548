/**
 * What the admin CLI's account commands write (scripts/admin.ts): the change's statements
 * (worker/admin/sql.ts) preceded by the AuditLog row the admin console writes for the same change
 * (worker/admin/audit-sql.ts), in one `wrangler d1 execute` batch. Pure, so
 * test/admin/cli-audit.test.ts runs exactly these against the migrated schema.
 */
import type { BillingInterval, Flag, PlanType, Role } from "../../worker/admin/sql.ts";
import { grantPlanAuditSql, grantPlanSql, revokePlanAuditSql, revokePlanSql, setFlagAuditSql, setFlagSql, setRoleAuditSql, setRoleSql } from "./sql.ts";

export function grantPlanCommand(input: { email: string; plan: PlanType; interval: BillingInterval; now: number }): string[] {
  return [grantPlanAuditSql(input.email, input, input.now), ...grantPlanSql(input)];
}

export function revokePlanCommand(email: string, now: number): string[] {
  return [revokePlanAuditSql(email, now), ...revokePlanSql(email, now)];
}

/** Like the console, a role that does not change is no change: nothing to audit. */
export function setRoleCommand(input: { email: string; role: Role; was: string; now: number }): string[] {
  const change = setRoleSql(input.email, input.role, input.now);
  return input.was === input.role ? change : [setRoleAuditSql(input.email, input.role, input.now), ...change];
}

export function setFlagCommand(input: { email: string; flag: Flag; on: boolean; now: number }): string[] {
  return [setFlagAuditSql(input.email, input.flag, input.on, input.now), ...setFlagSql(input.email, input.flag, input.on, input.now)];
}
