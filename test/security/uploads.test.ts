import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client";
import { documents } from "../../worker/db/schema";
import { dailyBytesKey, reserveDailyBytes } from "../../worker/documents/limits";
import { contentMismatchMessage } from "../../worker/documents/sniff";
import { api, apiError, expectStatus, json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { makeDocx, makePdf } from "../documents/ingest-fixtures";

// Security item 13: a file is stored only when its bytes are what its extension says; downloads are
// attachments that never render or sniff; one user cannot fill the ingestion queue.

function upload(user: TestUser, file: File, e: object = env) {
  const form = new FormData();
  form.append("file", file);
  return api("/api/documents/upload", { method: "POST", user, raw: form, env: e });
}

async function storedFor(userId: string) {
  const rows = await getDb(env.DB).select().from(documents).where(eq(documents.userId, userId));
  const objects = await env.UPLOADS.list({ prefix: `documents/${userId}/` });
  // D1 refuses LIKE patterns over 50 bytes, so the prefix is compared with substr.
  const prefix = `documents:bytes:${userId}:`;
  const counted = await env.DB.prepare('SELECT COALESCE(SUM("count"), 0) AS n FROM "RateLimit" WHERE substr("key", 1, ?1) = ?2')
    .bind(prefix.length, prefix)
    .first<{ n: number }>();
  return { rows: rows.length, objects: objects.objects.length, bytesCounted: counted?.n ?? 0 };
}

const PNG = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52);

describe("type by content", () => {
  const mismatches: [string, string, BlobPart][] = [
    ["a text file named .pdf", "plan.pdf", "Evacuation plan, not a PDF at all."],
    ["a file named .docx that is not a zip", "plan.docx", "Just words."],
    ["a PNG named .txt", "notes.txt", PNG],
    ["a PDF named .md", "annex.md", "%PDF-1.7\n1 0 obj<<>>endobj\n"],
    ["a binary file named .csv", "contacts.csv", Uint8Array.of(0x61, 0x2c, 0x62, 0x00, 0x01, 0x02)],
    ["control bytes named .html", "page.html", Uint8Array.of(0x3c, 0x70, 0x3e, 0x01, 0x02, 0x03, 0x04, 0x3c)],
  ];
  for (const [what, filename, content] of mismatches) {
    it(`refuses ${what} with 415 and a message that says what to do, storing nothing`, async () => {
      const u = await createTestUser({ plan: "SOLO" });
      const res = await upload(u, new File([content], filename));
      expect(res.status).toBe(415);
      const type = filename.split(".").pop()!;
      expect(await apiError(res)).toMatchObject({ code: "content_mismatch", message: contentMismatchMessage(type) });
      expect(await storedFor(u.userId)).toEqual({ rows: 0, objects: 0, bytesCounted: 0 });
    });
  }

  it("refuses a zip that is not a Word document named .docx", async () => {
    const u = await createTestUser({ plan: "SOLO" });
    // A real zip (local header, central directory) whose only entry is not under word/.
    const zip = await new Response(
      new Blob([Uint8Array.of(0x50, 0x4b, 0x03, 0x04), new Uint8Array(26), new TextEncoder().encode("photos/cat.jpg"), Uint8Array.of(0x50, 0x4b, 0x05, 0x06)]),
    ).arrayBuffer();
    const res = await upload(u, new File([zip], "plan.docx"));
    expect(res.status).toBe(415);
    expect(await storedFor(u.userId)).toEqual({ rows: 0, objects: 0, bytesCounted: 0 });
  });

  it("still stores real files of every accepted type, text in UTF-16 with its byte-order mark included", async () => {
    const u = await createTestUser({ plan: "SOLO" });
    const utf16 = new Uint8Array([0xff, 0xfe, ...Array.from("Shelter", (c) => [c.charCodeAt(0), 0]).flat()]);
    const files: [string, BlobPart][] = [
      ["aar.pdf", await makePdf([["After-action report"]])],
      ["plan.docx", makeDocx([[null, "Sandbag stocks cover one day."]])],
      ["notes.txt", "Shelter at Greywell High opens at 18:00 — café open."],
      ["notes-utf16.txt", utf16],
      ["annex.md", "\ufeff# Annex\n\nText."],
      ["contacts.csv", "agency,phone\nBCOEM,555-0100\n"],
      // Excel's CSV export on Windows: Windows-1252, not UTF-8.
      ["contacts-1252.csv", Uint8Array.of(...new TextEncoder().encode("name,town\nJos"), 0xe9, ...new TextEncoder().encode(",Montr"), 0xe9, 0x61, 0x6c, 0x0a)],
      ["page.html", "<!doctype html><h1>Evacuation</h1>"],
    ];
    for (const [filename, content] of files) await expectStatus(await upload(u, new File([content], filename)), 201, filename);
    expect((await storedFor(u.userId)).rows).toBe(files.length);
  });
});

