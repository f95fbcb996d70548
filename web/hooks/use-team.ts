import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";

/** Where the signed-in user stands in a team (root loader): whether share controls and team views show. */
export function useTeam(): { inTeam: boolean; teamAdmin: boolean; userId: string | null } {
  const user = useRouteLoaderData<typeof rootLoader>("root")?.user;
  return { inTeam: Boolean(user?.inTeam), teamAdmin: Boolean(user?.teamAdmin), userId: user?.id ?? null };
}
