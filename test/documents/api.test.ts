import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { appContext, userContext } from "../../worker/context";
import { getDb } from "../../worker/db/client";
import { documents } from "../../worker/db/schema";
import { ingestDocument } from "../../worker/documents/ingest";
import { cleanFilename, contentDisposition, listDocuments, UNSUPPORTED_TYPE_MESSAGE, uploadDocument } from "../../worker/documents/service";
import type { Env } from "../../worker/env";
import { MAX_UPLOAD_BYTES } from "../../shared/documents/file-types";
import { nowDate, nowMs } from "../../worker/lib/clock";
import { api, apiError, expectStatus, json, ORIGIN, type Json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { expectConsoleError } from "../helpers/console";
import { makeDocx } from "./ingest-fixtures";

function upload(user: TestUser | null, file: File, options: { name?: string; headers?: Record<string, string> } = {}) {
  const form = new FormData();
  form.append("file", file);
  if (options.name !== undefined) form.append("name", options.name);
  return api("/api/documents/upload", { method: "POST", user, raw: form, headers: options.headers });
}

async function uploadOk(user: TestUser, filename: string, content: string | Uint8Array<ArrayBuffer> = "Levee L-3 seepage boils near Alder Flats.", type = "") {
  const res = await expectStatus(await upload(user, new File([content], filename, { type })), 201, `upload ${filename}`);
  return (await json(res)).document as Json;
}

const rowOf = async (id: string) => (await getDb(env.DB).select().from(documents).where(eq(documents.id, id)))[0];

let alice: TestUser;
let bob: TestUser;
let noPlan: TestUser;

beforeAll(async () => {
  [alice, bob, noPlan] = await Promise.all([createTestUser({ plan: "SOLO" }), createTestUser({ plan: "SOLO" }), createTestUser({ plan: null })]);
});

// Smallest files that are what their names say (only stored here: parsing is the ingest tests' job).
const PDF = "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n";
const DOCX = new Uint8Array(makeDocx([[null, "Shelter plan"]]));

describe("upload", () => {
  const cases: { filename: string; mime: string; type: string; content: string | Uint8Array<ArrayBuffer> }[] = [
    { filename: "notes.txt", mime: "text/plain", type: "txt", content: "Shelter at Greywell High opens at 18:00." },
    { filename: "annex-f.md", mime: "", type: "md", content: "# Annex F\n\nSandbag stocks cover one day." },
    { filename: "contacts.csv", mime: "text/csv", type: "csv", content: "agency,phone\nBCOEM,555-0100\n" },
    { filename: "page.htm", mime: "text/html", type: "html", content: "<h1>Evacuation</h1><p>Route 14 floods at 24 ft.</p>" },
    { filename: "aar.pdf", mime: "application/pdf", type: "pdf", content: PDF },
    { filename: "plan.docx", mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", type: "docx", content: DOCX },
  ];

  for (const c of cases) {
    it(`stores a .${c.filename.split(".").pop()} file in R2, inserts its row and queues it`, async () => {
      const res = await upload(alice, new File([c.content], c.filename, { type: c.mime }));
      await expectStatus(res, 201);
      const { document } = await json(res);
      const size = typeof c.content === "string" ? new TextEncoder().encode(c.content).byteLength : c.content.byteLength;
      expect(document).toMatchObject({ filename: c.filename, type: c.type, size, processed: false, status: { status: "queued", progress: 0 } });
      expect(document.name).toBe(c.filename.replace(/\.[^.]+$/, ""));

      const row = await rowOf(document.id);
      expect(row!.userId).toBe(alice.userId);
      expect(row!.type).toBe(c.type);
      expect(row!.path).toBe(`documents/${alice.userId}/${document.id}/${c.filename}`);

      const object = await env.UPLOADS.get(row!.path!);
      expect(object).not.toBeNull();
      expect(new Uint8Array(await object!.arrayBuffer())).toEqual(typeof c.content === "string" ? new TextEncoder().encode(c.content) : c.content);
      expect(object!.customMetadata).toEqual({ userId: alice.userId, documentId: document.id, filename: c.filename });
      expect(object!.httpMetadata?.contentType).toBeTruthy();
    });
  }

  it("takes the name field when given (trimmed), and keeps an odd filename out of the R2 key", async () => {
    const res = await upload(alice, new File(["x"], "Plan ü (final).md"), { name: "  Flood annex  " });
    await expectStatus(res, 201);
    const { document } = await json(res);
    expect(document.name).toBe("Flood annex");
    expect(document.filename).toBe("Plan ü (final).md");
    const row = await rowOf(document.id);
    expect(row!.path).toBe(`documents/${alice.userId}/${document.id}/Plan-final-.md`);
  });

  it("refuses an unsupported type with the message, and stores nothing", async () => {
    const before = await env.UPLOADS.list({ prefix: `documents/${bob.userId}/` });
    const res = await upload(bob, new File(["MZ"], "setup.exe", { type: "application/x-msdownload" }));
    await expectStatus(res, 400);
    expect(await json(res)).toMatchObject({ code: "unsupported_type", message: UNSUPPORTED_TYPE_MESSAGE });
    const after = await env.UPLOADS.list({ prefix: `documents/${bob.userId}/` });
    expect(after.objects.length).toBe(before.objects.length);
  });

  it("refuses a request without a file, an empty file, a bad name, and a non-multipart body", async () => {
    const form = new FormData();
    form.append("name", "No file");
    const noFile = await api("/api/documents/upload", { method: "POST", user: alice, raw: form });
    await expectStatus(noFile, 400);
    expect((await apiError(noFile)).code).toBe("file_required");

    const empty = await upload(alice, new File([""], "empty.txt"));
    await expectStatus(empty, 400);
    expect((await apiError(empty)).code).toBe("empty_file");

    const longName = await upload(alice, new File(["x"], "a.txt"), { name: "n".repeat(201) });
    await expectStatus(longName, 400);
    expect((await apiError(longName)).code).toBe("validation_error");

    const asJson = await api("/api/documents/upload", { method: "POST", user: alice, body: { file: "x" } });
    await expectStatus(asJson, 400);
    expect((await apiError(asJson)).code).toBe("multipart_required");
  });

  it("refuses a file over the limit with 413, whether the header says so or not", async () => {
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    const declared = await upload(alice, new File([big], "huge.txt"));
    await expectStatus(declared, 413);
    expect((await apiError(declared)).code).toBe("payload_too_large");

    // A streamed body carries no Content-Length: the limit is enforced while reading it.
    const form = new FormData();
    form.append("file", new File([new Uint8Array(MAX_UPLOAD_BYTES + 2 * 1024 * 1024)], "huge.txt"));
    const encoded = new Response(form);
    const streamed = await api("/api/documents/upload", {
      method: "POST",
      user: alice,
      raw: encoded.body!,
      headers: { "content-type": encoded.headers.get("content-type")! },
    });
    await expectStatus(streamed, 413);

    const list = await json(await api("/api/documents?q=huge", { user: alice }));
    expect(list.documents).toEqual([]);
  });

  it("needs an active plan (402, pointing to pricing) and a session (401)", async () => {
    const res = await upload(noPlan, new File(["x"], "a.txt"));
    await expectStatus(res, 402);
    expect(await json(res)).toMatchObject({ code: "subscription_required", redirectTo: "/account/pricing" });
    expect((await json(await api("/api/documents", { user: noPlan }))).documents).toEqual([]);

    await expectStatus(await upload(null, new File(["x"], "a.txt")), 401);
    await expectStatus(await api("/api/documents"), 401);
    await expectStatus(await api("/api/documents/search?q=levee"), 401);
  });

  it("refuses a cross-site upload (CSRF) and accepts the same post from our own page", async () => {
    const file = new File(["x"], "csrf.txt");
    const crossSite = await upload(alice, file, { headers: { "sec-fetch-site": "cross-site" } });
    await expectStatus(crossSite, 403);
    const foreignOrigin = await upload(alice, file, { headers: { origin: "https://evil.example" } });
    await expectStatus(foreignOrigin, 403);
    expect((await json(await api("/api/documents?q=csrf", { user: alice }))).documents).toEqual([]);

    const sameOrigin = await upload(alice, file, { headers: { "sec-fetch-site": "same-origin", origin: ORIGIN } });
    await expectStatus(sameOrigin, 201);
  });
});

describe("read, rename, download, delete", () => {
  it("lists the caller's documents newest first, filtered by ?q and ?status", async () => {
    const carol = await createTestUser({ plan: "SOLO" });
    const first = await uploadOk(carol, "evacuation-routes.md");
    const second = await uploadOk(carol, "shelter-list.txt");
    await uploadOk(bob, "evacuation-bob.md");

    const all = await json(await api("/api/documents", { user: carol }));
    expect(all.documents.map((d: Json) => d.id)).toEqual([second.id, first.id]);
    const found = await json(await api("/api/documents?q=EVACUATION", { user: carol }));
    expect(found.documents.map((d: Json) => d.id)).toEqual([first.id]);
    // LIKE wildcards in the query are plain characters.
    expect((await json(await api("/api/documents?q=%25", { user: carol }))).documents).toEqual([]);
    const ready = await json(await api("/api/documents?status=ready", { user: carol }));
    expect(ready.documents.every((d: Json) => d.status.status === "ready")).toBe(true);
    await expectStatus(await api("/api/documents?status=sideways", { user: carol }), 400);

    const one = await json(await api(`/api/documents/${first.id}`, { user: carol }));
    expect(one.document).toMatchObject({ id: first.id, name: "evacuation-routes", type: "md" });
  });

  it("renames with a trimmed name of 1–200 characters", async () => {
    const doc = await uploadOk(alice, "rename-me.txt");
    const ok = await api(`/api/documents/${doc.id}`, { method: "PATCH", user: alice, body: { name: "  Shelter plan 2027  " } });
    await expectStatus(ok, 200);
    expect((await json(ok)).document.name).toBe("Shelter plan 2027");
    expect((await rowOf(doc.id))!.name).toBe("Shelter plan 2027");

    for (const name of ["", "   ", "x".repeat(201)]) {
      const bad = await api(`/api/documents/${doc.id}`, { method: "PATCH", user: alice, body: { name } });
      await expectStatus(bad, 400, JSON.stringify(name));
      expect((await apiError(bad)).code).toBe("validation_error");
    }
    await expectStatus(await api(`/api/documents/${doc.id}`, { method: "PATCH", user: alice, body: {} }), 400);
    await expectStatus(await api(`/api/documents/${doc.id}`, { method: "PATCH", user: alice, body: { name: 42 } }), 400);
    const long = await api(`/api/documents/${doc.id}`, { method: "PATCH", user: alice, body: { name: "y".repeat(200) } });
    await expectStatus(long, 200);
  });

  it("downloads the exact bytes as an attachment with a safe UTF-8 filename", async () => {
    const content = "Résumé of the levee fight.\n";
    const doc = await uploadOk(alice, "Bericht (Flut) – März.txt", content, "text/plain");
    const res = await api(`/api/documents/${doc.id}/download`, { user: alice });
    await expectStatus(res, 200);
    expect(await res.text()).toBe(content);
    expect(res.headers.get("content-type")).toBe("text/plain");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const disposition = res.headers.get("content-disposition")!;
    expect(disposition).toBe(`attachment; filename="Bericht (Flut) _ M_rz.txt"; filename*=UTF-8''Bericht%20%28Flut%29%20%E2%80%93%20M%C3%A4rz.txt`);
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)![1]!)).toBe("Bericht (Flut) – März.txt");
  });

  it("never lets quotes, backslashes or controls out of the quoted name, and encodes what RFC 5987 does not allow bare", () => {
    expect(contentDisposition("it's (final)*.md")).toBe(`attachment; filename="it's (final)*.md"; filename*=UTF-8''it%27s%20%28final%29%2A.md`);
    expect(contentDisposition('a "b"\\c\r\n.md')).toBe(`attachment; filename="a _b__c__.md"; filename*=UTF-8''a%20%22b%22%5Cc%0D%0A.md`);
    expect(contentDisposition("")).toBe(`attachment; filename="document"; filename*=UTF-8''document`);
  });

  it("keeps only the last path segment of an uploaded filename, without controls", () => {
    expect(cleanFilename("C:\\Users\\dana\\plan.md")).toBe("plan.md");
    expect(cleanFilename("../../etc/passwd.txt")).toBe("passwd.txt");
    expect(cleanFilename("a\u0000b\u001f.md")).toBe("ab.md");
    expect(cleanFilename("  ")).toBe("document");
    const long = cleanFilename(`${"n".repeat(300)}.docx`);
    expect(long.length).toBe(200);
    expect(long.endsWith(".docx")).toBe(true);
  });

  it("deletes the R2 object and the row", async () => {
    // A user of its own: alice's earlier uploads may still be in the ingest queue, and the
    // in-flight limit (10) would refuse this one on a slow run.
    const erin = await createTestUser({ plan: "SOLO" });
    const doc = await uploadOk(erin, "delete-me.md");
    const path = (await rowOf(doc.id))!.path!;
    expect(await env.UPLOADS.head(path)).not.toBeNull();
    const res = await api(`/api/documents/${doc.id}`, { method: "DELETE", user: erin });
    await expectStatus(res, 200);
    expect(await json(res)).toEqual({ success: true });
    expect(await rowOf(doc.id)).toBeUndefined();
    expect(await env.UPLOADS.head(path)).toBeNull();
    await expectStatus(await api(`/api/documents/${doc.id}`, { user: erin }), 404);
    await expectStatus(await api(`/api/documents/${doc.id}`, { method: "DELETE", user: erin }), 404);
  });

  it("answers 404 'Document not found.' for another user's document on every route, and changes nothing", async () => {
    const owner = await createTestUser({ plan: "SOLO" });
    const doc = await uploadOk(owner, "private.md");
    const probes: [string, string, unknown?][] = [
      ["GET", `/api/documents/${doc.id}`],
      ["PATCH", `/api/documents/${doc.id}`, { name: "Mine now" }],
      ["DELETE", `/api/documents/${doc.id}`],
      ["GET", `/api/documents/${doc.id}/download`],
      ["POST", `/api/documents/${doc.id}/reprocess`],
    ];
    for (const [method, path, body] of probes) {
      const res = await api(path, { method, user: bob, body });
      await expectStatus(res, 404, `${method} ${path}`);
      expect(await json(res)).toEqual({ code: "not_found", message: "Document not found." });
    }
    const row = await rowOf(doc.id);
    expect(row!.name).toBe("private");
    expect(await env.UPLOADS.head(row!.path!)).not.toBeNull();
    await expectStatus(await api("/api/documents/no-such-id", { user: alice }), 404);
  });
});

