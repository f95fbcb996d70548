import type { AppContext } from "../context";
import { CADENCE_INTERVAL_MS, dueTriggerDate, isCadence } from "../../shared/alerts/cadence";

/**
 * The cron side of news alerts (the `alert-summaries` task, every 15 minutes, run under its
 * SchedulerTaskState lease by worker/jobs/scheduled.ts). It ONLY finds the alerts that are due and
 * hands them to the ALERTS queue, so no summary is written inside the cron invocation and 10,000
 * due alerts cost a few dozen queries and sendBatch calls, not 10,000 searches.
 *
 * Each page: the oldest due alerts (isActive = 1 AND nextRunAt <= tick, on the
 * Alert_isActive_nextRunAt index), their messages sent in batches of 100, then one statement that
 * moves each alert's nextRunAt past the tick (compare-and-set on the value read). A moved alert is
 * no longer due, so the next page is again "the oldest due" — no offset, no cursor. A crash
 * between send and move re-sends the same (alertId, triggerDate) next tick; the consumer's unique
 * key makes that a no-op.
 */

export type AlertMessage = { kind: "alert-summary"; alertId: string; userId: string; triggerDate: number };

export function isAlertMessage(body: unknown): body is AlertMessage {
  if (typeof body !== "object" || body === null) return false;
  const b = body as Record<string, unknown>;
  return b.kind === "alert-summary" && typeof b.alertId === "string" && typeof b.userId === "string" && typeof b.triggerDate === "number";
}

/** What the enqueuer needs of a Queue binding (tests pass a recorder). */
export type AlertQueue = { sendBatch(messages: Iterable<MessageSendRequest<unknown>>): Promise<unknown> };

/** Alerts read per page; each page's messages go out in sendBatch calls of SEND_BATCH (the platform's cap is 100). */
const DUE_PAGE_SIZE = 500;
const SEND_BATCH = 100;
/** One run enqueues at most this many; the rest are still due and go at the next tick. */
const MAX_ENQUEUED_PER_RUN = 50_000;

export type EnqueueResult = { enqueued: number; pages: number; capped: boolean };

type DueRow = { id: string; userId: string; cadence: string; nextRunAt: number };

export async function enqueueDueAlerts(
  ctx: AppContext,
  scheduledTime: number,
  options: { queue?: AlertQueue; pageSize?: number; maxPerRun?: number } = {},
): Promise<EnqueueResult> {
  const queue = options.queue ?? (ctx.env.ALERTS as AlertQueue);
  const pageSize = options.pageSize ?? DUE_PAGE_SIZE;
  const maxPerRun = options.maxPerRun ?? MAX_ENQUEUED_PER_RUN;
  let enqueued = 0;
  let pages = 0;
  for (;;) {
    if (enqueued >= maxPerRun) return { enqueued, pages, capped: true };
    const limit = Math.min(pageSize, maxPerRun - enqueued);
    const { results } = await ctx.env.DB.prepare(
      `SELECT "id", "userId", "cadence", "nextRunAt" FROM "Alert"
       WHERE "isActive" = 1 AND "nextRunAt" <= ?1
       ORDER BY "nextRunAt", "id" LIMIT ?2`,
    )
      .bind(scheduledTime, limit)
      .all<DueRow>();
    if (results.length === 0) return { enqueued, pages, capped: false };
    pages++;

    const planned = results.map((row) => {
      const cadence = isCadence(row.cadence) ? row.cadence : "daily";
      const triggerDate = dueTriggerDate(row.nextRunAt, cadence, scheduledTime) ?? row.nextRunAt;
      return { row, triggerDate, next: triggerDate + CADENCE_INTERVAL_MS[cadence] };
    });
    for (let i = 0; i < planned.length; i += SEND_BATCH) {
      const messages = planned.slice(i, i + SEND_BATCH).map(({ row, triggerDate }) => {
        const body: AlertMessage = { kind: "alert-summary", alertId: row.id, userId: row.userId, triggerDate };
        return { body, contentType: "json" as const };
      });
      await queue.sendBatch(messages);
    }
    // One statement per page (one bound parameter: a JSON array), compare-and-set on the value read,
    // so an edit made meanwhile (a resume, a cadence change) is not overwritten.
    await ctx.env.DB.prepare(
      `UPDATE "Alert" SET "nextRunAt" = json_extract(j.value, '$.next')
       FROM json_each(?1) AS j
       WHERE "Alert"."id" = json_extract(j.value, '$.id') AND "Alert"."nextRunAt" = json_extract(j.value, '$.was')`,
    )
      .bind(JSON.stringify(planned.map((p) => ({ id: p.row.id, was: p.row.nextRunAt, next: p.next }))))
      .run();
    enqueued += planned.length;
    // A short page was the last one. (Re-reading is bounded anyway: every page counts toward maxPerRun.)
    if (results.length < limit) return { enqueued, pages, capped: false };
  }
}
