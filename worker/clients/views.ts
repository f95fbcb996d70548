import type { ClientView } from "./access";

/** What the Clients page and GET /api/clients answer (the browser imports these with `import type`). */
export type ManagedClientView = ClientView & { userIds: string[]; groupIds: string[] };
export type ClientPersonView = { id: string; email: string; name: string };
export type ClientGroupView = { id: string; name: string; userIds: string[] };
export type ClientsPage = {
  /** Owners and admins; members see their own clients and no assignments. */
  canManage: boolean;
  clients: ManagedClientView[];
  people: ClientPersonView[];
  groups: ClientGroupView[];
};
export type { ClientView };
