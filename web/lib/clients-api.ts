/**
 * Browser calls of the Clients page's API (worker/clients/routes.ts), through the shared
 * `apiFetch` (JSON, `{message, code}` errors as ApiError).
 */
import type { ClientGroupView, ClientPersonView, ClientsPage, ClientView, ManagedClientView } from "../../worker/clients/views";
import { apiFetch } from "./query";

export type { ClientGroupView, ClientPersonView, ClientsPage, ClientView, ManagedClientView };

const enc = encodeURIComponent;
const base = "/api/clients";
type Ok = { success: true };

export const clientsApi = {
  page: () => apiFetch<ClientsPage>(base),
  create: (name: string) => apiFetch<{ id: string; name: string }>(base, { method: "POST", json: { name } }),
  rename: (id: string, name: string) => apiFetch<Ok>(`${base}/${enc(id)}`, { method: "PATCH", json: { name } }),
  setArchived: (id: string, archived: boolean) => apiFetch<Ok>(`${base}/${enc(id)}`, { method: "PATCH", json: { archived } }),
  assignUser: (id: string, userId: string) => apiFetch<Ok>(`${base}/${enc(id)}/users`, { method: "POST", json: { userId } }),
  unassignUser: (id: string, userId: string) => apiFetch<Ok>(`${base}/${enc(id)}/users/${enc(userId)}`, { method: "DELETE" }),
  assignGroup: (id: string, groupId: string) => apiFetch<Ok>(`${base}/${enc(id)}/groups`, { method: "POST", json: { groupId } }),
  unassignGroup: (id: string, groupId: string) => apiFetch<Ok>(`${base}/${enc(id)}/groups/${enc(groupId)}`, { method: "DELETE" }),
  createGroup: (name: string) => apiFetch<{ id: string; name: string }>(`${base}/groups`, { method: "POST", json: { name } }),
  addGroupMember: (groupId: string, userId: string) => apiFetch<Ok>(`${base}/groups/${enc(groupId)}/users`, { method: "POST", json: { userId } }),
  removeGroupMember: (groupId: string, userId: string) => apiFetch<Ok>(`${base}/groups/${enc(groupId)}/users/${enc(userId)}`, { method: "DELETE" }),
};
