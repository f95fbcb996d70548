/**
 * The admin console's shared constants (a shared module: the browser imports it, see
 * eslint.config.js). The plan, interval, role and flag lists are the admin CLI's own (./sql.ts).
 */
export { BILLING_INTERVALS, FLAGS, PLAN_TYPES, ROLES } from "./sql";
export type { BillingInterval, Flag, PlanType, Role } from "./sql";

/** Rows per page of the console's user search and audit log. */
export const ADMIN_PAGE_SIZE = 20;
export const ADMIN_PAGE_SIZE_MAX = 100;

/** Every AuditLog action the console writes (the audit filter offers them). */
export const ADMIN_ACTIONS = [
  "admin.user.disable",
  "admin.user.enable",
  "admin.user.set_role",
  "admin.user.set_beta",
  "admin.account.grant_plan",
  "admin.account.revoke_plan",
  "admin.account.set_flag",
  "admin.account.grant_credits",
  "admin.account.adjust_credits",
  "admin.team.create",
  "admin.team.resize",
  "admin.team.add_member",
  "admin.team.create_campaign",
  // Reads of people's data (worker/admin/service.ts auditRead).
  "admin.user.list",
  "admin.user.view",
  "admin.account.view",
  "admin.team.list",
] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

/** Largest single grant or adjustment, in credits. */
export const ADMIN_CREDITS_MAX = 1_000_000;
