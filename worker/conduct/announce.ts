import type { AppContext } from "../context";
import { sessionObject } from "./session-object";

/**
 * Tells a session's open pages that something they show changed outside its object — the EEG
 * evaluators read, the feedback count controllers see — so they update without waiting for the
 * next event. Best effort: the change itself is already stored, so a failure here only logs.
 */
export async function announceSessionChange(ctx: AppContext, sessionId: string, who: "controller" | "all"): Promise<void> {
  try {
    await sessionObject(ctx, sessionId).refresh(who);
  } catch (error) {
    console.warn("conduct: could not refresh the session's sockets", sessionId, error instanceof Error ? error.message : error);
  }
}
