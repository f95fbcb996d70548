/**
 * The admin console's constants, which the browser imports too. The plan, interval, role and flag
 * lists are also the admin CLI's (worker/admin/sql.ts re-exports them), so this file stays plain
 * enough for Node's --experimental-strip-types.
 */
export const PLAN_TYPES = ["SOLO", "TEAM", "ENTERPRISE"] as const;
export const BILLING_INTERVALS = ["MONTHLY", "YEARLY"] as const;
export const ROLES = ["admin", "basic"] as const;
/** Flags of spec §6. The first two also have their own Account columns, kept in step. */
export const FLAGS = ["collaborateEnabled", "modelSelectionEnabled", "alertsEnabled", "betaAskReadyroomActionsEnabled"] as const;

export type PlanType = (typeof PLAN_TYPES)[number];
export type BillingInterval = (typeof BILLING_INTERVALS)[number];
export type Role = (typeof ROLES)[number];
export type Flag = (typeof FLAGS)[number];

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
