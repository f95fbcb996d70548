import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { appContext } from "../../worker/context";
import type { Env } from "../../worker/env";
import { ingestDocument } from "../../worker/documents/ingest";
import { DESCRIPTION_ONLY_NOTE } from "../../shared/documents/description";
import { api, apiError, expectStatus, json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { documentRow, statusOf, storeDocument } from "./ingest-helpers";

// Issue 11: an image no engine can read ends Failed saying "Add a description or upload a text
// version". The description is the planner's own words, indexed as the document's first passage.

let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  alice = await createTestUser({ plan: "SOLO" });
  bob = await createTestUser({ plan: "SOLO" });
});

async function image(): Promise<ArrayBuffer> {
  const res = await fetch(`${env.FAKE_ORIGIN}/fixtures/documents/sign.png`);
  if (!res.ok) throw new Error(`fixture sign.png: ${res.status}`);
  return res.arrayBuffer();
}

/** Runs ingestion now, without any text recognition engine (as a deployment without AI). */
const ingest = (user: TestUser, documentId: string) => ingestDocument(appContext(env as Env), { kind: "ingest", documentId, userId: user.userId });

const describeDoc = (user: TestUser, id: string, description: unknown) => api(`/api/documents/${id}`, { method: "PATCH", user, body: { description } });

async function searchFinds(user: TestUser, phrase: string, documentId: string): Promise<boolean> {
  const res = await api(`/api/documents/search?q=${encodeURIComponent(phrase)}`, { user });
  await expectStatus(res, 200);
  return (await json<{ hits: { documentId: string }[] }>(res)).hits.some((h) => h.documentId === documentId);
}

describe("a document's description", () => {
  it("makes an unreadable image answer: re-queued, then Ready with the description as its passage", async () => {
    const doc = await storeDocument(alice.userId, "levee-map.png", await image(), { name: `Levee map ${crypto.randomUUID()}` });
    expect(await ingest(alice, doc.id)).toMatchObject({ outcome: "failed" });

    const res = await describeDoc(alice, doc.id, "  Map of the Sable River levee, breach point at Quarry Road, staging at Harlow Park.  ");
    await expectStatus(res, 200);
    const { document } = await json(res);
    expect(document.description).toBe("Map of the Sable River levee, breach point at Quarry Road, staging at Harlow Park.");
    expect(document.status.status).toBe("queued");

    expect(await ingest(alice, doc.id)).toMatchObject({ outcome: "ready", chunkCount: 1 });
    const status = await statusOf(doc.id);
    expect(status).toMatchObject({ status: "ready", note: DESCRIPTION_ONLY_NOTE });
    expect(await searchFinds(alice, "Quarry Road breach", doc.id)).toBe(true);
    // Another user's search never sees it.
    expect(await searchFinds(bob, "Quarry Road breach", doc.id)).toBe(false);
  });

  it("comes first in a readable document, beside the file's own text", async () => {
    const doc = await storeDocument(alice.userId, "roster.md", "# Roster\n\nThe duty officer is Jordan Ellery.\n");
    await expectStatus(await describeDoc(alice, doc.id, "Superseded by the 2027 roster; kept for the Odalys review."), 200);
    expect(await ingest(alice, doc.id)).toMatchObject({ outcome: "ready" });
    expect((await statusOf(doc.id)).note).toBeUndefined();
    expect(await searchFinds(alice, "Odalys review", doc.id)).toBe(true);
    expect(await searchFinds(alice, "Jordan Ellery", doc.id)).toBe(true);
    // The description leads the document's first passage (packed here with the short roster).
    const first = await env.DB.prepare(`SELECT "content" FROM "DocumentChunkFts" WHERE "documentId" = ? ORDER BY "position" LIMIT 1`)
      .bind(doc.id)
      .first<{ content: string }>();
    expect(first?.content.startsWith("Description\nSuperseded by the 2027 roster")).toBe(true);
  });

  it("cleared, leaves the image unreadable again", async () => {
    const doc = await storeDocument(alice.userId, "photo.png", await image());
    await expectStatus(await describeDoc(alice, doc.id, "Whiteboard from the EOC activation."), 200);
    expect(await ingest(alice, doc.id)).toMatchObject({ outcome: "ready" });
    const cleared = await describeDoc(alice, doc.id, "   ");
    await expectStatus(cleared, 200);
    expect((await json(cleared)).document.description).toBeNull();
    expect(await ingest(alice, doc.id)).toMatchObject({ outcome: "failed" });
    expect(await searchFinds(alice, "Whiteboard activation", doc.id)).toBe(false);
  });

  it("unchanged, does not re-queue the document", async () => {
    const doc = await storeDocument(alice.userId, "note.md", "# Note\n\nGenerator fuel for 72 hours.\n");
    await expectStatus(await describeDoc(alice, doc.id, "Fuel note."), 200);
    await ingest(alice, doc.id);
    const again = await describeDoc(alice, doc.id, "Fuel note.");
    await expectStatus(again, 200);
    expect((await json(again)).document.status.status).toBe("ready");
  });

  it("refuses bad input with 400 and changes nothing", async () => {
    const doc = await storeDocument(alice.userId, "plain.md", "# Plain\n\nText.\n");
    await ingest(alice, doc.id);
    const before = await documentRow(doc.id);
    for (const description of ["x".repeat(4001), 42, null]) {
      const res = await describeDoc(alice, doc.id, description);
      await expectStatus(res, 400, JSON.stringify(description).slice(0, 20));
      expect((await apiError(res)).code).toBe("validation_error");
    }
    const tooLong = await apiError(await describeDoc(alice, doc.id, "x".repeat(4001)));
    expect(tooLong.message).toContain("Description must be at most 4000 characters.");
    expect(await documentRow(doc.id)).toEqual(before);
  });

  it("another user's document is 404 and stays undescribed", async () => {
    const doc = await storeDocument(alice.userId, "private.png", await image());
    const res = await describeDoc(bob, doc.id, "Mine now");
    await expectStatus(res, 404);
    expect((await documentRow(doc.id))!.structuredContent).toBeNull();
  });
});
