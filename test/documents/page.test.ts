import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client";
import { clients, clientUsers, documents } from "../../worker/db/schema";
import { fileProblem, formatBytes, snippetParts } from "../../web/components/documents/format";
import { nowDate } from "../../worker/lib/clock";
import { createTestUser } from "../helpers/auth";
import { enterprise } from "../clients/helpers";

const now = () => nowDate().toISOString();

describe("/documents", () => {
  it("renders the caller's documents with their status, and nobody else's", async () => {
    const [dana, other] = await Promise.all([createTestUser({ plan: "SOLO", onboarded: true }), createTestUser({ plan: "SOLO", onboarded: true })]);
    const db = getDb(env.DB);
    // Rows with a settled status, so the background queue cannot change what the page shows.
    await db.insert(documents).values([
      {
        name: "Annex F — Riverine Flood",
        filename: "annex-f.md",
        type: "md",
        path: `documents/${dana.userId}/a/annex-f.md`,
        processed: true,
        userId: dana.userId,
        structuredContent: { upload: { size: 2048 }, ingest: { status: "ready", progress: 100, chunkCount: 12, updatedAt: now() } },
      },
      {
        name: "Scanned AAR",
        filename: "aar.pdf",
        type: "pdf",
        path: `documents/${dana.userId}/b/aar.pdf`,
        processed: false,
        userId: dana.userId,
        structuredContent: { ingest: { status: "failed", progress: 40, error: "This PDF has no text layer.", updatedAt: now() } },
      },
      { name: "Someone else's plan", filename: "x.md", type: "md", processed: true, userId: other.userId },
    ]);

    const res = await SELF.fetch("http://localhost/documents", { headers: { cookie: dana.cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("<title>Documents · Readyroom</title>");
    expect(html).toContain("Annex F — Riverine Flood");
    expect(html).toMatch(/data-status="ready"[^>]*>[^<]*Ready/);
    expect(html).toContain("Markdown · 2 KB · Uploaded");
    expect(html).toContain("12 passages");
    expect(html).toContain("Scanned AAR");
    expect(html).toMatch(/data-status="failed"[^>]*>[^<]*Failed/);
    expect(html).toContain("This PDF has no text layer.");
    expect(html).toContain("Try again");
    expect(html).toContain("Upload documents");
    expect(html).not.toContain("Someone else&#x27;s plan");
    expect(html).not.toContain("Someone else's plan");
  });

  it("shows the empty state to a planner without documents", async () => {
    const user = await createTestUser({ plan: "SOLO", onboarded: true });
    const html = await (await SELF.fetch("http://localhost/documents", { headers: { cookie: user.cookie } })).text();
    expect(html).toContain("No documents yet");
  });

  it("offers an enterprise planner's own clients for filing and assigning documents, and a solo planner none", async () => {
    const { owner } = await enterprise();
    const solo = await createTestUser({ plan: "SOLO", onboarded: true });
    const db = getDb(env.DB);
    const clientName = `Bayhaven County ${crypto.randomUUID().slice(0, 8)}`;
    const [client] = await db.insert(clients).values({ name: clientName, accountId: owner.accountId }).returning();
    // A solo planner linked to a client still sees no client controls: clients are an enterprise feature (spec §6).
    await db.insert(clientUsers).values({ clientId: client!.id, userId: solo.userId });

    const page = async (cookie: string) => (await SELF.fetch("http://localhost/documents", { headers: { cookie } })).text();
    const html = await page(owner.cookie);
    expect(html).toContain("File new uploads under");
    expect(html).toContain(`<option value="${client!.id}">${clientName}</option>`);

    const soloHtml = await page(solo.cookie);
    expect(soloHtml).not.toContain("File new uploads under");
    expect(soloHtml).not.toContain(clientName);
  });

  it("sends a signed-out visitor to /login and back", async () => {
    const res = await SELF.fetch("http://localhost/documents", { redirect: "manual" });
    expect(res.status).toBe(302);
    const location = res.headers.get("location") ?? "";
    expect(location).toMatch(/^\/login/);
    expect(decodeURIComponent(location)).toContain("/documents");
  });
});

describe("library helpers", () => {
  it("marks the [ ] matches of a search snippet and keeps the rest as text", () => {
    expect(snippetParts("…the [levee] near [Alder] Flats…")).toEqual([
      { text: "…the ", match: false },
      { text: "levee", match: true },
      { text: " near ", match: false },
      { text: "Alder", match: true },
      { text: " Flats…", match: false },
    ]);
    expect(snippetParts("no matches")).toEqual([{ text: "no matches", match: false }]);
    expect(snippetParts("[]")).toEqual([]);
  });

  it("refuses unsupported, empty and oversize files before sending them", () => {
    expect(fileProblem(new File(["x"], "plan.md"))).toBeNull();
    expect(fileProblem(new File(["x"], "scan.tiff", { type: "image/tiff" }))).toBeNull();
    expect(fileProblem(new File(["x"], "backup.zip", { type: "application/zip" }))).toMatch(
      /this file type is not accepted\. Upload one of: \.bmp, \.csv, .* or \.xml\./,
    );
    expect(fileProblem(new File([], "empty.txt"))).toBe("empty.txt is empty.");
    expect(fileProblem(new File([new Uint8Array(31_457_280)], "max.pdf"))).toBeNull();
    expect(fileProblem(new File([new Uint8Array(31_457_281)], "big.pdf"))).toBe("big.pdf is too large: files can be up to 30 MB.");
  });

  it("prints sizes the way a planner reads them", () => {
    expect([formatBytes(900), formatBytes(1536), formatBytes(2048), formatBytes(350_000), formatBytes(25 * 1024 * 1024)]).toEqual([
      "900 B",
      "1.5 KB",
      "2 KB",
      "342 KB",
      "25 MB",
    ]);
  });
});
