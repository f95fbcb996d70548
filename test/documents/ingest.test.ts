import { createMessageBatch, createExecutionContext, env, getQueueResult } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { appContext, userContext } from "../../worker/context";
import { enqueueIngest } from "../../worker/documents/enqueue";
import { ingestDocument } from "../../worker/documents/ingest";
import type { IngestMessage } from "../../worker/documents/messages";
import { handleQueue } from "../../worker/jobs/queue";
import { nowDate } from "../../worker/lib/clock";
import { createTestUser, type TestUser } from "../helpers/auth";
import { makeDocx, makePdf } from "./ingest-fixtures";
import { chunkCounts, documentRow, statusOf, storeDocument, waitForIngest } from "./ingest-helpers";
import { expectConsoleError } from "../helpers/console";
import { api, expectStatus, json } from "../helpers/api";

const app = appContext(env);
const message = (doc: { id: string; userId: string }): IngestMessage => ({ kind: "ingest", documentId: doc.id, userId: doc.userId });

let user: TestUser;
beforeAll(async () => {
  user = await createTestUser();
});

describe("ingest through the real INGEST queue", () => {
  it("enqueueIngest marks the row queued, the consumer parses it, the row ends ready with an outline", async () => {
    const doc = await storeDocument(user.userId, "plan.md", "# Objectives\nTest the ransomware playbook.\n\n# Roles\nIncident lead.");
    await enqueueIngest(userContext(env, doc.userId), doc.id);
    const queued = await statusOf(doc.id);
    expect(["queued", "processing", "ready"]).toContain(queued.status);

    const status = await waitForIngest(doc.id);
    expect(status).toMatchObject({ status: "ready", progress: 100, chunkCount: 1 });
    const row = await documentRow(doc.id);
    expect(row!.processed).toBe(true);
    expect(row!.structuredContent).toMatchObject({ outline: ["Objectives", "Roles"] });
    expect(await chunkCounts(doc.id)).toEqual({ chunks: 1, fts: 1 });
  });

  it("a corrupt PDF sent through the queue ends failed with a planner-facing message", async () => {
    const doc = await storeDocument(user.userId, "broken.pdf", "%PDF-1.4\nthis is not really a pdf");
    await enqueueIngest(userContext(env, doc.userId), doc.id);
    const status = await waitForIngest(doc.id);
    expect(status.status).toBe("failed");
    expect(status.error).toMatch(/PDF could not be read/);
    expect((await documentRow(doc.id))!.processed).toBe(false);
  });

  it("an upload is queued when it is written and ends ready, with no one listing the library", async () => {
    const planner = await createTestUser({ plan: "SOLO" });
    const form = new FormData();
    form.set("file", new File(["# Shelter plan\nGreywell High opens at 18:00."], "shelter.md"));
    const res = await expectStatus(await api("/api/documents/upload", { method: "POST", user: planner, raw: form }), 201);
    const { document } = await json<{ document: { id: string } }>(res);
    expect((await waitForIngest(document.id)).status).toBe("ready");
  });

  it("a document written straight into D1 (the seed's) is queued by POST /api/dev/seed/ingest, once, and ends ready", async () => {
    const other = await createTestUser();
    const doc = await storeDocument(other.userId, "seeded.txt", "Seeded text about tabletop exercises.");
    const res = await expectStatus(await api("/api/dev/seed/ingest", { method: "POST" }), 200);
    expect((await json<{ queued: number }>(res)).queued).toBeGreaterThanOrEqual(1);
    expect(["queued", "processing", "ready"]).toContain((await statusOf(doc.id)).status);
    expect((await waitForIngest(doc.id)).status).toBe("ready");
    // Queued once: a second call leaves it alone (it has a status now).
    await expectStatus(await api("/api/dev/seed/ingest", { method: "POST" }), 200);
    expect(await statusOf(doc.id)).toMatchObject({ status: "ready" });
  });

  it("listing the library is a read: it queues nothing, not even a never-queued document", async () => {
    const owner = await createTestUser();
    const doc = await storeDocument(owner.userId, "untouched.txt", "Never queued.");
    const listed = await json<{ documents: { id: string }[] }>(await expectStatus(await api("/api/documents", { user: owner }), 200));
    expect(listed.documents.map((d) => d.id)).toEqual([doc.id]);
    expect((await documentRow(doc.id))!.structuredContent).toBeNull();
  });
});

