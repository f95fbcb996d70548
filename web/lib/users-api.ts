/** Browser calls of /api/users (spec §7): the caller's onboarding and the team reads, through the router's own types. */
import type { UsersRoutes } from "../../worker/users/routes";
import { apiClient, unwrap } from "./api-client";

const users = apiClient<UsersRoutes>("/api/users");

/** The typed client puts path parameters in as given: encode them, as the URLs built by hand did. */
const user = (id: string) => ({ param: { id: encodeURIComponent(id) } });

export const usersApi = {
  onboardingStatus: (userId: string) => unwrap(users[":id"]["onboarding-status"].$get(user(userId))),
  /** keepalive: the welcome may close as the page navigates away. */
  markOnboarded: (userId: string) => unwrap(users[":id"]["mark-onboarded"].$post(user(userId), { init: { keepalive: true } })),
  teamMembers: () => unwrap(users["team-members"].$get()),
  campaignParticipations: () => unwrap(users["campaign-participations"].$get()),
};
