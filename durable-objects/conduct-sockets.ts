import type { Env } from "../worker/env";
import type { SessionAccess } from "../worker/conduct/access";
import type { SocketClaim } from "../worker/conduct/object-protocol";
import { socketAccess } from "../worker/conduct/recheck";
import type { ServerMessage } from "../shared/conduct/views";

/**
 * The conduct session object's sockets (durable-objects/conduct-session.ts): the tags they are found
 * by, closing them for good — each is told why with a `gone` message, which the page shows instead
 * of reconnecting, then closed with a code of the 4xxx range the app owns — counting them per link,
 * and the controllers' re-check.
 */

/** The link was revoked (or the session is gone): the page says the link no longer works. */
export const GONE_CLOSE_CODE = 4404;
/** The controller's access changed (role, team, client, sign-out): the page says to reload. */
export const ACCESS_CLOSE_CODE = 4403;
/** An evaluator link after the hot wash: the page says the evaluation window has closed. */
export const EVALUATION_CLOSED_CODE = 4410;

export const CONTROLLER_TAG = "role:controller";
export const EVALUATOR_TAG = "role:evaluator";
export const linkTag = (linkId: string) => `link:${linkId}`;
export const userTag = (userId: string) => `user:${userId}`;

/** A controller's socket is found by its role and its user; a link's by its role and its link. */
export function socketTags(claim: SocketClaim): string[] {
  return claim.role === "controller" ? [CONTROLLER_TAG, userTag(claim.userId)] : [`role:${claim.role}`, linkTag(claim.linkId)];
}

export function closeSockets(sockets: Iterable<WebSocket>, message: Extract<ServerMessage<never>, { type: "gone" }>, code: number, reason: string): void {
  const text = JSON.stringify(message);
  for (const ws of sockets) {
    try {
      ws.send(text);
      ws.close(code, reason);
    } catch {
      // Already closing.
    }
  }
}

/** Open sockets per player or evaluator link (the console's "connected" counts). */
export function openSocketsPerLink(sockets: Iterable<WebSocket>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const ws of sockets) {
    if (ws.readyState !== WebSocket.OPEN) continue;
    const claim = ws.deserializeAttachment() as SocketClaim | null;
    if (claim && claim.role !== "controller") counts.set(claim.linkId, (counts.get(claim.linkId) ?? 0) + 1);
  }
  return counts;
}

/**
 * The controller sockets among `sockets` that no longer have the access they were opened with
 * (worker/conduct/recheck.ts decides, once per user and sign-in), and how many still do.
 */
export async function lostControllerSockets(env: Env, sessionId: string, sockets: WebSocket[]): Promise<{ lost: WebSocket[]; kept: number }> {
  const verdicts = new Map<string, Promise<SessionAccess | null>>();
  const lost: WebSocket[] = [];
  let kept = 0;
  for (const ws of sockets) {
    const claim = ws.deserializeAttachment() as SocketClaim | null;
    if (claim?.role !== "controller") continue;
    const key = `${claim.userId} ${claim.authSessionId}`;
    if (!verdicts.has(key)) verdicts.set(key, socketAccess(env, sessionId, claim));
    if ((await verdicts.get(key)) === claim.access) kept += 1;
    else lost.push(ws);
  }
  return { lost, kept };
}

export function jsonResponse(status: number, code: string, message: string): Response {
  return Response.json({ message, code }, { status });
}
