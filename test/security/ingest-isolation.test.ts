import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { PDFDocument } from "pdf-lib";
import { beforeAll, describe, expect, it } from "vitest";
import { appContext } from "../../worker/context";
import { ingestDocument } from "../../worker/documents/ingest";
import type { IngestMessage } from "../../worker/documents/messages";
import type { Env } from "../../worker/env";
import { handleQueue } from "../../worker/jobs/queue";
import { createTestUser, type TestUser } from "../helpers/auth";
import { expectConsoleError } from "../helpers/console";
import { aiEnv } from "../conversations/helpers";
import { makePdf } from "../documents/ingest-fixtures";
import { chunkCounts, statusOf, storeDocument } from "../documents/ingest-helpers";

// Issue 27 item 18: one hostile file cannot fail other tenants' documents, and a PDF past the page
// cap is refused, with a message saying what to do, before any page is read or recognised.

const message = (doc: { id: string; userId: string }): IngestMessage => ({ kind: "ingest", documentId: doc.id, userId: doc.userId });

let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  [alice, bob] = await Promise.all([createTestUser(), createTestUser()]);
});

describe("the INGEST consumer handles each message on its own", () => {
  it("a message that throws while it is read is retried alone; the next tenant's document is still processed", async () => {
    expectConsoleError(/failed outside its consumer \(attempt 1\); retrying it alone/);
    const hostile = await storeDocument(alice.userId, "hostile.md", "# Hostile");
    const innocent = await storeDocument(bob.userId, "innocent.md", "# Shelter\n\nGreywell High opens at 18:00.\n");
    const batch = createMessageBatch("readyroom-ingest", [
      { id: "hostile", timestamp: new Date(0), attempts: 1, body: message(hostile) },
      { id: "innocent", timestamp: new Date(0), attempts: 1, body: message(innocent) },
    ]);
    // The first message throws from under the consumer (as a body that cannot be read would): its
    // own ack and retry still work, they are the real message's.
    const [first, second] = batch.messages;
    const throwing = new Proxy(first!, {
      get(target, key) {
        if (key === "body") throw new Error("unreadable message body");
        const value = Reflect.get(target, key, target);
        return typeof value === "function" ? value.bind(target) : value;
      },
    });
    const ctx = createExecutionContext();
    const view: MessageBatch<unknown> = {
      queue: batch.queue,
      metadata: batch.metadata,
      messages: [throwing, second!],
      ackAll: () => batch.ackAll(),
      retryAll: (options) => batch.retryAll(options),
    };
    await handleQueue(view, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.retryMessages).toEqual([{ msgId: "hostile" }]);
    expect(result.explicitAcks).toEqual(["innocent"]);
    expect(result.retryBatch.retry).toBeFalsy();
    expect(await statusOf(innocent.id)).toMatchObject({ status: "ready" });
  });

  it("a file whose reading throws is retried alone; the document after it in the batch ends Ready", async () => {
    expectConsoleError(/ingest of document .* failed \(attempt 1\); retrying/);
    const hostile = await storeDocument(alice.userId, "hostile.txt", "Hostile.");
    const innocent = await storeDocument(bob.userId, "innocent.txt", "Sandbags staged at Harlow Park.");
    const hostileEnv = {
      ...env,
      // Only reading the hostile file throws; everything else (the reading copy written beside each document) is the real bucket.
      UPLOADS: {
        get: (key: string) => (key === hostile.path ? Promise.reject(new RangeError("Maximum call stack size exceeded")) : env.UPLOADS.get(key)),
        put: (...args: Parameters<R2Bucket["put"]>) => env.UPLOADS.put(...args),
        head: (key: string) => env.UPLOADS.head(key),
        delete: (keys: string | string[]) => env.UPLOADS.delete(keys),
      } as unknown as R2Bucket,
    } as Env;
    const batch = createMessageBatch("readyroom-ingest", [
      { id: "hostile", timestamp: new Date(0), attempts: 1, body: message(hostile) },
      { id: "innocent", timestamp: new Date(0), attempts: 1, body: message(innocent) },
    ]);
    const ctx = createExecutionContext();
    await handleQueue(batch, hostileEnv, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.retryMessages).toEqual([{ msgId: "hostile" }]);
    expect(result.explicitAcks).toEqual(["innocent"]);
    expect(await statusOf(innocent.id)).toMatchObject({ status: "ready" });
  });
});

describe("PDF page cap", () => {
  const capped = (pages: number, base: Env = env as Env) => ({ ...base, DOCUMENTS_MAX_PDF_PAGES: String(pages) }) as Env;

  it("a real PDF with more pages than the cap ends Failed with a message saying to split it, nothing indexed", async () => {
    const pdf = await makePdf([["Annex A"], ["Annex B"], ["Annex C"], ["Annex D"]]);
    const doc = await storeDocument(alice.userId, "four-pages.pdf", pdf);
    const outcome = await ingestDocument(appContext(capped(3)), message(doc));
    const error = "This PDF has 4 pages; the limit is 3. Split it into parts of at most 3 pages and upload each part.";
    expect(outcome).toEqual({ outcome: "failed", error });
    expect(await statusOf(doc.id)).toMatchObject({ status: "failed", error });
    expect(await chunkCounts(doc.id)).toEqual({ chunks: 0, fts: 0 });
    // At the cap it is read as usual.
    expect(await ingestDocument(appContext(capped(4)), message(doc))).toMatchObject({ outcome: "ready", chunkCount: 4 });
  });

  it("a scanned PDF past the cap is refused before text recognition reads a page", async () => {
    const res = await fetch(`${env.FAKE_ORIGIN}/fixtures/documents/scanned.pdf`);
    const scan = await PDFDocument.load(await res.arrayBuffer());
    const twoPages = await PDFDocument.create();
    for (const page of await twoPages.copyPages(scan, [0, 0])) twoPages.addPage(page);
    const bytes = await twoPages.save();
    const doc = await storeDocument(alice.userId, "scan.pdf", bytes.slice().buffer);
    // A vision engine is configured: under the cap its pages are recognised.
    const withOcr = aiEnv() as Env;
    expect(await ingestDocument(appContext(capped(1, withOcr)), message(doc))).toEqual({
      outcome: "failed",
      error: "This PDF has 2 pages; the limit is 1. Split it into parts of at most 1 page and upload each part.",
    });
    expect(await ingestDocument(appContext(capped(2, withOcr)), message(doc))).toMatchObject({ outcome: "ready" });
  });
});
