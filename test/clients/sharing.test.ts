import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { appContext, userContext } from "../../worker/context";
import { documents, exercises, users } from "../../worker/db/schema";
import { ingestDocument } from "../../worker/documents/ingest";
import { foreignDocumentIds, hasIndexedDocuments, retrievePassages } from "../../worker/documents/retrieval";
import { api, expectStatus, json, type Json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { db, enterprise } from "./helpers";
import { readNdjson } from "../conversations/helpers";
import { createExercise } from "../exercises/helpers";

// Client items are shared read-only (docs/decisions/0014): the editor's access flag, the
// documents' canEdit flag, refused writes by a colleague, and the client rule in keyword search
// and Ask Readyroom retrieval.

async function createClient(owner: TestUser, name: string, assignees: TestUser[]): Promise<string> {
  const id = (await json<{ id: string }>(await expectStatus(await api("/api/clients", { user: owner, body: { name } }), 201))).id;
  for (const u of assignees) await expectStatus(await api(`/api/clients/${id}/users`, { user: owner, body: { userId: u.userId } }), 200);
  return id;
}

/** Uploads through the API (filed under clientId when given) and indexes it now. */
async function ingestedUpload(user: TestUser, filename: string, body: string, clientId?: string): Promise<string> {
  const form = new FormData();
  form.append("file", new File([body], filename));
  if (clientId) form.append("clientId", clientId);
  const res = await expectStatus(await api("/api/documents/upload", { method: "POST", user, raw: form }), 201, `upload ${filename}`);
  const id = ((await json(res)).document as Json).id as string;
  const result = await ingestDocument(appContext(env), { kind: "ingest", documentId: id, userId: user.userId });
  expect(result.outcome).toBe("ready");
  return id;
}

let owner: TestUser;
let ana: TestUser;
let ben: TestUser;
let outsider: TestUser;
let bay: string;
beforeAll(async () => {
  const e = await enterprise(2);
  owner = e.owner;
  [ana, ben] = e.members as [TestUser, TestUser];
  outsider = await createTestUser({ plan: "SOLO" });
  bay = await createClient(owner, "Bayhaven County", [ana, ben]);
  await db().update(users).set({ name: "Ana Author" }).where(eq(users.id, ana.userId));
});

describe("a shared client exercise in the editor", () => {
  it("the author gets access edit; a colleague gets read with who shared it and through which client", async () => {
    const id = await createExercise(ana, { name: "Bayhaven TTX" }, { clientId: bay });
    const mine = await json(await expectStatus(await api(`/api/exercises/${id}`, { user: ana }), 200));
    expect(mine).toMatchObject({ access: "edit", sharedBy: null });
    for (const colleague of [ben, owner]) {
      const shared = await json(await expectStatus(await api(`/api/exercises/${id}`, { user: colleague }), 200));
      expect(shared).toMatchObject({ access: "read", sharedBy: { authorName: "Ana Author", clientName: "Bayhaven County" } });
    }
    // An unfiled exercise of one's own, and a solo planner's: edit.
    const unfiled = await createExercise(ben, { name: "Ben private" });
    expect(await json(await api(`/api/exercises/${unfiled}`, { user: ben }))).toMatchObject({ access: "edit", sharedBy: null });
    const solo = await createExercise(outsider, { name: "Solo" });
    expect(await json(await api(`/api/exercises/${solo}`, { user: outsider }))).toMatchObject({ access: "edit" });

    // The editor page renders the read-only banner for the colleague only.
    const page = async (user: TestUser) => {
      const { SELF } = await import("cloudflare:test");
      const res = await SELF.fetch(`http://localhost/exercise/${id}/intro`, { headers: { cookie: user.cookie } });
      expect(res.status).toBe(200);
      return res.text();
    };
    const benPage = await page(ben);
    expect(benPage).toContain('data-testid="shared-read-only"');
    expect(benPage).toMatch(/Shared by <!-- -->?Ana Author/);
    expect(await page(ana)).not.toContain('data-testid="shared-read-only"');
  });

  it("a colleague's save, lock and AI drafting are refused with nothing changed; exports still work", async () => {
    const id = await createExercise(ana, { name: "Bayhaven TTX 2", scenarioDescription: "Levee breach" }, { clientId: bay });
    const [before] = await db().select().from(exercises).where(eq(exercises.id, id));
    await expectStatus(
      await api(`/api/exercises/${id}/update`, { method: "PUT", user: ben, body: { exercise: { name: "Ben's now", scenarioDescription: "changed" } } }),
      404,
    );
    await expectStatus(await api(`/api/exercises/${id}/lock`, { method: "POST", user: ben }), 404);
    await expectStatus(await api(`/api/exercises/${id}`, { method: "DELETE", user: ben }), 404);
    const [after] = await db().select().from(exercises).where(eq(exercises.id, id));
    expect(after).toEqual(before);
    const exported = await expectStatus(await api(`/api/exercises/${id}/export?format=json`, { user: ben }), 200);
    await exported.arrayBuffer();
  });
});

describe("a shared client document in the library", () => {
  it("canEdit is true for the author only; a colleague's rename, describe, reprocess and delete are 404 with nothing changed", async () => {
    const docId = await ingestedUpload(ana, "bayhaven-shelters.md", "# Shelters\nBayhaven opens the quillwort gymnasium as a shelter.", bay);
    const flag = async (user: TestUser) =>
      (((await json(await api("/api/documents", { user }))).documents as Json[]).find((d) => d.id === docId) as Json | undefined)?.canEdit;
    expect(await flag(ana)).toBe(true);
    expect(await flag(ben)).toBe(false);
    expect(await flag(owner)).toBe(false);
    expect((await json(await api(`/api/documents/${docId}`, { user: ben }))).document).toMatchObject({ canEdit: false });

    const [before] = await db().select().from(documents).where(eq(documents.id, docId));
    for (const [method, path, body] of [
      ["PATCH", `/api/documents/${docId}`, { name: "Ben's now" }],
      ["PATCH", `/api/documents/${docId}`, { description: "Ben's words" }],
      ["POST", `/api/documents/${docId}/reprocess`, undefined],
      ["DELETE", `/api/documents/${docId}`, undefined],
    ] as const) {
      await expectStatus(await api(path, { method, user: ben, ...(body ? { body } : {}) }), 404, `${method} ${path}`);
    }
    const [after] = await db().select().from(documents).where(eq(documents.id, docId));
    expect(after).toEqual(before);
    // The author still can.
    const renamed = await json(
      await expectStatus(await api(`/api/documents/${docId}`, { method: "PATCH", user: ana, body: { name: "Bayhaven shelters" } }), 200),
    );
    expect(renamed.document).toMatchObject({ name: "Bayhaven shelters", canEdit: true });
  });
});

describe("keyword search and Ask Readyroom retrieval follow the client rule", () => {
  it("shared client documents are found by those who see the client; nobody finds a client's documents after losing it, their own included", async () => {
    const { owner: boss, members } = await enterprise(2);
    const [cai, dee] = members as [TestUser, TestUser];
    const port = await createClient(boss, "Port Authority", [cai, dee]);
    const portDoc = await ingestedUpload(cai, "port-plan.md", "# Berths\nThe harbour master closes berth nine when the zanzibarite alarm sounds.", port);
    const privateDoc = await ingestedUpload(cai, "cai-notes.md", "# Notes\nMy own zanzibarite notes, unfiled.");

    const searchIds = async (user: TestUser) =>
      (await json(await expectStatus(await api("/api/documents/search?q=zanzibarite", { user }), 200))).hits as Json[];
    const hitDocs = async (user: TestUser) => new Set((await searchIds(user)).map((h) => h.documentId));
    expect(await hitDocs(cai)).toEqual(new Set([portDoc, privateDoc]));
    expect(await hitDocs(dee)).toEqual(new Set([portDoc]));
    expect(await hitDocs(boss)).toEqual(new Set([portDoc]));
    expect(await hitDocs(outsider)).toEqual(new Set());

    const retrieved = async (user: TestUser, documentIds?: string[]) =>
      new Set(
        (
          await retrievePassages(userContext(env, user.userId), {
            userId: user.userId,
            question: "When does the harbour master close berth nine?",
            documentIds,
          })
        ).map((p) => p.documentId),
      );
    expect(await retrieved(dee)).toEqual(new Set([portDoc]));
    expect(await retrieved(dee, [portDoc])).toEqual(new Set([portDoc]));
    expect(await foreignDocumentIds(db(), dee.userId, [portDoc, privateDoc], [port])).toEqual([privateDoc]);
    expect(await retrieved(outsider)).toEqual(new Set());

    // Ask Readyroom (offline provider): dee's citations include cai's shared plan.
    const chat = (await json<{ chat: { id: string } }>(await expectStatus(await api("/api/ask/chats", { method: "POST", user: dee, body: {} }), 201))).chat.id;
    const events = await readNdjson(
      await api(`/api/ask/chats/${chat}/messages`, {
        method: "PUT",
        user: dee,
        body: { messages: [{ role: "user", content: "When does the harbour master close berth nine?" }] },
      }),
    );
    expect((events.find((e) => e.type === "citations")!.citations as Json[]).map((c) => c.documentId)).toContain(portDoc);

    // Unassigned from the client: cai loses the client's documents, her own upload included.
    await expectStatus(await api(`/api/clients/${port}/users/${cai.userId}`, { method: "DELETE", user: boss }), 200);
    expect(await hitDocs(cai)).toEqual(new Set([privateDoc]));
    expect((await retrieved(cai)).has(portDoc)).toBe(false);
    expect(await retrieved(cai, [portDoc])).toEqual(new Set());
    expect(await hasIndexedDocuments(db(), cai.userId, [portDoc], [])).toBe(false);
    expect(await foreignDocumentIds(db(), cai.userId, [portDoc, privateDoc], [])).toEqual([portDoc]);
    const caiChat = (await json<{ chat: { id: string } }>(await expectStatus(await api("/api/ask/chats", { method: "POST", user: cai, body: {} }), 201))).chat
      .id;
    await expectStatus(
      await api(`/api/ask/chats/${caiChat}/messages`, {
        method: "PUT",
        user: cai,
        body: { messages: [{ role: "user", content: "berth nine" }], documentIds: [portDoc] },
      }),
      404,
    );
    const caiEvents = await readNdjson(
      await api(`/api/ask/chats/${caiChat}/messages`, {
        method: "PUT",
        user: cai,
        body: { messages: [{ role: "user", content: "When does the harbour master close berth nine?" }] },
      }),
    );
    expect((caiEvents.find((e) => e.type === "citations")!.citations as Json[]).map((c) => c.documentId)).not.toContain(portDoc);
    // dee still finds it.
    expect(await hitDocs(dee)).toEqual(new Set([portDoc]));
  });
});
