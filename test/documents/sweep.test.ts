import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appContext } from "../../worker/context";
import { getDb } from "../../worker/db/client";
import { documents } from "../../worker/db/schema";
import { MAX_INGEST_SWEEPS, STALE_INGEST_MS, SWEEP_GAVE_UP_MESSAGE } from "../../worker/documents/enqueue";
import { withIngestStatus } from "../../shared/documents/status";
import { runTask } from "../../worker/jobs/scheduled";
import { tasksByCron } from "../../worker/jobs/tasks";
import { createTestUser } from "../helpers/auth";
import { documentRow, statusOf, storeDocument, waitForIngest } from "./ingest-helpers";

// Issue 11: ingestion recovers by itself. The Cron sweeps documents stuck without progress past
// the lease and re-queues them, a few times at most, then marks them failed with a message.

const STUCK_AT = "2026-01-05T09:00:00.000Z";
/** A Cron run just past the lease of a document last touched at STUCK_AT. */
const SWEEP_AT = Date.parse(STUCK_AT) + STALE_INGEST_MS + 60_000;
const sweepTask = tasksByCron["*/15 * * * *"]!.find((t) => t.name === "ingest-sweep")!;

async function setIngest(id: string, ingest: { status: "queued" | "processing"; progress: number }, sweeps?: number) {
  const row = await documentRow(id);
  await getDb(env.DB)
    .update(documents)
    .set({
      structuredContent: withIngestStatus(row!.structuredContent, { ...ingest, updatedAt: STUCK_AT }, sweeps === undefined ? {} : { ingestSweeps: sweeps }),
    })
    .where(eq(documents.id, id));
}

describe("the ingest sweep (Cron, every 15 minutes)", () => {
  it("re-queues every tenant's stalled documents, which then end Ready; a document still moving is left alone", async () => {
    const [alice, bob] = await Promise.all([createTestUser(), createTestUser()]);
    const lostMessage = await storeDocument(alice.userId, "lost.md", "# Shelters\nLincoln High School opens first.");
    await setIngest(lostMessage.id, { status: "queued", progress: 0 });
    const diedMidway = await storeDocument(bob.userId, "midway.txt", "Feeding plan for the Riverside shelter.");
    await setIngest(diedMidway.id, { status: "processing", progress: 40 });
    const neverQueued = await storeDocument(bob.userId, "seeded.txt", "Seeded text about the EOC.");
    const moving = await storeDocument(alice.userId, "moving.txt", "Still being processed.");
    const movingStatus = { status: "processing" as const, progress: 40, updatedAt: new Date(SWEEP_AT - 60_000).toISOString() };
    await getDb(env.DB)
      .update(documents)
      .set({ structuredContent: withIngestStatus(null, movingStatus) })
      .where(eq(documents.id, moving.id));

    const outcome = await runTask(appContext(env), sweepTask, SWEEP_AT);
    expect(outcome).toMatchObject({ outcome: "ran", summary: expect.stringMatching(/re-queued/) });
    for (const doc of [lostMessage, diedMidway, neverQueued]) {
      expect((await waitForIngest(doc.id)).status, doc.filename!).toBe("ready");
      expect((await documentRow(doc.id))!.structuredContent).toMatchObject({ ingestSweeps: 1 });
    }
    expect(await statusOf(moving.id)).toEqual(movingStatus);
  });

  it(`gives up after ${MAX_INGEST_SWEEPS} re-queues: the document ends Failed with what to do, and a later sweep leaves it`, async () => {
    const user = await createTestUser();
    const doc = await storeDocument(user.userId, "cursed.txt", "Never finishes.");
    await setIngest(doc.id, { status: "processing", progress: 10 }, MAX_INGEST_SWEEPS);
    // A later Cron run than the first test's: a task runs once per scheduled time.
    expect(await runTask(appContext(env), sweepTask, SWEEP_AT + 15 * 60_000)).toMatchObject({
      outcome: "ran",
      summary: expect.stringMatching(/1 marked failed/),
    });
    expect(await statusOf(doc.id)).toMatchObject({ status: "failed", error: SWEEP_GAVE_UP_MESSAGE });
    const failed = await documentRow(doc.id);
    await runTask(appContext(env), sweepTask, SWEEP_AT + STALE_INGEST_MS * 2);
    expect((await documentRow(doc.id))!.structuredContent).toEqual(failed!.structuredContent);
  });
});
