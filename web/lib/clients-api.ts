/**
 * Browser calls of the Clients page's API (worker/clients/routes.ts), through the router's own
 * types (`apiClient`; `{message, code}` errors as ApiError).
 */
import type { ClientGroupView, ClientPersonView, ClientsPage, ManagedClientView } from "../../worker/clients/views";
import type { ClientRoutes } from "../../worker/clients/routes";
import { apiClient, unwrap } from "./api-client";

export type { ClientGroupView, ClientPersonView, ClientsPage, ManagedClientView };

const enc = encodeURIComponent;
const clients = apiClient<ClientRoutes>("/api/clients");

export const clientsApi = {
  /** The clients an enterprise user can file an exercise under (their own id only; another is 404). */
  fileable: (userId: string) => unwrap(clients.user[":userId"].list.$get({ param: { userId: enc(userId) } })),
  page: () => unwrap(clients.index.$get()),
  create: (name: string) => unwrap(clients.index.$post({ json: { name } })),
  rename: (id: string, name: string) => unwrap(clients[":id"].$patch({ param: { id: enc(id) }, json: { name } })),
  setArchived: (id: string, archived: boolean) => unwrap(clients[":id"].$patch({ param: { id: enc(id) }, json: { archived } })),
  assignUser: (id: string, userId: string) => unwrap(clients[":id"].users.$post({ param: { id: enc(id) }, json: { userId } })),
  unassignUser: (id: string, userId: string) => unwrap(clients[":id"].users[":userId"].$delete({ param: { id: enc(id), userId: enc(userId) } })),
  assignGroup: (id: string, groupId: string) => unwrap(clients[":id"].groups.$post({ param: { id: enc(id) }, json: { groupId } })),
  unassignGroup: (id: string, groupId: string) => unwrap(clients[":id"].groups[":groupId"].$delete({ param: { id: enc(id), groupId: enc(groupId) } })),
  createGroup: (name: string) => unwrap(clients.groups.$post({ json: { name } })),
  addGroupMember: (groupId: string, userId: string) => unwrap(clients.groups[":groupId"].users.$post({ param: { groupId: enc(groupId) }, json: { userId } })),
  removeGroupMember: (groupId: string, userId: string) =>
    unwrap(clients.groups[":groupId"].users[":userId"].$delete({ param: { groupId: enc(groupId), userId: enc(userId) } })),
};
