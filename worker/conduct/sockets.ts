import { SOCKET_CLAIM_HEADER, type SocketClaim } from "./object-protocol";
import type { AppContext, UserContext } from "../context";
import { forbidden, HttpError } from "../lib/errors";
import { isCrossSite } from "../lib/same-origin";
import { findSession } from "./access";
import { findConductLink } from "./public";
import { noteWatcher } from "./recheck";
import { sessionObject } from "./session-object";

/**
 * The session's WebSockets (issue 15). The Worker decides who may connect and what the socket is —
 * a controller's (with the caller's access: a read-only viewer's socket only watches; commands are
 * REST), a player group's or an evaluator's — and hands the upgrade to the session's object, which
 * accepts it with the Hibernation API and sends the state at once.
 *
 * An upgrade is a GET, which the API's same-origin check lets through; a controller socket rides on
 * the session cookie, so a page on another site could open one and read the console (cross-site
 * WebSocket hijacking). Its Origin must be the app's. Link sockets carry their own secret in the
 * path and no cookie, so any origin may open them (a phone on the app's page, a kiosk).
 */

const UPGRADE_REQUIRED = "This address takes a WebSocket connection.";

function requireUpgrade(request: Request): void {
  if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") throw new HttpError(426, "upgrade_required", UPGRADE_REQUIRED);
}

/** `authSessionId`: the sign-in the socket rides on; the socket closes when it ends (worker/conduct/recheck.ts). */
export async function openControllerSocket(ctx: UserContext, request: Request, sessionId: string, authSessionId: string): Promise<Response> {
  requireUpgrade(request);
  // Browsers always send Origin on a WebSocket handshake; a non-browser client has no cookie to abuse.
  const origin = request.headers.get("origin") ?? undefined;
  if (origin !== undefined && isCrossSite(undefined, origin, [new URL(request.url).origin, new URL(ctx.config.APP_URL).origin])) {
    throw forbidden("Cross-site requests are not accepted. Use Readyroom from its own address.");
  }
  const session = await findSession(ctx, sessionId, "read");
  await noteWatcher(ctx, ctx.user.id, session.id);
  return forward(ctx, session.id, { role: "controller", access: session.access, userId: ctx.user.id, authSessionId });
}

export async function openLinkSocket(ctx: AppContext, request: Request, token: string): Promise<Response> {
  requireUpgrade(request);
  const { link, session, role } = await findConductLink(ctx, token);
  return forward(ctx, session.id, { role, linkId: link.id });
}

function forward(ctx: AppContext, sessionId: string, claim: SocketClaim): Promise<Response> {
  return sessionObject(ctx, sessionId).fetch("https://conduct-session/socket", {
    headers: { upgrade: "websocket", [SOCKET_CLAIM_HEADER]: JSON.stringify(claim) },
  });
}
