/**
 * Browser calls of the admin console API (worker/admin/routes.ts), through the router's own types
 * (`apiClient`; `{message, code}` errors as ApiError).
 */
import type { AdminAccountView, AdminUserPage, AdminUserView, AuditPage, SchedulerTaskView } from "../../worker/admin/service";
import type { AdminTeamView } from "../../worker/admin/teams";
import type { AddTeamMember, CreateCampaign, CreateTeam } from "../../worker/admin/schemas";
import type { BillingInterval, Flag, PlanType, Role } from "../../shared/admin/model";
import type { AdminRoutes } from "../../worker/admin/routes";
import { apiClient, unwrap } from "./api-client";

export type { AdminAccountView, AdminTeamView, AdminUserPage, AdminUserView, AuditPage, SchedulerTaskView };

const enc = encodeURIComponent;
const admin = apiClient<AdminRoutes>("/api/admin");
/** The typed client puts path parameters in as given: encode them, as the URLs built by hand did. */
const byId = (id: string) => ({ param: { id: enc(id) } });

export type AuditFilter = { actor?: string; action?: string; target?: string; from?: string; to?: string; page?: number };

/** The query's fields that are set: an empty filter box is left out of the URL. */
function query(params: Record<string, string | number | undefined>): Record<string, string> {
  const set: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== "") set[key] = String(value);
  return set;
}

export const adminQueryKeys = {
  users: (q: string, page: number) => ["admin", "users", q, page] as const,
  account: (id: string) => ["admin", "accounts", id] as const,
  audit: (filter: AuditFilter) => ["admin", "audit", filter] as const,
  scheduler: ["admin", "scheduler"] as const,
  teams: ["admin", "teams"] as const,
};

export const adminApi = {
  users: (q: string, page: number) => unwrap(admin.users.$get({ query: query({ q, page }) })),
  updateUser: (id: string, change: { disabled?: boolean; role?: Role; isBeta?: boolean }) => unwrap(admin.users[":id"].$patch({ ...byId(id), json: change })),
  account: (id: string) => unwrap(admin.accounts[":id"].$get(byId(id))),
  grantPlan: (id: string, plan: PlanType, interval: BillingInterval) => unwrap(admin.accounts[":id"].plan.$put({ ...byId(id), json: { plan, interval } })),
  revokePlan: (id: string) => unwrap(admin.accounts[":id"].plan.$delete(byId(id))),
  setFlag: (id: string, flag: Flag, enabled: boolean) => unwrap(admin.accounts[":id"].flags.$put({ ...byId(id), json: { flag, enabled } })),
  /** `requestId` is chosen once per submission, so a retry is applied once. */
  credits: (id: string, change: { kind: "grant" | "adjust"; amount: number; reason: string; requestId: string }) =>
    unwrap(admin.accounts[":id"].credits.$post({ ...byId(id), json: change })),
  audit: (filter: AuditFilter) => unwrap(admin.audit.$get({ query: query(filter) })),
  scheduler: () => unwrap(admin.scheduler.$get()),
  teams: () => unwrap(admin.teams.$get()),
  createTeam: (input: CreateTeam) => unwrap(admin.teams.$post({ json: input })),
  addTeamMember: (teamId: string, input: Partial<AddTeamMember> & { email: string }) =>
    unwrap(admin.teams[":id"].members.$post({ ...byId(teamId), json: input })),
  createCampaign: (teamId: string, input: Partial<CreateCampaign> & { name: string; email: string }) =>
    unwrap(admin.teams[":id"].campaigns.$post({ ...byId(teamId), json: input })),
};
