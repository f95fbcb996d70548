import type { ActorRole } from "../../shared/db/conduct-shapes";
import type { SessionAccess } from "./access";

/**
 * What the Worker and the session's object (durable-objects/conduct-session.ts) exchange besides the
 * wire views. Refusals cross RPC as data (`Outcome`): typed errors do not survive it.
 */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: { status: number; code: string; message: string } };

/** Who made an event: a signed-in controller (user id), a link (ConductToken id), or the clock. */
export type Actor = { role: ActorRole; id: string | null; label: string };

/**
 * What the Worker's socket routes tell the object about a socket (the object trusts only its Worker).
 * A controller's names who opened it and with which sign-in, so it can be re-checked when their
 * access changes or that sign-in ends (worker/conduct/recheck.ts).
 */
export type SocketClaim = ({ role: "controller"; access: SessionAccess } & ControllerIdentity) | { role: "player" | "evaluator"; linkId: string };

export type ControllerIdentity = { userId: string; authSessionId: string };

/** The request header that carries the SocketClaim on the upgrade the Worker forwards. */
export const SOCKET_CLAIM_HEADER = "x-conduct-socket";
