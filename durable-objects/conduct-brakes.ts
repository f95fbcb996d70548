import { CONDUCT_MESSAGES, MAX_SUBMISSIONS_PER_LINK_PER_MINUTE } from "../shared/conduct/model";
import { nowMs } from "../worker/lib/clock";
import { HttpError } from "../worker/lib/errors";

/**
 * The conduct session object's brakes, in memory: the limits stop a leaked or runaway link or page,
 * and an object that hibernated was idle anyway.
 */
export class ConductBrakes {
  /** A link's recent submissions. Re-sends of a stored answer are free (checked before). */
  private recentSubmissions = new Map<string, number[]>();
  /** A socket asking for its state again gets it at most once a second (each resend may read D1). */
  private lastResend = new WeakMap<WebSocket, number>();

  /** Counts a submission from the link, or refuses it (429) past the per-minute limit. */
  countSubmission(linkId: string): void {
    const now = nowMs();
    const recent = (this.recentSubmissions.get(linkId) ?? []).filter((t) => now - t < 60_000);
    if (recent.length >= MAX_SUBMISSIONS_PER_LINK_PER_MINUTE) throw new HttpError(429, "rate_limited", CONDUCT_MESSAGES.tooFast);
    recent.push(now);
    this.recentSubmissions.set(linkId, recent);
  }

  mayResend(ws: WebSocket): boolean {
    const now = nowMs();
    const last = this.lastResend.get(ws);
    if (last !== undefined && now - last < 1_000) return false;
    this.lastResend.set(ws, now);
    return true;
  }
}
