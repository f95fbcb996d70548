import type { SessionUser } from "../auth/middleware";
import type { UserContext } from "../context";
import { findSession } from "./access";
import type { ControllerCommand } from "../../shared/conduct/model";
import { sessionObject, unwrap } from "./session-object";
import type { ControllerStateView } from "../../shared/conduct/views";

/**
 * A controller's command (start, pause, release…): only whoever may run the session (404 otherwise,
 * read-only viewers included). The object serialises commands, so two controllers never race.
 */
export async function runCommand(
  ctx: UserContext,
  user: Pick<SessionUser, "firstName" | "lastName" | "email">,
  sessionId: string,
  command: ControllerCommand,
): Promise<ControllerStateView> {
  const session = await findSession(ctx, sessionId, "control");
  const label = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return unwrap(sessionObject(ctx, session.id).command(command, { role: "controller", id: ctx.user.id, label }, "control"));
}
