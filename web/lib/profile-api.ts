/** Browser calls of /api/profile (the caller's own profile), through the router's own types. */
import type { ProfileRoutes } from "../../worker/profile/routes";
import { apiClient } from "./api-client";

const profile = apiClient<ProfileRoutes>("/api/profile");

type DetailsBody = Parameters<typeof profile.details.$put>[0]["json"];
type InstructionsBody = Parameters<(typeof profile)["custom-instructions"]["$put"]>[0]["json"];

/** The answers themselves: a form reads a refusal's message and field errors (web/components/profile/save.ts). */
export const profileApi = {
  saveDetails: (details: DetailsBody) => profile.details.$put({ json: details }),
  saveInstructions: (instructions: InstructionsBody) => profile["custom-instructions"].$put({ json: instructions }),
};