/**
 * A document stored the way an upload stores it, but without an INGEST message, so the local
 * queue consumer never races the statuses these tests set.
 */
async function storedDocument(user: TestUser, filename: string, content: string, ingest?: Json): Promise<string> {
  const id = crypto.randomUUID();
  const path = `documents/${user.userId}/${id}/${filename}`;
  await env.UPLOADS.put(path, content, { httpMetadata: { contentType: "text/markdown" } });
  await getDb(env.DB)
    .insert(documents)
    .values({
      id,
      name: filename.replace(/\.[^.]+$/, ""),
      filename,
      type: "md",
      path,
      processed: false,
      userId: user.userId,
      structuredContent: { upload: { size: content.length }, ...(ingest ? { ingest } : {}) },
    });
  return id;
}

describe("reprocess and search", () => {
  it("queues a failed or ready document again (202) and refuses one already queued (409)", async () => {
    // A user of its own: reprocessing counts against the in-flight limit, and alice's uploads
    // elsewhere in this file may still be queued when this runs.
    const carol = await createTestUser({ plan: "SOLO" });
    const id = await storedDocument(carol, "retry.md", "# Retry", { status: "queued", progress: 0, updatedAt: nowDate().toISOString() });
    const queued = await api(`/api/documents/${id}/reprocess`, { method: "POST", user: carol });
    await expectStatus(queued, 409);
    expect((await apiError(queued)).code).toBe("already_queued");

    const failed = { status: "failed", progress: 40, error: "The file could not be read.", updatedAt: nowDate().toISOString() };
    await getDb(env.DB)
      .update(documents)
      .set({ structuredContent: { upload: { size: 1 }, ingest: failed } })
      .where(eq(documents.id, id));
    const listed = await json(await api(`/api/documents/${id}`, { user: carol }));
    expect(listed.document.status).toMatchObject({ status: "failed", error: "The file could not be read." });

    const res = await api(`/api/documents/${id}/reprocess`, { method: "POST", user: carol });
    await expectStatus(res, 202);
    expect((await json(res)).document.status).toMatchObject({ status: "queued", progress: 0 });
    // The upload's own keys survive the re-queue.
    expect((await rowOf(id))!.structuredContent).toMatchObject({ upload: { size: 1 }, ingest: { status: "queued" } });
  });

  it("queues a stuck document again, and a seeded one that was never queued", async () => {
    const stuck = await storedDocument(alice, "stuck.md", "# Stuck", {
      status: "processing",
      progress: 40,
      updatedAt: new Date(nowMs() - 11 * 60_000).toISOString(),
    });
    await expectStatus(await api(`/api/documents/${stuck}/reprocess`, { method: "POST", user: alice }), 202);
    const seeded = await storedDocument(alice, "seeded.md", "# Seeded");
    await expectStatus(await api(`/api/documents/${seeded}/reprocess`, { method: "POST", user: alice }), 202);
  });

  it("answers no hits for an empty or punctuation-only query, and validates the query", async () => {
    expect(await json(await api("/api/documents/search?q=", { user: alice }))).toEqual({ hits: [] });
    expect(await json(await api("/api/documents/search?q=%22%28*", { user: alice }))).toEqual({ hits: [] });
    await expectStatus(await api(`/api/documents/search?q=${"x".repeat(201)}`, { user: alice }), 400);
  });

  it("finds words of an ingested document for its owner only, and forgets them when it is deleted", async () => {
    const dana = await createTestUser({ plan: "SOLO" });
    const content = "# Drill\n\nThe Quillhaven causeway closed at 14:00 while sandbags were staged.\n";
    const id = await storedDocument(dana, "drill.md", content);
    // Ingest here rather than through the queue, so the test does not depend on batch timing.
    expect(await ingestDocument(appContext(env), { kind: "ingest", documentId: id, userId: dana.userId })).toMatchObject({ outcome: "ready" });
    const ready = await json(await api(`/api/documents/${id}`, { user: dana }));
    expect(ready.document).toMatchObject({ processed: true, status: { status: "ready", progress: 100 }, size: content.length });

    const found = await json(await api("/api/documents/search?q=quillhaven", { user: dana }));
    expect(found.hits).toHaveLength(1);
    expect(found.hits[0]).toMatchObject({ documentId: id, documentName: "drill", position: 0 });
    expect(found.hits[0].snippet).toMatch(/\[Quillhaven\]/);
    expect(await json(await api("/api/documents/search?q=quillhaven", { user: bob }))).toEqual({ hits: [] });

    const again = await api(`/api/documents/${id}/reprocess`, { method: "POST", user: dana });
    await expectStatus(again, 202);
    expect((await json(again)).document).toMatchObject({ processed: false, status: { status: "queued" } });

    await expectStatus(await api(`/api/documents/${id}`, { method: "DELETE", user: dana }), 200);
    expect(await json(await api("/api/documents/search?q=quillhaven", { user: dana }))).toEqual({ hits: [] });
    const leftovers = await env.DB.prepare(`SELECT count(*) AS n FROM "DocumentChunkFts" WHERE "documentId" = ?`).bind(id).first<{ n: number }>();
    expect(leftovers?.n).toBe(0);
  });
});

