import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { appContext } from "../../worker/context";
import type { Env } from "../../worker/env";
import { ingestDocument } from "../../worker/documents/ingest";
import { retrievePassages } from "../../worker/documents/retrieval";
import { deleteDocument } from "../../worker/documents/service";
import { embeddingMode, embedPendingDocuments, semanticSearch } from "../../worker/documents/vectors/semantic";
import { userContext } from "../../worker/context";
import { createTestUser, type TestUser } from "../helpers/auth";
import { documentRow, storeDocument } from "./ingest-helpers";

/**
 * Embeddings and the local vector index (the `Embedding` table) through real D1 and the fake
 * OpenAI-compatible /embeddings endpoint (test/fakes/embeddings.ts).
 */
const withEmbeddings = (overrides: Record<string, string> = {}): Env =>
  ({ ...env, EMBEDDINGS_BASE_URL: `${env.FAKE_ORIGIN}/v1`, EMBEDDINGS_API_KEY: "sk-fake-test", EMBEDDINGS_MODEL: "fake-embed-1", ...overrides }) as Env;

const PLAN =
  "# Evacuation routes\nResidents of the Saltmarsh Point marsh leave by the Calloway Bridge before winds reach 45 mph.\n\n" +
  "# Sheltering\nGreywell High School opens as the shelter with 850 beds and a pet-friendly wing.";

async function ingest(e: Env, user: TestUser, text = PLAN, filename = "plan.md") {
  const doc = await storeDocument(user.userId, filename, text);
  const result = await ingestDocument(appContext(e), { kind: "ingest", documentId: doc.id, userId: user.userId });
  expect(result.outcome).toBe("ready");
  return doc.id;
}

const vectorRows = async (documentId: string) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM "Embedding" WHERE "documentId" = ?1`).bind(documentId).first<{ n: number }>())!.n;
const chunkRows = async (documentId: string) =>
  (await env.DB.prepare(`SELECT count(*) AS n FROM "DocumentChunk" WHERE "documentId" = ?1`).bind(documentId).first<{ n: number }>())!.n;

describe("embeddings and the local vector index", () => {
  it("embeds every passage on ingest, idempotently, and records the model", async () => {
    const e = withEmbeddings();
    const me = await createTestUser();
    const id = await ingest(e, me, PLAN.repeat(3));
    const chunks = await chunkRows(id);
    expect(chunks).toBeGreaterThan(0);
    expect(await vectorRows(id)).toBe(chunks);
    expect((await documentRow(id))!.structuredContent).toMatchObject({ vectors: { model: "fake-embed-1", count: chunks } });
    await ingestDocument(appContext(e), { kind: "ingest", documentId: id, userId: me.userId });
    expect(await vectorRows(id)).toBe(await chunkRows(id));
  });

  it("finds the caller's passages by meaning and never another user's, even with their exact words", async () => {
    const e = withEmbeddings();
    const [a, b] = await Promise.all([createTestUser(), createTestUser()]);
    await ingest(e, a);
    const ctx = appContext(e);
    const mine = await semanticSearch(ctx, { userId: a.userId, query: "Greywell High School shelter with 850 beds", limit: 5 });
    expect(mine.length).toBeGreaterThan(0);
    expect(await semanticSearch(ctx, { userId: b.userId, query: "Greywell High School shelter with 850 beds", limit: 5 })).toEqual([]);
  });

  it("deleting a document deletes its vectors", async () => {
    const e = withEmbeddings();
    const me = await createTestUser();
    const id = await ingest(e, me);
    expect(await vectorRows(id)).toBeGreaterThan(0);
    await deleteDocument(userContext(e, me.userId), id);
    expect(await vectorRows(id)).toBe(0);
  });

  it("keyword-only without an embedder: no vectors, no semantic results, the mode says none", async () => {
    const me = await createTestUser();
    const id = await ingest(env, me);
    expect(await vectorRows(id)).toBe(0);
    expect(embeddingMode(appContext(env))).toBe("none");
    expect(embeddingMode(appContext(withEmbeddings()))).toBe("openai-compatible");
    expect(await semanticSearch(appContext(env), { userId: me.userId, query: "shelter", limit: 5 })).toEqual([]);
  });

  it("an embedding outage leaves the document Ready on keywords, and the sweep fills the vectors later", async () => {
    const me = await createTestUser();
    const id = await ingest(withEmbeddings({ EMBEDDINGS_MODEL: "fake-error" }), me);
    expect(await vectorRows(id)).toBe(0);
    const found = await retrievePassages(appContext(withEmbeddings({ EMBEDDINGS_MODEL: "fake-error" })), {
      userId: me.userId,
      question: "Which school is the shelter?",
    });
    expect(found[0]?.content).toContain("Greywell High School");
    // Each run embeds the oldest documents still without vectors; this one is among them in a few runs at most.
    const ctx = appContext(withEmbeddings());
    for (let run = 0; run < 10 && (await vectorRows(id)) === 0; run++) await embedPendingDocuments(ctx);
    expect(await vectorRows(id)).toBe(await chunkRows(id));
  });

  it("hybrid retrieval finds a passage the keywords miss (a misspelt question) when it is near enough by meaning", async () => {
    const e = withEmbeddings({ EMBEDDINGS_MIN_SCORE: "0.3" });
    const me = await createTestUser();
    await ingest(e, me, "# Routes\nSaltmarsh Point evacuation uses the Calloway Bridge.", "routes.md");
    await ingest(e, me, "# Shelters\nGreywell High School opens as the shelter with 850 beds.", "shelters.md");
    const question = "Saltmarssh evacuaton brigde";
    expect(await retrievePassages(appContext(e), { userId: me.userId, question, semantic: false })).toEqual([]);
    const hybrid = await retrievePassages(appContext(e), { userId: me.userId, question });
    expect(hybrid.map((p) => p.documentName)).toEqual(["routes"]);
  });
});
