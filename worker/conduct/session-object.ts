import type { Outcome } from "./object-protocol";
import type { AppContext } from "../context";
import { HttpError } from "../lib/errors";

/**
 * The session's Durable Object (one per session, idFromName(sessionId)), and its answers turned back
 * into HttpErrors: refusals cross RPC as data because typed errors do not survive it.
 */
export function sessionObject(ctx: AppContext, sessionId: string) {
  const ns = ctx.env.CONDUCT_SESSION;
  return ns.get(ns.idFromName(sessionId));
}

export async function unwrap<T>(outcome: Promise<Outcome<T>>): Promise<T> {
  const result = await outcome;
  if (result.ok) return result.value;
  throw new HttpError(result.error.status as HttpError["status"], result.error.code, result.error.message);
}
