import type { Env } from "../env";

/**
 * Queue consumers. INGEST and SYNTHESIS carry ids, never documents (messages are at most 128 KB);
 * every consumer is idempotent because delivery is at least once. The document and collaborate
 * issues fill the handlers; until then a message is acknowledged and logged so nothing loops.
 */
export async function handleQueue(batch: MessageBatch<unknown>, _env: Env, _ctx: ExecutionContext): Promise<void> {
  for (const message of batch.messages) {
    console.log(`[queue ${batch.queue}] message ${message.id} has no consumer yet; acknowledged`);
    message.ack();
  }
}