describe("downloads never render", () => {
  it("an uploaded HTML page downloads as an attachment with nosniff and a sandbox policy", async () => {
    const u = await createTestUser({ plan: "SOLO" });
    const res = await expectStatus(
      await upload(u, new File(["<script>alert(document.cookie)</script><p>Plan</p>"], "plan.html", { type: "application/octet-stream" })),
      201,
    );
    const { document } = await json(res);
    const download = await api(`/api/documents/${document.id}/download`, { user: u });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toMatch(/^attachment; filename="plan.html"; filename\*=UTF-8''plan\.html$/);
    expect(download.headers.get("x-content-type-options")).toBe("nosniff");
    expect(download.headers.get("content-security-policy")).toBe("sandbox");
    // Our type for the extension, never the browser's claim.
    expect(download.headers.get("content-type")).toBe("text/html");
  });
});

describe("per-user ingestion limits", () => {
  const limited = (inFlight: number, bytesPerDay: number) => ({
    ...env,
    DOCUMENTS_MAX_IN_FLIGHT: String(inFlight),
    DOCUMENTS_MAX_BYTES_PER_DAY: String(bytesPerDay),
  });

  async function seedInFlight(userId: string, statuses: ("queued" | "processing" | "ready" | "failed" | null)[]) {
    await getDb(env.DB)
      .insert(documents)
      .values(
        statuses.map((status, i) => ({
          userId,
          name: `seeded ${i}`,
          processed: status === "ready",
          structuredContent: status ? { ingest: { status, progress: 0, updatedAt: new Date(0).toISOString() } } : null,
        })),
      );
  }

  it("refuses an upload while the user has the most documents waiting, counting queued, processing and never-queued ones only", async () => {
    const u = await createTestUser({ plan: "SOLO" });
    await seedInFlight(u.userId, ["queued", "processing", null, "ready", "failed"]);
    const res = await upload(u, new File(["text"], "one-more.txt"), limited(3, 10_000_000));
    expect(res.status).toBe(429);
    const error = await apiError(res);
    expect(error).toMatchObject({ code: "upload_limit", limit: "in_flight", max: 3 });
    expect(error.message).toBe(
      "You have 3 documents waiting to be processed, the most one person can have at once. Wait until some show Ready, then upload this one again.",
    );
    expect((await storedFor(u.userId)).objects).toBe(0);
    // One more slot and it goes through.
    await expectStatus(await upload(u, new File(["text"], "one-more.txt"), limited(4, 10_000_000)), 201);
  });

  it("refuses an upload past the day's bytes, stores nothing, and does not count the refused bytes", async () => {
    const u = await createTestUser({ plan: "SOLO" });
    const e = limited(100, 100);
    await expectStatus(await upload(u, new File(["x".repeat(60)], "a.txt"), e), 201);
    const res = await upload(u, new File(["y".repeat(60)], "b.txt"), e);
    expect(res.status).toBe(429);
    const error = await apiError(res);
    expect(error).toMatchObject({ code: "upload_limit", limit: "bytes_per_day", max: 100, used: 60 });
    expect(error.message).toMatch(
      /^This upload would take you past today's limit of 0 MB \(0 MB processed so far\)\. Try again after 00:00 UTC, or upload a smaller file\.$/,
    );
    expect(await storedFor(u.userId)).toEqual({ rows: 1, objects: 1, bytesCounted: 60 });
    // A file that fits what is left still goes.
    await expectStatus(await upload(u, new File(["z".repeat(40)], "c.txt"), e), 201);
  });

  it("deleting a document does not give its bytes back", async () => {
    const u = await createTestUser({ plan: "SOLO" });
    const e = limited(100, 100);
    const { document } = await json(await expectStatus(await upload(u, new File(["x".repeat(80)], "a.txt"), e), 201));
    await expectStatus(await api(`/api/documents/${document.id}`, { user: u, method: "DELETE" }), 200);
    expect((await upload(u, new File(["y".repeat(80)], "b.txt"), e)).status).toBe(429);
  });

  it("the allowance is per UTC day: a new day starts at zero", async () => {
    const userId = crypto.randomUUID();
    const limits = { maxInFlight: 10, maxBytesPerDay: 100 };
    const lateOnDay1 = Date.UTC(2027, 0, 1, 23, 59, 59);
    const earlyOnDay2 = Date.UTC(2027, 0, 2, 0, 0, 1);
    expect(dailyBytesKey(userId, lateOnDay1)).not.toBe(dailyBytesKey(userId, earlyOnDay2));
    await reserveDailyBytes(env.DB, userId, 90, limits, lateOnDay1);
    await expect(reserveDailyBytes(env.DB, userId, 20, limits, lateOnDay1)).rejects.toMatchObject({ status: 429 });
    await expect(reserveDailyBytes(env.DB, userId, 90, limits, earlyOnDay2)).resolves.toBeTypeOf("function");
  });

  it("two uploads at once cannot both slip under the day's limit", async () => {
    const userId = crypto.randomUUID();
    const limits = { maxInFlight: 10, maxBytesPerDay: 100 };
    const now = Date.UTC(2027, 5, 1, 12);
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => reserveDailyBytes(env.DB, userId, 40, limits, now)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
  });
});
