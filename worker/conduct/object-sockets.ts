import type { SocketClaim } from "./object-protocol";
import type { ServerMessage } from "./views";

/**
 * The session object's sockets (durable-objects/conduct-session.ts): closing them for good — each is
 * told why with a `gone` message, which the page shows instead of reconnecting, then closed with a
 * code of the 4xxx range the app owns — and counting them per link.
 */

/** The link was revoked (or the session is gone): the page says the link no longer works. */
export const GONE_CLOSE_CODE = 4404;
/** An evaluator link after the hot wash: the page says the evaluation window has closed. */
export const EVALUATION_CLOSED_CODE = 4410;

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
