/**
 * Browser calls of the admin console API (worker/admin/routes.ts), through the shared `apiFetch`
 * (JSON, `{message, code}` errors as ApiError). Types are the service's own.
 */
import type { AdminAccountView, AdminUserPage, AdminUserView, AuditPage, SchedulerTaskView } from "../../worker/admin/service";
import type { AdminTeamView } from "../../worker/admin/teams";
import type { AddTeamMember, CreateCampaign, CreateTeam } from "../../worker/admin/schemas";
import type { BillingInterval, Flag, PlanType, Role } from "../../shared/admin/model";
import { apiFetch } from "./query";

export type { AdminAccountView, AdminTeamView, AdminUserPage, AdminUserView, AuditPage, SchedulerTaskView };

const enc = encodeURIComponent;
const base = "/api/admin";

export type AuditFilter = { actor?: string; action?: string; target?: string; from?: string; to?: string; page?: number };

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== "") search.set(key, String(value));
  const text = search.toString();
  return text ? `?${text}` : "";
}

export const adminQueryKeys = {
  users: (q: string, page: number) => ["admin", "users", q, page] as const,
  account: (id: string) => ["admin", "accounts", id] as const,
  audit: (filter: AuditFilter) => ["admin", "audit", filter] as const,
  scheduler: ["admin", "scheduler"] as const,
  teams: ["admin", "teams"] as const,
};

export const adminApi = {
  users: (q: string, page: number) => apiFetch<AdminUserPage>(`${base}/users${query({ q, page })}`),
  updateUser: (id: string, change: { disabled?: boolean; role?: Role; isBeta?: boolean }) =>
    apiFetch<{ user: AdminUserView }>(`${base}/users/${enc(id)}`, { method: "PATCH", json: change }),
  account: (id: string) => apiFetch<{ account: AdminAccountView }>(`${base}/accounts/${enc(id)}`),
  grantPlan: (id: string, plan: PlanType, interval: BillingInterval) =>
    apiFetch<{ account: AdminAccountView }>(`${base}/accounts/${enc(id)}/plan`, { method: "PUT", json: { plan, interval } }),
  revokePlan: (id: string) => apiFetch<{ account: AdminAccountView }>(`${base}/accounts/${enc(id)}/plan`, { method: "DELETE" }),
  setFlag: (id: string, flag: Flag, enabled: boolean) => apiFetch<{ account: AdminAccountView }>(`${base}/accounts/${enc(id)}/flags`, { method: "PUT", json: { flag, enabled } }),
  /** `requestId` is chosen once per submission, so a retry is applied once. */
  credits: (id: string, change: { kind: "grant" | "adjust"; amount: number; reason: string; requestId: string }) =>
    apiFetch<{ account: AdminAccountView }>(`${base}/accounts/${enc(id)}/credits`, { method: "POST", json: change }),
  audit: (filter: AuditFilter) => apiFetch<AuditPage>(`${base}/audit${query(filter)}`),
  scheduler: () => apiFetch<{ tasks: SchedulerTaskView[] }>(`${base}/scheduler`),
  teams: () => apiFetch<{ teams: AdminTeamView[] }>(`${base}/teams`),
  createTeam: (input: CreateTeam) => apiFetch<{ teamId: string; created: boolean }>(`${base}/teams`, { method: "POST", json: input }),
  addTeamMember: (teamId: string, input: Partial<AddTeamMember> & { email: string }) => apiFetch<{ members: number; seats: number }>(`${base}/teams/${enc(teamId)}/members`, { method: "POST", json: input }),
  createCampaign: (teamId: string, input: Partial<CreateCampaign> & { name: string; email: string }) => apiFetch<{ campaignId: string }>(`${base}/teams/${enc(teamId)}/campaigns`, { method: "POST", json: input }),
};