describe("failures leave nothing half-written", () => {
  const failingQueue = { send: async () => Promise.reject(new Error("queue unavailable")) } as unknown as Queue<unknown>;

  it("deletes the stored object again when the row cannot be inserted", async () => {
    const user = await createTestUser({ plan: "SOLO" });
    const db = getDb(env.DB);
    const brokenDb = new Proxy(db, {
      get: (target, prop, receiver) =>
        prop === "insert" ? () => ({ values: () => Promise.reject(new Error("D1 is down")) }) : Reflect.get(target, prop, receiver),
    });
    await expect(uploadDocument({ ...userContext(env, user.userId), db: brokenDb }, { file: new File(["x"], "orphan.md") })).rejects.toThrow("D1 is down");
    expect((await env.UPLOADS.list({ prefix: `documents/${user.userId}/` })).objects).toEqual([]);
    expect(await db.select().from(documents).where(eq(documents.userId, user.userId))).toEqual([]);
  });

  it("keeps an upload whose queue message could not be sent; the library still lists it (the Cron's sweep re-sends it)", async () => {
    expectConsoleError(/^enqueue of document .* failed; the Cron's ingest sweep re-queues it Error: queue unavailable/);
    const user = await createTestUser({ plan: "SOLO" });
    const offline = { ...(env as unknown as Env), INGEST: failingQueue };
    const ctx = userContext(offline, user.userId);
    const doc = await uploadDocument(ctx, { file: new File(["# Kept"], "kept.md") });
    expect(doc.status.status).toBe("queued");
    expect(await env.UPLOADS.head(`documents/${user.userId}/${doc.id}/kept.md`)).not.toBeNull();

    const listed = await listDocuments(ctx);
    expect(listed.map((d) => d.id)).toEqual([doc.id]);
  });
});
