import type { Env } from "../env";

/** A no-op message the status check sends to prove a queue accepts and delivers messages. */
export type ProbeMessage = { kind: "probe"; sentAt: number };

export function isProbe(body: unknown): body is ProbeMessage {
  return typeof body === "object" && body !== null && (body as { kind?: unknown }).kind === "probe";
}

/** Name of the SchedulerTaskState row that records the last probe a queue delivered. */
export const probeStateName = (queue: string) => `queue-probe:${queue}`;

/**
 * Queue consumers. INGEST and SYNTHESIS carry ids, never documents (messages are at most 128 KB);
 * every consumer is idempotent because delivery is at least once. The document and collaborate
 * issues fill the handlers; until then a message is acknowledged and logged so nothing loops.
 */
export async function handleQueue(batch: MessageBatch<unknown>, env: Env, _ctx: ExecutionContext): Promise<void> {
  let lastProbe = 0;
  for (const message of batch.messages) {
    if (isProbe(message.body)) {
      lastProbe = Math.max(lastProbe, message.timestamp.getTime());
      message.ack();
      continue;
    }
    console.log(`[queue ${batch.queue}] message ${message.id} has no consumer yet; acknowledged`);
    message.ack();
  }
  if (lastProbe) await recordProbe(env, batch.queue, lastProbe);
}

/** Lets /status show that probes are consumed, not only sent. Failure here must not retry the batch. */
async function recordProbe(env: Env, queue: string, sentAt: number): Promise<void> {
  const now = Date.now();
  try {
    await env.DB.prepare(
      `INSERT INTO "SchedulerTaskState" ("id", "name", "lastRun", "isRunning", "createdAt", "updatedAt") VALUES (?1, ?2, ?3, 0, ?4, ?4)
       ON CONFLICT ("name") DO UPDATE SET "lastRun" = max(coalesce("lastRun", 0), ?3), "updatedAt" = ?4`,
    )
      .bind(crypto.randomUUID(), probeStateName(queue), sentAt, now)
      .run();
  } catch (err) {
    console.warn(`[queue ${queue}] could not record probe delivery`, err);
  }
}
