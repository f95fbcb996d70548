import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { appContext } from "../../worker/context";
import { ingestDocument } from "../../worker/documents/ingest";
import { api, expectStatus, json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { aiEnv, balance, fakeRequests, grant, readNdjson, stripePlan } from "../conversations/helpers";
import { storeDocument } from "../documents/ingest-helpers";

/**
 * Ask's search with a chat model (issue 31 item 3, worker/ask/search-assist.ts): the model rewrites
 * the question into the plan's words and reranks the pooled passages, charged; a slow or unusable
 * model leaves the answer to keyword retrieval. The fake provider's answers are scripted per
 * question (POST /__fake/openai/script).
 */

const ACTIVATION = "The EOC moves to Level 2 partial activation when the National Weather Service issues a hurricane watch for Tamworth.";
const SHELTERS = "When a storm is coming the Red Cross opens shelters for people who leave their homes, at Tamworth High School.";

async function planner() {
  const user = await stripePlan(await createTestUser({ plan: "SOLO" }));
  await grant(user.accountId, 100);
  for (const [name, text] of [
    ["activation.md", `# EOC activation\n${ACTIVATION}`],
    ["shelters.md", `# Shelters\n${SHELTERS}`],
  ] as const) {
    const doc = await storeDocument(user.userId, name, text);
    expect((await ingestDocument(appContext(env), { kind: "ingest", documentId: doc.id, userId: user.userId })).outcome).toBe("ready");
  }
  return user;
}

async function script(contains: string, schema: "search_queries" | "passage_ranking", text: string, delayMs?: number) {
  const res = await fetch(`${env.FAKE_ORIGIN}/__fake/openai/script`, { method: "POST", body: JSON.stringify({ contains, schema, text, delayMs }) });
  expect(res.status).toBe(204);
}

async function askOnce(user: TestUser, question: string, overrides: Record<string, unknown> = {}) {
  const created = await api("/api/ask/chats", { method: "POST", user, body: {} });
  await expectStatus(created, 201);
  const chatId = (await json<{ chat: { id: string } }>(created)).chat.id;
  const res = await api(`/api/ask/chats/${chatId}/messages`, {
    method: "PUT",
    user,
    body: { messages: [{ role: "user", content: question }] },
    env: aiEnv(overrides),
  });
  await expectStatus(res, 200);
  const events = await readNdjson(res);
  const citations = events.find((e) => e.type === "citations")!.citations as { n: number; snippet: string; documentName: string }[];
  return { events, citations };
}

const structured = async (question: string, schema: string) => (await fakeRequests(question)).filter((r) => r.response_format?.json_schema?.name === schema);

// Paraphrases: each shares "people", "storm" and "coming" with the shelter passage and no word with the activation one.
const QUESTIONS = [
  "When do we call in people because a storm is coming?",
  "Do we call in people when a storm is coming?",
  "Should we call in people as a storm is coming?",
];
const question = (n: number) => QUESTIONS[n - 1]!;

describe("Ask's model-assisted search", () => {
  it("searches with the model's queries in the plan's words, cites the passages the model ranks relevant, and charges for the search", async () => {
    const me = await planner();
    const q = question(1);
    await script(q, "search_queries", JSON.stringify({ queries: ["hurricane watch partial activation Level 2"] }));
    // The pool lists the question's own find first (the shelters) and the query's second.
    await script(q, "passage_ranking", JSON.stringify({ relevant: [2] }));

    const { events, citations } = await askOnce(me, q);
    expect(citations).toEqual([expect.objectContaining({ n: 1, documentName: "activation" })]);
    const [rerank] = await structured(q, "passage_ranking");
    expect(rerank!.messages.at(-1)!.content).toContain("[1] (shelters)");
    expect(rerank!.messages.at(-1)!.content).toContain("[2] (activation)");
    expect(events.at(-1)).toMatchObject({ type: "done", credits: 3 });
    // The answer's 3 credits, and the search's two calls: 2 × 2050 tokens = 5 credits.
    expect(await balance(me.accountId)).toEqual({ current: 92, pending: 0 });

    // The same question with the search assist off: keyword retrieval alone finds only the shelters.
    const keyword = await askOnce(me, q, { ASK_SEARCH_ASSIST: "off" });
    expect(keyword.citations.map((c) => c.documentName)).toEqual(["shelters"]);
  });

  it("falls back to keyword retrieval when the model does not answer in time, and charges nothing for the search", async () => {
    const me = await planner();
    const q = question(2);
    await script(q, "search_queries", JSON.stringify({ queries: ["hurricane watch"] }), 3000);

    const { events, citations } = await askOnce(me, q, { ASK_SEARCH_ASSIST_TIMEOUT_MS: "100" });
    expect(citations.map((c) => c.documentName)).toEqual(["shelters"]);
    expect(events.at(-1)).toMatchObject({ type: "done", credits: 3 });
    expect(await structured(q, "passage_ranking")).toEqual([]);
    expect(await balance(me.accountId)).toEqual({ current: 97, pending: 0 });
  });

  it("falls back to keyword retrieval when the ranking is not the schema, charging the search for what it used", async () => {
    const me = await planner();
    const q = question(3);
    await script(q, "search_queries", JSON.stringify({ queries: ["hurricane watch"] }));
    await script(q, "passage_ranking", "The second passage, I think.");

    const { citations } = await askOnce(me, q);
    expect(citations.map((c) => c.documentName)).toEqual(["shelters"]);
    expect(await structured(q, "passage_ranking")).toHaveLength(1);
    expect(await balance(me.accountId)).toEqual({ current: 92, pending: 0 });
  });
});
