import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { appContext } from "../../worker/context";
import { ingestDocument } from "../../worker/documents/ingest";
import { readingCopyKey } from "../../worker/documents/reading-copy";
import { api, apiError, expectStatus, json, ORIGIN, type Json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { joinedMember, teamOwner } from "../teams/helpers";
import { documentRow, storeDocument } from "./ingest-helpers";

/**
 * The document view's API (issue 31 item 4): GET /api/documents/:id/text?passage={chunk} answers a
 * readable document's text with its structure, its passages and where each lies, and the cited one
 * with its neighbours; the file's own Title names it in the library. Someone who may not read the
 * document gets 404, for its text and its download alike.
 */

const ANNEX_R = "Tollmere County Annex R — Radiological Emergency Response";

async function fixture(name: string): Promise<ArrayBuffer> {
  const res = await fetch(`${inject("fakeOrigin")}/fixtures/documents/${name}`);
  if (!res.ok) throw new Error(`fixture ${name}: ${res.status}`);
  return res.arrayBuffer();
}

/** The fixture stored for `user` as `filename` (named like an upload without a name) and read. */
async function ingested(user: TestUser, fixtureName: string, filename: string, options: { name?: string } = {}): Promise<string> {
  const doc = await storeDocument(user.userId, filename, await fixture(fixtureName), options);
  expect((await ingestDocument(appContext(env), { kind: "ingest", documentId: doc.id, userId: user.userId })).outcome).toBe("ready");
  return doc.id;
}

type Passage = { id: string; position: number; page: number | null; heading: string | null; from: [number, number]; to: [number, number] };
type Section = { heading: string | null; path: string[]; page: number | null; text: string };
type TextAnswer = { document: Json; source: string; sections: Section[]; passages: Passage[]; passage: Json | null };

const text = async (user: TestUser, id: string, passage?: string) =>
  api(`/api/documents/${id}/text${passage === undefined ? "" : `?passage=${encodeURIComponent(passage)}`}`, { user });
const textOk = async (user: TestUser, id: string, passage?: string) => json<TextAnswer>(await expectStatus(await text(user, id, passage), 200, "text"));

/** The passage's text, read from the sections by its span. */
function spanText(answer: TextAnswer, p: Passage): string {
  const parts: string[] = [];
  for (let s = p.from[0]; s <= p.to[0]; s++) {
    const section = answer.sections[s]!;
    parts.push(section.text.slice(s === p.from[0] ? p.from[1] : 0, s === p.to[0] ? p.to[1] : section.text.length));
  }
  return parts.join("\n");
}

let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  [alice, bob] = await Promise.all([createTestUser({ plan: "SOLO" }), createTestUser({ plan: "SOLO" })]);
});

