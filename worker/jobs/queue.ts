import { appContext, type AppContext } from "../context";
import { ingestDocument, markFailed } from "../documents/ingest";
import { isIngestMessage, type IngestMessage } from "../documents/messages";
import type { Env } from "../env";
import { runAlertSummary } from "../alerts/run";
import { isAlertMessage, type AlertMessage } from "../alerts/schedule";
import { failSynthesis, isSynthesisMessage, runSynthesis, SYNTHESIS_GAVE_UP, type SynthesisMessage } from "../collaborate/synthesis/run";
import { nowMs } from "../lib/clock";

/** A no-op message the status check sends to prove a queue accepts and delivers messages. */
export type ProbeMessage = { kind: "probe"; sentAt: number };

function isProbe(body: unknown): body is ProbeMessage {
  return typeof body === "object" && body !== null && (body as { kind?: unknown }).kind === "probe";
}

/** Name of the SchedulerTaskState row that records the last probe a queue delivered. */
export const probeStateName = (queue: string) => `queue-probe:${queue}`;

/**
 * Queue consumers. INGEST, SYNTHESIS and ALERTS carry ids, never documents (messages are at most 128 KB);
 * every consumer is idempotent because delivery is at least once. A message no consumer knows is
 * acknowledged and logged so nothing loops.
 *
 * Each message is acknowledged or retried on its own, and whatever one throws stays with it: a
 * batch holds different tenants' work, and one hostile file must not send the others back to the
 * queue (or, retried with it, to the dead-letter queue). INGEST batches hold one message
 * (wrangler.toml), so a file that exhausts the invocation's CPU or memory takes no other with it.
 */
export async function handleQueue(batch: MessageBatch<unknown>, env: Env, _ctx: ExecutionContext): Promise<void> {
  const ctx = appContext(env);
  let lastProbe = 0;
  for (const message of batch.messages) {
    try {
      const probedAt = await consume(ctx, batch.queue, message);
      if (probedAt) lastProbe = Math.max(lastProbe, probedAt);
    } catch (err) {
      retryAlone(batch.queue, message, err);
    }
  }
  if (lastProbe) await recordProbe(ctx, batch.queue, lastProbe);
}

/** One message to its consumer; answers a probe's send time. */
async function consume(ctx: AppContext, queue: string, message: Message<unknown>): Promise<number | null> {
  const { body } = message;
  if (isProbe(body)) {
    message.ack();
    return message.timestamp.getTime();
  }
  if (isIngestMessage(body)) await handleIngest(ctx, queue, message as Message<IngestMessage>);
  else if (isAlertMessage(body)) await handleAlert(ctx, queue, message as Message<AlertMessage>);
  else if (isSynthesisMessage(body)) await handleSynthesis(ctx, queue, message as Message<SynthesisMessage>);
  else {
    console.log(`[queue ${queue}] message ${message.id} has no consumer yet; acknowledged`);
    message.ack();
  }
  return null;
}

/** A message whose handling threw outside its consumer's own care: retried with backoff, alone. */
function retryAlone(queue: string, message: Message<unknown>, cause: unknown): void {
  try {
    console.error(`[queue ${queue}] message ${message.id} failed outside its consumer (attempt ${message.attempts}); retrying it alone`, cause);
    message.retry({ delaySeconds: Math.min(10 * 2 ** (message.attempts - 1), 300) });
  } catch (err) {
    // Left unacknowledged it is delivered again anyway: nothing here may stop the next message.
    console.error(`[queue ${queue}] a message could not be marked for retry`, err);
  }
}

/** Dead-letter queues end in this suffix (wrangler.toml); their messages have used every retry. */
const isDeadLetterQueue = (queue: string) => queue.endsWith("-dlq");

/**
 * INGEST: parse failures and deleted documents are final (ack); anything else thrown is transient
 * (R2, D1) and retried with backoff until max_retries sends it to the dead-letter queue, whose
 * consumer marks the document failed so the library stops showing it as processing.
 */
