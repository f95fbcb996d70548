import { data, type AppLoadContext } from "@remix-run/cloudflare";
import type { UserContext } from "../../worker/context";
import { enforceAccess, requireUser, type SessionUser } from "./auth.server";
import { contextFor } from "./request-context.server";
import { PLAN_REQUIRED_STATUS } from "~/components/shell/plan-required";

type Args = { request: Request; context: AppLoadContext };

/**
 * A loader's or action's way to a service: the signed-in user (else the redirect to /login) and
 * the same context a Hono route passes (worker/context.ts), so a page and the API call one service
 * the same way. A page that needs a plan the user lacks stops here (402), before its services
 * run, and the root shows the reason and the way forward instead.
 */
export async function requireUserContext(args: Args): Promise<{ ctx: UserContext; user: SessionUser }> {
  const user = await requireUser(args);
  if (args.request.method === "GET") {
    const access = await enforceAccess(args);
    if (access.user && access.planRequired) throw data({ planRequired: true }, { status: PLAN_REQUIRED_STATUS });
  }
  return { ctx: contextFor(args, user.id), user };
}
