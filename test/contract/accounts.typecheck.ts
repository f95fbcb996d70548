/**
 * Type-level proof of the typed client for the account-side features: onboarding and the team
 * reads (/api/users), team management, clients, the admin console, the profile and status (issue 28
 * item 3; see ./typed-client.typecheck.ts). Compiled by `npm run typecheck`, never run.
 */
import type { AdminRoutes } from "../../worker/admin/routes";
import type { ClientRoutes } from "../../worker/clients/routes";
import type { ProfileRoutes } from "../../worker/profile/routes";
import type { StatusRoutes } from "../../worker/status/routes";
import type { TeamRoutes } from "../../worker/teams/routes";
import type { UsersRoutes } from "../../worker/users/routes";
import { adminApi } from "../../web/lib/admin-api";
import { apiClient, unwrap } from "../../web/lib/api-client";
import { clientsApi } from "../../web/lib/clients-api";
import { teamsApi } from "../../web/lib/teams-api";
import { usersApi } from "../../web/lib/users-api";

const users = apiClient<UsersRoutes>("/api/users");
const teams = apiClient<TeamRoutes>("/api/teams");
const clients = apiClient<ClientRoutes>("/api/clients");
const admin = apiClient<AdminRoutes>("/api/admin");
const profile = apiClient<ProfileRoutes>("/api/profile");
const status = apiClient<StatusRoutes>("/api/status");

export async function answersAreTheServersViews() {
  const { shouldShowOnboarding } = await usersApi.onboardingStatus("u");
  const show: boolean = shouldShowOnboarding;
  const team = await teamsApi.members();
  const seats: number = team.seatsAvailable;
  const email: string = team.teamMembers[0]!.user.email;
  // @ts-expect-error -- the view counts seats, it has no "free"
  void team.free;
  const { invitation } = await teamsApi.invite("a@b.test", "STANDARD_USER");
  const invited: string = invitation.email;
  const page = await clientsApi.page();
  const canManage: boolean = page.canManage;
  // @ts-expect-error -- the page lists clients, people and groups, not "members"
  void page.members;
  const { id } = await clientsApi.create("Bayhaven County");
  const clientId: string = id;
  const found = await adminApi.users("", 1);
  const total: number = found.total;
  const disabledAt: number | null = found.users[0]!.disabledAt;
  // @ts-expect-error -- an admin's user view has no password
  void found.users[0]!.password;
  const filing = await unwrap(clients.user[":userId"].list.$get({ param: { userId: "u" } }));
  const filed: string = filing.clients[0]!.name;
  return { show, seats, email, invited, canManage, clientId, total, disabledAt, filed };
}

export async function pathsAndBodiesAreTheRoutersOwn() {
  // @ts-expect-error -- the team reads are under /api/users, not /api/teams
  await teams["team-members"].$get();
  await users["team-members"].$get();
  // @ts-expect-error -- a member's roles are PATCHed
  await teams.members[":id"].$put({ param: { id: "m" }, json: { role: "ADMIN" } });
  // @ts-expect-error -- roles are ADMIN or MEMBER
  await teams.members[":id"].$patch({ param: { id: "m" }, json: { role: "OWNER" } });
  // @ts-expect-error -- a client's name is a string
  await clients.index.$post({ json: { name: 1 } });
  // @ts-expect-error -- no such path under /api/admin
  await admin.user.$get();
  // @ts-expect-error -- credits need a kind, an amount, a reason and a requestId
  await admin.accounts[":id"].credits.$post({ param: { id: "a" }, json: { amount: 5 } });
  // @ts-expect-error -- the profile's details are PUT, never POSTed
  await profile.details.$post({ json: {} });
  // @ts-expect-error -- status is read with GET only
  await status.index.$post();
}
