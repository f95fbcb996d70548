import type { AppLoadContext } from "@remix-run/cloudflare";
import type { UserContext } from "../../worker/context";
import { requireUser, type SessionUser } from "./auth.server";
import { contextFor } from "./request-context.server";

type Args = { request: Request; context: AppLoadContext };

/**
 * A loader's or action's way to a service: the signed-in user (else the redirect to /login) and
 * the same context a Hono route passes (worker/context.ts), so a page and the API call one service
 * the same way.
 */
export async function requireUserContext(args: Args): Promise<{ ctx: UserContext; user: SessionUser }> {
  const user = await requireUser(args);
  return { ctx: contextFor(args, user.id), user };
}