async function handleIngest(ctx: AppContext, queue: string, message: Message<IngestMessage>): Promise<void> {
  const { documentId, userId } = message.body;
  if (isDeadLetterQueue(queue)) {
    try {
      await markFailed(ctx, { id: documentId, userId }, "Processing did not finish after several attempts. Try Reprocess.");
      message.ack();
    } catch (err) {
      console.error(`[queue ${queue}] could not mark document ${documentId} failed`, err);
      message.retry({ delaySeconds: 30 });
    }
    return;
  }
  try {
    const result = await ingestDocument(ctx, message.body);
    if (result.outcome === "failed") console.log(`[queue ${queue}] document ${documentId} failed: ${result.error}`);
    message.ack();
  } catch (err) {
    console.error(`[queue ${queue}] ingest of document ${documentId} failed (attempt ${message.attempts}); retrying`, err);
    message.retry({ delaySeconds: Math.min(10 * 2 ** (message.attempts - 1), 300) });
  }
}

/**
 * ALERTS: one AlertSummary per (alertId, triggerDate), idempotent (worker/alerts/run.ts),
 * so a redelivery or a retry after a partial run is safe. Anything thrown (D1, the ledger) is retried
 * with backoff; a message that used every retry lands in the dead-letter queue, whose consumer logs it
 * and acknowledges: the alert's next trigger date has already moved on, so the next window covers it.
 */
async function handleAlert(ctx: AppContext, queue: string, message: Message<AlertMessage>): Promise<void> {
  const { alertId, triggerDate } = message.body;
  if (isDeadLetterQueue(queue)) {
    console.error(`[queue ${queue}] alert ${alertId} summary for ${new Date(triggerDate).toISOString()} failed after every retry; dropped`);
    message.ack();
    return;
  }
  try {
    const result = await runAlertSummary(ctx, message.body);
    if (result.outcome !== "written") console.log(`[queue ${queue}] alert ${alertId} @ ${triggerDate}: ${result.outcome}`);
    message.ack();
  } catch (err) {
    console.error(`[queue ${queue}] alert ${alertId} summary failed (attempt ${message.attempts}); retrying`, err);
    message.retry({ delaySeconds: Math.min(30 * 2 ** (message.attempts - 1), 600) });
  }
}

/**
 * SYNTHESIS: one campaign synthesis run (worker/collaborate/synthesis/run.ts), resumable and
 * charged once per stage, so a redelivery or a retry is safe. Final refusals (no credits) end the
 * run inside; anything thrown is retried with backoff, and the dead-letter consumer marks the run
 * failed so the progress modal stops waiting.
 */
async function handleSynthesis(ctx: AppContext, queue: string, message: Message<SynthesisMessage>): Promise<void> {
  const { campaignId, threadId } = message.body;
  if (isDeadLetterQueue(queue)) {
    try {
      await failSynthesis(ctx, message.body, SYNTHESIS_GAVE_UP);
      message.ack();
    } catch (err) {
      console.error(`[queue ${queue}] could not mark synthesis ${threadId} failed`, err);
      message.retry({ delaySeconds: 30 });
    }
    return;
  }
  try {
    const result = await runSynthesis(ctx, message.body);
    if (result.outcome !== "completed")
      console.log(`[queue ${queue}] synthesis ${threadId} of campaign ${campaignId}: ${result.outcome}${result.error ? ` (${result.error})` : ""}`);
    message.ack();
  } catch (err) {
    console.error(`[queue ${queue}] synthesis ${threadId} failed (attempt ${message.attempts}); retrying`, err);
    message.retry({ delaySeconds: Math.min(15 * 2 ** (message.attempts - 1), 300) });
  }
}

/** Lets /status show that probes are consumed, not only sent. Failure here must not retry the batch. */
async function recordProbe(ctx: AppContext, queue: string, sentAt: number): Promise<void> {
  const now = nowMs();
  try {
    await ctx.env.DB.prepare(
      `INSERT INTO "SchedulerTaskState" ("id", "name", "lastRun", "isRunning", "createdAt", "updatedAt") VALUES (?1, ?2, ?3, 0, ?4, ?4)
       ON CONFLICT ("name") DO UPDATE SET "lastRun" = max(coalesce("lastRun", 0), ?3), "updatedAt" = ?4`,
    )
      .bind(crypto.randomUUID(), probeStateName(queue), sentAt, now)
      .run();
  } catch (err) {
    console.warn(`[queue ${queue}] could not record probe delivery`, err);
  }
}
