import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { appContext } from "../../worker/context";
import { getDb } from "../../worker/db/client";
import { ingestDocument } from "../../worker/documents/ingest";
import { deleteDocumentIndex, searchChunks, toFtsQuery } from "../../worker/documents/index-store";
import { createTestUser, type TestUser } from "../helpers/auth";
import { makePdf } from "./ingest-fixtures";
import { chunkCounts, storeDocument } from "./ingest-helpers";

const db = () => getDb(env.DB);

async function ingested(userId: string, filename: string, body: string | ArrayBuffer) {
  const doc = await storeDocument(userId, filename, body);
  const result = await ingestDocument(appContext(env), { kind: "ingest", documentId: doc.id, userId });
  expect(result.outcome).toBe("ready");
  return doc;
}

let me: TestUser;
let other: TestUser;
let playbook: { id: string };
let minutes: { id: string };

beforeAll(async () => {
  [me, other] = await Promise.all([createTestUser(), createTestUser()]);
  playbook = await ingested(
    me.userId,
    "playbook.md",
    '# Ransomware\nIsolate infected hosts, then notify the incident commander.\n\n# Communications\nThe press officer drafts a holding statement. Use OR NEAR quotes "carefully" * stars.',
  );
  minutes = await ingested(me.userId, "minutes.txt", "Minutes: the exercise tested the ransomware escalation path.");
  await ingested(other.userId, "secret.txt", "Other tenant ransomware plan with the codeword zebracorn.");
});

describe("toFtsQuery", () => {
  it.each([
    ["ransomware plan", '"ransomware" "plan"*'],
    ['"unbalanced quote', '"unbalanced" "quote"*'],
    ["a OR b", '"a" "OR" "b"'],
    ["NEAR(x y)", '"NEAR" "x" "y"'],
    ["OR", '"OR"'],
    ["col:value^ -neg +pos", '"col" "value" "neg" "pos"*'],
    ["naïve café", '"naïve" "café"*'],
    ["  ", null],
    ['"*()^:', null],
  ])("%j → %j", (input, expected) => {
    expect(toFtsQuery(input)).toBe(expected);
  });
});

describe("searchChunks", () => {
  it("finds my chunks by keyword (stemmed, prefix on the last word), best first, with [marked] snippets", async () => {
    const hits = await searchChunks(db(), me.userId, "ransomware");
    expect(hits.map((h) => h.documentId).sort()).toEqual([playbook.id, minutes.id].sort());
    expect(hits[0]!.score).toBeGreaterThanOrEqual(hits[1]!.score);
    expect(hits.find((h) => h.documentId === playbook.id)).toMatchObject({
      documentName: "playbook",
      position: 0,
      snippet: expect.stringContaining("[Ransomware]"),
    });

    // Porter stemming: "isolating" finds "Isolate"; the last word is a prefix: "comman" finds "commander".
    const stemmed = await searchChunks(db(), me.userId, "isolating comman");
    expect(stemmed).toHaveLength(1);
    expect(stemmed[0]!.snippet).toMatch(/\[Isolate\].*\[commander\]/);
  });

  it("never returns another user's chunks, and the documentIds filter narrows", async () => {
    expect(await searchChunks(db(), me.userId, "zebracorn")).toEqual([]);
    expect(await searchChunks(db(), other.userId, "zebracorn")).toHaveLength(1);
    expect((await searchChunks(db(), other.userId, "ransomware")).every((h) => h.documentName === "secret")).toBe(true);

    const onlyMinutes = await searchChunks(db(), me.userId, "ransomware", { documentIds: [minutes.id] });
    expect(onlyMinutes.map((h) => h.documentId)).toEqual([minutes.id]);
    expect(await searchChunks(db(), me.userId, "ransomware", { documentIds: [] })).toEqual([]);
  });

  it('makes ", *, OR, NEAR( and column syntax harmless (plain words, never an FTS error)', async () => {
    for (const query of ['"', "*", "OR", "NEAR(", 'press "officer', "ransomware OR zebracorn", "content:zebracorn", "-", "AND NOT"]) {
      await expect(searchChunks(db(), me.userId, query)).resolves.toBeInstanceOf(Array);
    }
    // "OR" is a word to match, not an operator: only the playbook contains it.
    const or = await searchChunks(db(), me.userId, "OR");
    expect(or.map((h) => h.documentId)).toEqual([playbook.id]);
    // AND semantics: the other tenant's word never widens my results.
    expect(await searchChunks(db(), me.userId, "ransomware OR zebracorn")).toEqual([]);
    expect(await searchChunks(db(), me.userId, '"*')).toEqual([]);
  });

  it('match "any" finds chunks with any of the words (still quoted, still my documents only); the default stays "all"', async () => {
    expect(toFtsQuery('press "officer OR', "any")).toBe('"press" OR "officer" OR "OR"');
    expect(toFtsQuery("  ", "any")).toBeNull();

    const question = "Who notifies the incident commander about zebracorn minutes?";
    expect(await searchChunks(db(), me.userId, question)).toEqual([]);
    const any = await searchChunks(db(), me.userId, question, { match: "any" });
    expect(any.map((h) => h.documentId).sort()).toEqual([playbook.id, minutes.id].sort());
    // The other tenant's codeword widens nothing, and the documentIds filter still applies.
    expect(any.every((h) => h.documentName !== "secret")).toBe(true);
    const scoped = await searchChunks(db(), me.userId, question, { match: "any", documentIds: [minutes.id] });
    expect(scoped.map((h) => h.documentId)).toEqual([minutes.id]);
  });

  it("reports the PDF page of a hit", async () => {
    const pdf = await ingested(me.userId, "deck.pdf", await makePdf([["Welcome"], ["Tabletop checklist items"]]));
    const hits = await searchChunks(db(), me.userId, "checklist", { documentIds: [pdf.id] });
    expect(hits).toEqual([expect.objectContaining({ documentId: pdf.id, page: 2, position: 1 })]);
  });

  it("deleteDocumentIndex removes the chunks and their FTS rows; deleting the Document cascades both", async () => {
    const doc = await ingested(me.userId, "temp.txt", "Temporary quokka notes.");
    expect(await chunkCounts(doc.id)).toEqual({ chunks: 1, fts: 1 });
    await deleteDocumentIndex(db(), doc.id);
    expect(await chunkCounts(doc.id)).toEqual({ chunks: 0, fts: 0 });
    expect(await searchChunks(db(), me.userId, "quokka")).toEqual([]);

    const cascaded = await ingested(me.userId, "temp2.txt", "Another wombat note.");
    await env.DB.prepare(`DELETE FROM "Document" WHERE "id" = ?1`).bind(cascaded.id).run();
    expect(await chunkCounts(cascaded.id)).toEqual({ chunks: 0, fts: 0 });
  });
});
