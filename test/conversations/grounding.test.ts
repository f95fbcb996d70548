import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appContext, userContext } from "../../worker/context";
import { getDb } from "../../worker/db/client";
import { contextAssignments, contexts, documents } from "../../worker/db/schema";
import { ingestDocument } from "../../worker/documents/ingest";
import { assignedDocumentIds, retrievePassages } from "../../worker/exercises/prompts/passages";
import { personal } from "../../worker/exercises/scope";
import { createExercise } from "../exercises/helpers";
import { storeDocument } from "../documents/ingest-helpers";
import { api, expectStatus } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { aiEnv, fakeRequests, grant, stripePlan, tag } from "./helpers";

// The design assistant reads the same retrieval as Ask Readyroom (worker/documents/retrieval.ts),
// over the documents assigned to the exercise through a Context — never the stub that returned [].

async function ingested(user: TestUser, filename: string, body: string) {
  const doc = await storeDocument(user.userId, filename, body);
  expect((await ingestDocument(appContext(env), { kind: "ingest", documentId: doc.id, userId: user.userId })).outcome).toBe("ready");
  return doc;
}

async function assign(documentIds: string[], exerciseId: string, userId: string) {
  const db = getDb(env.DB);
  const contextId = crypto.randomUUID();
  await db.insert(contexts).values({ id: contextId, name: "Exercise plans" });
  for (const id of documentIds) await db.update(documents).set({ contextId }).where(eq(documents.id, id));
  await db.insert(contextAssignments).values({ contextId, exerciseId, userId });
}

describe("design assistant grounding", () => {
  it("puts passages of the exercise's assigned documents in the prompt, and none of the planner's other documents", async () => {
    const user = await stripePlan(await createTestUser({ plan: "SOLO" }));
    await grant(user.accountId, 100);
    const id = await createExercise(user, { name: "Kestrel Dam TTX", threatType: "Dam failure" });
    const plan = await ingested(
      user,
      "dam-plan.md",
      "# Spillway\nThe Kestrel dam operator calls the county warning point when the spillway gauge reaches 42 feet.",
    );
    await ingested(user, "unrelated.md", "# Spillway\nThe Ravenmoor spillway notes are not assigned to this exercise.");
    await assign([plan.id], id, user.userId);

    const t = tag();
    const res = await api(`/api/conversations/${id}`, {
      method: "PUT",
      user,
      env: aiEnv(),
      body: { sectionType: "description", purpose: "conversation", messages: [{ role: "user", content: `What happens at the spillway gauge? ${t}` }] },
    });
    await expectStatus(res, 200);
    await res.text();
    const [sent] = await fakeRequests(t);
    const system = sent!.messages[0]!.content;
    expect(system).toContain("Kestrel dam operator calls the county warning point");
    expect(system).not.toContain("Ravenmoor");
  });

  it("with nothing assigned, a personal exercise is grounded in all the planner's own documents, never another user's", async () => {
    const owner = await stripePlan(await createTestUser({ plan: "SOLO" }));
    const other = await createTestUser({ plan: "SOLO" });
    const id = await createExercise(owner, { name: "Nothing assigned" });
    const ctx = userContext(env, owner.userId);
    expect(await retrievePassages(ctx, { scope: personal, exerciseId: id, query: "spillway", limit: 6 })).toEqual([]);
    await ingested(owner, "own-plan.md", "# Spillway\nThe owner's spillway plan names the county warning point.");
    expect((await retrievePassages(ctx, { scope: personal, exerciseId: id, query: "spillway", limit: 6 })).map((p) => p.documentName)).toEqual(["own-plan"]);

    // Someone else's document put in a context assigned to this exercise is not the owner's to read.
    const foreign = await ingested(other, "foreign.md", "# Spillway\nForeign spillway text.");
    await assign([foreign.id], id, other.userId);
    expect(await assignedDocumentIds(ctx, personal, id)).toEqual([]);
    const passages = await retrievePassages(ctx, { scope: personal, exerciseId: id, query: "spillway", limit: 6 });
    expect(passages.map((p) => p.content).join(" ")).not.toContain("Foreign");
  });
});