describe("GET /api/documents/:id/text", () => {
  it("a PDF made by LibreOffice: its sections with headings and pages, its passages where they lie, the cited one with its neighbours", async () => {
    const id = await ingested(alice, "radiological-annex.pdf", "annex-r.pdf");
    const whole = await textOk(alice, id);
    expect(whole.source).toBe("copy");
    expect(whole.passage).toBeNull();
    expect(whole.document).toMatchObject({ id, type: "pdf", name: ANNEX_R });
    const monitoring = whole.sections.find((s) => s.heading === "2. Field Monitoring" && s.text)!;
    expect(monitoring).toMatchObject({ page: 2, path: ["Annex R: Radiological Emergency Response", "2. Field Monitoring"] });
    expect(whole.passages.map((p) => [p.position, p.page])).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
    ]);
    const [first, second, third] = whole.passages as [Passage, Passage, Passage];
    expect(spanText(whole, second)).toContain("each team reaches its first sampling point within 40 minutes");
    expect(spanText(whole, first)).toContain("1. Notification of Unusual Event.");

    const cited = await textOk(alice, id, second.id);
    expect(cited.passage).toEqual({ id: second.id, position: 1, page: 2, previousId: first.id, nextId: third.id });
    expect((await textOk(alice, id, first.id)).passage).toMatchObject({ previousId: null, nextId: second.id });
    expect((await textOk(alice, id, third.id)).passage).toMatchObject({ previousId: second.id, nextId: null });
  });

  it("a DOCX: its Title names it, its table and list stay lines of their section; a name the planner gave stays", async () => {
    const id = await ingested(alice, "radiological-annex.docx", "annex-r.docx");
    const answer = await textOk(alice, id);
    expect(answer.document.name).toBe(ANNEX_R);
    const centers = answer.sections.find((s) => s.heading === "3. Reception Centers")!;
    expect(centers.text).toContain("Reception center | Capacity per hour\nReception center: Oakridge High School, Capacity per hour: 300");
    expect(answer.sections.find((s) => s.heading === "1. Purpose")!.text).toContain("\n1. Notification of Unusual Event.\n2. Alert.");

    const named = await ingested(alice, "radiological-annex.docx", "annex-r.docx", { name: "Annex R (county draft)" });
    expect((await documentRow(named))!.name).toBe("Annex R (county draft)");
    // No Title in the file: the filename's name stays.
    const untitled = await ingested(alice, "structure.docx", "structure.docx");
    expect((await documentRow(untitled))!.name).toBe("structure");
  });

  it("a passage not in the document is 404 passage_not_found (another document's, a made-up one); a malformed one is 400", async () => {
    const id = await ingested(alice, "radiological-annex.docx", "annex-r.docx");
    const other = await ingested(alice, "structure.docx", "structure.docx");
    const otherPassage = (await textOk(alice, other)).passages[0]!.id;
    for (const passage of [otherPassage, "not-a-passage"]) {
      expect(await apiError(await text(alice, id, passage))).toMatchObject({ status: 404, code: "passage_not_found" });
    }
    const tooLong = await apiError(await text(alice, id, "x".repeat(101)));
    expect(tooLong).toMatchObject({ status: 400 });
    expect(tooLong.message).toMatch(/passage/i);
    expect((await apiError(await text(alice, "no-such-document"))).status).toBe(404);
  });

  it("a document read before reading copies were kept shows its passages as its sections", async () => {
    const id = await ingested(alice, "radiological-annex.pdf", "annex-r.pdf");
    await env.UPLOADS.delete(readingCopyKey(alice.userId, id));
    const answer = await textOk(alice, id);
    expect(answer.source).toBe("chunks");
    expect(answer.sections).toHaveLength(answer.passages.length);
    const second = answer.passages[1]!;
    expect(second.from).toEqual([1, 0]);
    expect(answer.sections[1]).toMatchObject({ page: 2, heading: "Annex R: Radiological Emergency Response › 2. Field Monitoring" });
    // The context line the stored passage starts with is not shown as text.
    expect(answer.sections[1]!.text.startsWith("Two field monitoring teams")).toBe(true);
  });

  it("deleting the document deletes its reading copy", async () => {
    const id = await ingested(alice, "radiological-annex.docx", "annex-r.docx");
    expect(await env.UPLOADS.head(readingCopyKey(alice.userId, id))).not.toBeNull();
    await expectStatus(await api(`/api/documents/${id}`, { method: "DELETE", user: alice }), 200, "delete");
    expect(await env.UPLOADS.head(readingCopyKey(alice.userId, id))).toBeNull();
  });
});

describe("who may read it", () => {
  it("the owner and the team it is shared with read its text and download it; anyone else gets 404 for both", async () => {
    const owner = await teamOwner();
    const member = await joinedMember(owner);
    const id = await ingested(owner, "radiological-annex.pdf", "annex-r.pdf");
    const passage = (await textOk(owner, id)).passages[1]!.id;
    const download = (user: TestUser) => api(`/api/documents/${id}/download`, { user });

    // Private: only its author.
    expect((await text(member, id, passage)).status).toBe(404);
    expect((await download(member)).status).toBe(404);

    await expectStatus(await api(`/api/teams/shares/document/${id}`, { method: "PUT", user: owner, body: { access: "read" } }), 200, "share");
    expect((await textOk(member, id, passage)).passage).toMatchObject({ id: passage, page: 2 });
    await expectStatus(await download(member), 200, "member downloads");

    for (const outsider of [bob, await createTestUser({ plan: "TEAM", onboarded: true })]) {
      expect(await apiError(await text(outsider, id, passage))).toMatchObject({ status: 404, code: "not_found" });
      expect((await download(outsider)).status).toBe(404);
    }
    expect((await api(`/api/documents/${id}/text`)).status).toBe(401);
  });
});

describe("the page /documents/{id}?passage=", () => {
  // The page's loader (web/routes/documents_.$id.tsx) calls the same service; needs `npm run build` first.
  const page = (path: string, user: TestUser) => SELF.fetch(`${ORIGIN}${path}`, { headers: { cookie: user.cookie }, redirect: "manual" });

  it("renders the text with the cited passage marked; a passage no longer there opens the document and says so; others get 404", async () => {
    const id = await ingested(alice, "radiological-annex.pdf", "annex-r.pdf");
    const second = (await textOk(alice, id)).passages[1]!;
    const res = await page(`/documents/${id}?passage=${second.id}`, alice);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(ANNEX_R);
    expect(html).toMatch(/<mark id="cited-passage"[^>]*>(?:<span[^>]*>Cited passage: <\/span>)?Two field monitoring teams/);
    expect(html).toContain("Passage <!-- -->2<!-- --> of <!-- -->3");
    expect(html).toContain(`href="/api/documents/${id}/download"`);

    const gone = await (await page(`/documents/${id}?passage=no-such-passage`, alice)).text();
    expect(gone).toContain("The cited passage is not in this document any more");
    expect(gone).not.toContain('id="cited-passage"');

    expect((await page(`/documents/${id}?passage=${second.id}`, bob)).status).toBe(404);
    expect((await page(`/documents/no-such-document`, alice)).status).toBe(404);
  });
});
