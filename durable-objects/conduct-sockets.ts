import type { Env } from "../worker/env";
import type { SessionAccess } from "../worker/conduct/access";
import type { SocketClaim } from "../worker/conduct/object-protocol";
import { socketAccess } from "../worker/conduct/recheck";
import type { ServerMessage } from "../worker/conduct/views";

/**
 * The conduct session object's socket helpers (durable-objects/conduct-session.ts): the tags its
 * sockets are found by, closing with a reason the page shows, and the controllers' re-check.
 */

export const GONE_CLOSE_CODE = 4404;
export const ACCESS_CLOSE_CODE = 4403;

export const CONTROLLER_TAG = "role:controller";
export const linkTag = (linkId: string) => `link:${linkId}`;
export const userTag = (userId: string) => `user:${userId}`;

/** A controller's socket is found by its role and its user; a link's by its role and its link. */
export function socketTags(claim: SocketClaim): string[] {
  return claim.role === "controller" ? [CONTROLLER_TAG, userTag(claim.userId)] : [`role:${claim.role}`, linkTag(claim.linkId)];
}

/** Tells each socket why it is closing (the page shows it) and closes it. */
export function closeWith(sockets: WebSocket[], message: string, code: number, reason: string): void {
  const gone = JSON.stringify({ type: "gone", message } satisfies ServerMessage<never>);
  for (const ws of sockets) {
    try {
      ws.send(gone);
      ws.close(code, reason);
    } catch {
      // Already closing.
    }
  }
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
