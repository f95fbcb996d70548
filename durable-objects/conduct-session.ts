import { DurableObject } from "cloudflare:workers";
import type { Env } from "../worker/env";

/**
 * CONDUCT_SESSION: one object per live conduct session (issue 15) — the session's truth while it
 * runs (clock, timeline state, event sequence), its WebSockets (Hibernation API) and its alarms for
 * scheduled releases. Every event is mirrored to D1 (ConductEvent) by the object itself.
 *
 * Contract stub: the implementation lands with worker/conduct/.
 */
export class ConductSession extends DurableObject<Env> {}
