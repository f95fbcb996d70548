import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { userContext } from "../../worker/context";
import { getDb } from "../../worker/db/client";
import { documents } from "../../worker/db/schema";
import { reserveDailyBytes } from "../../worker/documents/limits";
import { reprocessDocument, updateDocument } from "../../worker/documents/service";
import type { Env } from "../../worker/env";
import { api, apiError, expectStatus, json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { balance, grant, stripePlan } from "../conversations/helpers";
import { documentRow, storeDocument } from "../documents/ingest-helpers";

// Issue 27 item 9 (M4): reading a file again (Reprocess, a new description) is admitted and paid
// exactly like its upload: an active plan, a slot in flight, the day's bytes, and credits when a
// paid engine (embeddings, text recognition) runs on it.

const MB = 1024 * 1024;
const NOW = Date.UTC(2027, 2, 10, 15);

/**
 * A deployment whose ingestion embeds every passage (the fake OpenAI-compatible /embeddings). Its
 * INGEST messages go nowhere: the local consumer must not move a document while a test sets its status.
 */
const paidEnv = () =>
  ({
    ...env,
    EMBEDDINGS_BASE_URL: `${env.FAKE_ORIGIN}/v1`,
    EMBEDDINGS_API_KEY: "sk-fake-test",
    EMBEDDINGS_MODEL: "fake-embed-1",
    INGEST: { send: async () => undefined },
  }) as unknown as Env;

/** A document stored and already Ready, with `size` recorded as its upload's, and no INGEST message in flight. */
async function readyDocument(user: TestUser, size = 100, description?: string) {
  const doc = await storeDocument(user.userId, "plan.md", "# Plan\n\nShelter at Greywell High.\n");
  const structuredContent = {
    upload: { size },
    ingest: { status: "ready" as const, progress: 100, chunkCount: 1, updatedAt: new Date(NOW - 60_000).toISOString() },
    ...(description ? { description } : {}),
  };
  await getDb(env.DB).update(documents).set({ processed: true, structuredContent }).where(eq(documents.id, doc.id));
  return doc.id;
}

const reprocess = (user: TestUser, id: string, e: object = env) => api(`/api/documents/${id}/reprocess`, { method: "POST", user, env: e });
const patch = (user: TestUser, id: string, body: object, e: object = env) => api(`/api/documents/${id}`, { method: "PATCH", user, body, env: e });

/** A user whose account holds exactly `credits` (a Stripe plan gets no lazy monthly allowance). */
async function payingUser(credits: number): Promise<TestUser> {
  const user = await stripePlan(await createTestUser({ plan: "SOLO" }));
  if (credits > 0) await grant(user.accountId, credits);
  return user;
}

describe("reprocessing is paid like an upload", () => {
  it("an upload and a Reprocess of the same file each charge its credits when ingestion embeds", async () => {
    const user = await payingUser(50);
    const e = paidEnv();
    const form = new FormData();
    form.append("file", new File(["x".repeat(MB + 1)], "big.txt"));
    const uploaded = await json(await expectStatus(await api("/api/documents/upload", { method: "POST", user, raw: form, env: e }), 201));
    // One credit per started MB: 2 for a file just over 1 MB.
    expect(await balance(user.accountId)).toEqual({ current: 48, pending: 0 });

    // Ready (or failed) first: here set directly, so the local queue's timing does not matter.
    const id = uploaded.document.id as string;
    await getDb(env.DB)
      .update(documents)
      .set({
        processed: true,
        structuredContent: { upload: { size: MB + 1 }, ingest: { status: "ready", progress: 100, updatedAt: new Date(NOW).toISOString() } },
      })
      .where(eq(documents.id, id));
    await expectStatus(await reprocess(user, id, e), 202);
    expect(await balance(user.accountId)).toEqual({ current: 46, pending: 0 });
  });

  it("a new description that reads the file again is charged; out of credits it is 402 and nothing is saved", async () => {
    const user = await payingUser(1);
    const e = paidEnv();
    const id = await readyDocument(user);
    await expectStatus(await patch(user, id, { description: "Superseded by the 2027 plan." }, e), 200);
    expect(await balance(user.accountId)).toEqual({ current: 0, pending: 0 });

    await getDb(env.DB)
      .update(documents)
      .set({
        structuredContent: {
          upload: { size: 100 },
          description: "Superseded by the 2027 plan.",
          ingest: { status: "ready", progress: 100, updatedAt: new Date(NOW).toISOString() },
        },
      })
      .where(eq(documents.id, id));
    const before = await documentRow(id);
    for (const res of [await patch(user, id, { description: "Kept for the Odalys review." }, e), await reprocess(user, id, e)]) {
      expect(res.status).toBe(402);
      expect(await apiError(res)).toMatchObject({ message: "Credit limit exceeded", code: "credit_limit_exceeded" });
    }
    expect(await documentRow(id)).toEqual(before);
  });

  it("a rename, an unchanged description, or a new one where no paid engine runs stays free", async () => {
    const user = await payingUser(10);
    const id = await readyDocument(user, 100, "Fuel note.");
    const e = paidEnv();
    const renamed = await json(await expectStatus(await patch(user, id, { name: "Fuel plan", description: "Fuel note." }, e), 200));
    expect(renamed.document).toMatchObject({ name: "Fuel plan", status: { status: "ready" } });
    // Keyword-only (no embedder, no text recognition for a .md): read again, but nothing is paid for.
    const described = await json(await expectStatus(await patch(user, id, { description: "Generator fuel for 72 hours." }), 200));
    expect(described.document.status.status).toBe("queued");
    expect(await balance(user.accountId)).toEqual({ current: 10, pending: 0 });
  });
});

describe("reprocessing is bounded like an upload", () => {
  let owner: TestUser;
  beforeAll(async () => {
    owner = await createTestUser({ plan: "SOLO" });
  });

  it("needs an active plan: 402 saying where to choose one, nothing queued or saved", async () => {
    const lapsed = await createTestUser({ plan: null });
    const id = await readyDocument(lapsed);
    const before = await documentRow(id);
    const res = await reprocess(lapsed, id);
    expect(res.status).toBe(402);
    expect(await apiError(res)).toMatchObject({
      code: "subscription_required",
      message: "An active subscription is required to process documents again. Choose a plan at /account/pricing.",
    });
    const described = await patch(lapsed, id, { description: "A new description." });
    expect(described.status).toBe(402);
    expect((await apiError(described)).message).toBe("An active subscription is required to index a new description. Choose a plan at /account/pricing.");
    expect(await documentRow(id)).toEqual(before);
  });

  it("counts against the documents in flight: 429 saying what to do, nothing queued", async () => {
    const e = { ...env, DOCUMENTS_MAX_IN_FLIGHT: "2" };
    const id = await readyDocument(owner);
    await storeDocument(owner.userId, "waiting-1.md", "# One");
    await storeDocument(owner.userId, "waiting-2.md", "# Two");
    const before = await documentRow(id);
    const res = await reprocess(owner, id, e);
    expect(res.status).toBe(429);
    expect(await apiError(res)).toMatchObject({
      code: "upload_limit",
      limit: "in_flight",
      message: "You have 2 documents waiting to be processed, the most one person can have at once. Wait until some show Ready, then use Reprocess again.",
    });
    const described = await patch(owner, id, { description: "Annex K." }, e);
    expect(described.status).toBe(429);
    expect((await apiError(described)).message).toMatch(/Wait until some show Ready, then save the description again\.$/);
    expect(await documentRow(id)).toEqual(before);
  });

  it("a document still being processed is neither reprocessed nor re-described: 409 saying what to do", async () => {
    const id = await readyDocument(owner);
    const queued = { upload: { size: 100 }, ingest: { status: "processing", progress: 40, updatedAt: new Date(NOW).toISOString() } };
    await getDb(env.DB).update(documents).set({ processed: false, structuredContent: queued }).where(eq(documents.id, id));
    const ctx = userContext(env as Env, owner.userId);
    await expect(reprocessDocument(ctx, id, NOW)).rejects.toMatchObject({
      status: 409,
      code: "already_queued",
      message: "This document is already queued for processing.",
    });
    await expect(updateDocument(ctx, id, { description: "Annex K." }, NOW)).rejects.toMatchObject({
      status: 409,
      code: "already_queued",
      message: "This document is being processed. Change its description once it shows Ready or Failed.",
    });
    expect((await documentRow(id))!.structuredContent).toEqual(queued);
  });

  it("counts against the day's bytes, uploads included: 429 saying when it resets, and the next UTC day it goes", async () => {
    const user = await createTestUser({ plan: "SOLO" });
    const e = { ...env, DOCUMENTS_MAX_BYTES_PER_DAY: String(3 * MB) } as Env;
    const ctx = userContext(e, user.userId);
    const id = await readyDocument(user, MB);
    // Today's uploads so far (the upload path counts with the same key).
    await reserveDailyBytes(env.DB, user.userId, 2.5 * MB, { maxInFlight: 10, maxBytesPerDay: 3 * MB }, NOW);
    const before = await documentRow(id);
    await expect(reprocessDocument(ctx, id, NOW)).rejects.toMatchObject({
      status: 429,
      code: "upload_limit",
      message: "Processing this document again would take you past today's limit of 3 MB (2.5 MB processed so far). Try again after 00:00 UTC.",
    });
    await expect(updateDocument(ctx, id, { description: "Annex K." }, NOW)).rejects.toMatchObject({
      status: 429,
      message:
        "A new description means reading the file again, which would take you past today's limit of 3 MB (2.5 MB processed so far). Try again after 00:00 UTC.",
    });
    expect(await documentRow(id)).toEqual(before);

    const nextDay = NOW + 24 * 60 * 60 * 1000;
    expect((await reprocessDocument(ctx, id, nextDay)).status.status).toBe("queued");
  });
});