describe("ingestDocument", () => {
  it("is idempotent: re-ingesting gives the same chunks and no duplicate FTS rows", async () => {
    const text = Array.from({ length: 40 }, (_, i) => `Paragraph ${i} describes inject number ${i} for the exercise.`).join("\n\n");
    const doc = await storeDocument(user.userId, "long.txt", text);
    const first = await ingestDocument(app, message(doc));
    expect(first).toMatchObject({ outcome: "ready" });
    const counts = await chunkCounts(doc.id);
    expect(counts.chunks).toBeGreaterThan(1);
    expect(counts.fts).toBe(counts.chunks);

    const second = await ingestDocument(app, message(doc));
    expect(second).toEqual(first);
    expect(await chunkCounts(doc.id)).toEqual(counts);
  });

  it("parses docx and pdf, keeping page numbers in the index", async () => {
    const docx = await storeDocument(
      user.userId,
      "brief.docx",
      makeDocx([
        ["Heading1", "Scenario"],
        [null, "Supplier outage."],
      ]),
    );
    expect(await ingestDocument(app, message(docx))).toMatchObject({ outcome: "ready", chunkCount: 1 });
    const pdf = await storeDocument(user.userId, "pages.pdf", await makePdf([["First page words"], ["Second page words"]]));
    expect(await ingestDocument(app, message(pdf))).toMatchObject({ outcome: "ready", chunkCount: 2 });
    const pages = await env.DB.prepare(`SELECT "page", "content" FROM "DocumentChunkFts" WHERE "documentId" = ?1 ORDER BY "position"`)
      .bind(pdf.id)
      .all<{ page: number; content: string }>();
    expect(pages.results).toEqual([
      { page: 1, content: "Page 1\nFirst page words" },
      { page: 2, content: "Page 2\nSecond page words" },
    ]);
  });

  it("a message for a deleted document (or for someone else's id) does nothing and is acked", async () => {
    const doc = await storeDocument(user.userId, "gone.txt", "text");
    const intruder = await createTestUser();
    expect(await ingestDocument(app, { ...message(doc), userId: intruder.userId })).toEqual({ outcome: "missing" });
    expect(await statusOf(doc.id)).toMatchObject({ status: "queued", progress: 0 });

    await env.DB.prepare(`DELETE FROM "Document" WHERE "id" = ?1`).bind(doc.id).run();
    const batch = createMessageBatch("readyroom-ingest", [{ id: "m1", timestamp: nowDate(), attempts: 1, body: message(doc) }]);
    const ctx = createExecutionContext();
    await handleQueue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual(["m1"]);
    expect(result.retryMessages).toEqual([]);
  });

  it("a document deleted while its file was being parsed ends as missing, leaving no chunks", async () => {
    const doc = await storeDocument(user.userId, "racing.txt", "Text that arrives after the row is gone.");
    const racingEnv = {
      ...env,
      UPLOADS: {
        get: async (key: string) => {
          const object = await env.UPLOADS.get(key);
          await env.DB.prepare(`DELETE FROM "Document" WHERE "id" = ?1`).bind(doc.id).run();
          return object;
        },
      } as unknown as R2Bucket,
    };
    expect(await ingestDocument(appContext(racingEnv), message(doc))).toEqual({ outcome: "missing" });
    expect(await chunkCounts(doc.id)).toEqual({ chunks: 0, fts: 0 });
  });

  it("a file missing from R2 or an empty file fails permanently; the consumer acks it", async () => {
    const empty = await storeDocument(user.userId, "empty.md", "  \n");
    const missing = await storeDocument(user.userId, "missing.txt", "x");
    await env.UPLOADS.delete(missing.path!);
    const batch = createMessageBatch("readyroom-ingest", [
      { id: "a", timestamp: nowDate(), attempts: 1, body: message(empty) },
      { id: "b", timestamp: nowDate(), attempts: 1, body: message(missing) },
    ]);
    const ctx = createExecutionContext();
    await handleQueue(batch, env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks.sort()).toEqual(["a", "b"]);
    expect(await statusOf(empty.id)).toMatchObject({ status: "failed", error: expect.stringMatching(/empty/) });
    expect(await statusOf(missing.id)).toMatchObject({ status: "failed", error: expect.stringMatching(/missing/) });
  });

  it("a transient error is retried, and the dead-letter queue marks a stuck document failed", async () => {
    expectConsoleError(/failed \(attempt 1\); retrying Error: R2 unavailable/);
    const doc = await storeDocument(user.userId, "flaky.txt", "Some text.");
    await enqueueIngest(userContext(env, doc.userId), doc.id);
    const failingEnv = {
      ...env,
      UPLOADS: { get: () => Promise.reject(new Error("R2 unavailable")) } as unknown as R2Bucket,
    };
    const batch = createMessageBatch("readyroom-ingest", [{ id: "t", timestamp: nowDate(), attempts: 1, body: message(doc) }]);
    const ctx = createExecutionContext();
    await handleQueue(batch, failingEnv, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual([]);
    expect(result.retryMessages.map((m) => m.msgId)).toEqual(["t"]);

    // Force the queued state back (the real queue may have already processed the enqueued message).
    await env.DB.prepare(`UPDATE "Document" SET "processed" = 0, "structuredContent" = ?1 WHERE "id" = ?2`)
      .bind(JSON.stringify({ ingest: { status: "processing", progress: 10, updatedAt: nowDate().toISOString() } }), doc.id)
      .run();
    const dead = createMessageBatch("readyroom-ingest-dlq", [{ id: "d", timestamp: nowDate(), attempts: 4, body: message(doc) }]);
    const deadCtx = createExecutionContext();
    await handleQueue(dead, env, deadCtx);
    expect((await getQueueResult(dead, deadCtx)).explicitAcks).toEqual(["d"]);
    expect(await statusOf(doc.id)).toMatchObject({ status: "failed", error: expect.stringMatching(/Reprocess/) });
  });

  it("a 1 MB text file ingests in one batch within D1's limits", async () => {
    const paragraph = "The incident commander reviews the ransomware playbook with legal and communications. ";
    const text = Array.from({ length: Math.ceil(1_048_576 / paragraph.length / 6) }, (_, i) => `${i}: ${paragraph.repeat(6)}`).join("\n\n");
    expect(text.length).toBeGreaterThan(1_000_000);
    const doc = await storeDocument(user.userId, "big.txt", text);
    // Printed, not asserted (as the export render times): a measurement, not a clock reading.
    const started = performance.now();
    const result = await ingestDocument(app, message(doc));
    const elapsed = Math.round(performance.now() - started);
    expect(result).toMatchObject({ outcome: "ready" });
    const counts = await chunkCounts(doc.id);
    expect(counts.chunks).toBeGreaterThan(800);
    expect(counts.fts).toBe(counts.chunks);
    console.log(`1 MB text: ${counts.chunks} chunks in ${elapsed} ms`);
  });
});
