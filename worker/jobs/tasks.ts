import { expireGrants } from "../billing/service";
import type { AppContext } from "../context";
import { embedPendingDocuments } from "../documents/vectors/semantic";
import { sweepStuckIngestion } from "../documents/enqueue";
import { sweepStuckSyntheses } from "../collaborate/synthesis/sweep";
import { enqueueDueAlerts } from "../alerts/schedule";
import { housekeeping } from "./housekeeping";
import { sendCorrectiveActionReminders } from "../improvement/reminders";
import { sendNotificationDigests } from "../notifications/digest";

/**
 * A scheduled task: a plain function of a context and the run's scheduled time. It returns a
 * short summary for the log, or throws; the runner records either in SchedulerTaskState.
 */
export type ScheduledTask = {
  /** Stable name; the SchedulerTaskState row is keyed by it. */
  name: string;
  run: (ctx: AppContext, scheduledTime: number) => Promise<string>;
};

/**
 * Which tasks each Cron Trigger of wrangler.toml runs. Later issues replace the placeholders
 * with their real functions (one line each); the names stay, so the recorded history carries on.
 */
export const tasksByCron: Record<string, ScheduledTask[]> = {
  "*/15 * * * *": [
    {
      name: "alert-summaries",
      // Only finds due alerts and enqueues them to ALERTS; the queue consumer writes the summaries.
      run: async (ctx, scheduledTime) => {
        const r = await enqueueDueAlerts(ctx, scheduledTime);
        return `${r.enqueued} due alert(s) enqueued in ${r.pages} page(s)${r.capped ? "; more remain for the next tick" : ""}`;
      },
    },
    {
      name: "ingest-sweep",
      // Re-queues documents whose ingestion stalled (a lost message, a restart), then gives up on them.
      run: async (ctx, scheduledTime) => {
        const r = await sweepStuckIngestion(ctx, scheduledTime);
        // And documents whose passages still lack vectors (an embedding outage, a model change).
        const v = await embedPendingDocuments(ctx);
        return `${r.requeued} document(s) re-queued, ${r.failed} marked failed, ${v.embedded} embedded${v.failed ? `, ${v.failed} still without vectors` : ""}`;
      },
    },
    {
      name: "synthesis-sweep",
      // Re-sends campaign syntheses whose message was lost (no progress for 10 minutes), then fails them.
      run: async (ctx, scheduledTime) => {
        const r = await sweepStuckSyntheses(ctx, scheduledTime);
        return `${r.requeued} synthesis run(s) re-queued, ${r.failed} failed`;
      },
    },
  ],
  "0 * * * *": [
    {
      name: "credit-expiry",
      // Expires granted credits past expiresAt through each account's ledger (worker/billing).
      run: async (ctx, scheduledTime) => {
        const r = await expireGrants(ctx, scheduledTime);
        return `${r.expired} grant(s) expired on ${r.accounts} account(s), ${r.failed} failed`;
      },
    },
    {
      name: "notification-digest",
      // Users who chose the daily digest: their set-aside e-mail copies as one e-mail (in the hour DIGEST_HOUR_UTC).
      run: async (ctx, scheduledTime) => {
        const r = await sendNotificationDigests(ctx, scheduledTime);
        return r.skipped ? "not the digest hour" : `${r.users} digest(s) of ${r.items} notification(s) sent${r.failed ? `, ${r.failed} failed` : ""}`;
      },
    },
  ],
  "0 3 * * *": [
    { name: "housekeeping", run: housekeeping },
    {
      name: "corrective-action-reminders",
      // Owners of corrective actions due within a week or overdue: one in-app notice and e-mail each.
      run: async (ctx, scheduledTime) => {
        const r = await sendCorrectiveActionReminders(ctx, scheduledTime);
        return `${r.owners} owner(s) reminded of ${r.actions} action(s)${r.failed ? `, ${r.failed} failed` : ""}${r.capped ? "; more remain for the next run" : ""}`;
      },
    },
  ],
};

export function allTaskNames(): string[] {
  return Object.values(tasksByCron).flatMap((tasks) => tasks.map((t) => t.name));
}
