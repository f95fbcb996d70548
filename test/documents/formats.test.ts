import { beforeAll, describe, expect, inject, it } from "vitest";
import { api, json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { waitForIngest } from "./ingest-helpers";

// Issue 11: a file of every kind goes the whole way — the upload API (type and content checks),
// R2, the INGEST queue and its real consumer — and ends Ready with its text indexed, or Failed
// with what the planner should do instead.

async function fixture(name: string): Promise<File> {
  const res = await fetch(`${inject("fakeOrigin")}/fixtures/documents/${name}`);
  if (!res.ok) throw new Error(`fixture ${name}: ${res.status}`);
  return new File([await res.arrayBuffer()], name);
}

async function uploadAndIngest(user: TestUser, name: string) {
  const form = new FormData();
  form.append("file", await fixture(name));
  const res = await api("/api/documents/upload", { method: "POST", user, raw: form });
  expect(res.status, `${name}: ${await res.clone().text()}`).toBe(201);
  const { id } = ((await json(res)) as { document: { id: string } }).document;
  return { id, status: await waitForIngest(id) };
}

let user: TestUser;
beforeAll(async () => {
  user = await createTestUser({ plan: "SOLO" });
});

describe("every file type through upload and the real queue consumer", () => {
  const readable: [string, string][] = [
    ["annex-k.docx", "residents are displaced"],
    ["annex-k.doc", "residents are displaced"],
    ["annex-k.odt", "residents are displaced"],
    ["annex-k.epub", "residents are displaced"],
    ["annex-k.rtf", "residents are displaced"],
    ["annex-k.rst", "residents are displaced"],
    ["annex-k.org", "residents are displaced"],
    ["annex-k.html", "residents are displaced"],
    ["annex-k.pptx", "primary shelter"],
    ["shelters.xlsx", "Riverside Community Center"],
    ["shelters.xls", "Riverside Community Center"],
    ["annex-k.ppt", "primary shelter"],
    ["eoc-activation.msg", "Section chiefs report"],
    ["shelters.csv", "Riverside Community Center"],
    ["contacts.tsv", "Mass care"],
    ["resources.xml", "Generator trailer"],
    ["eoc-activation.eml", "Section chiefs report"],
    ["signed-order.p7s", "evacuate Zone A"],
  ];
  for (const [name, phrase] of readable) {
    it(`${name} ends Ready and its text is found`, async () => {
      const { id, status } = await uploadAndIngest(user, name);
      expect(status, JSON.stringify(status)).toMatchObject({ status: "ready", progress: 100 });
      expect(status.chunkCount).toBeGreaterThan(0);
      const res = await api(`/api/documents/search?q=${encodeURIComponent(phrase)}`, { user });
      expect(res.status).toBe(200);
      // By id: a file with a Title of its own (annex-k.docx) is listed under that title, not its filename.
      expect(((await json(res)).hits as { documentId: string }[]).map((h) => h.documentId)).toContain(id);
    });
  }

  const refused: [string, RegExp][] = [
    ["sign.png", /No text could be read from this image/],
    ["sign.heic", /No text could be read from this image/],
    ["detached.p7s", /detached signature/],
  ];
  for (const [name, message] of refused) {
    it(`${name} is kept and ends Failed with what to do instead`, async () => {
      const { id, status } = await uploadAndIngest(user, name);
      expect(status.status).toBe("failed");
      expect(status.error).toMatch(message);
      const list = (await json(await api("/api/documents", { user }))) as { documents?: { id: string }[] } | { id: string }[];
      const rows = Array.isArray(list) ? list : (list.documents ?? []);
      expect(rows.map((d) => d.id)).toContain(id);
    });
  }
});
