import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { appContext } from "../../worker/context";
import { ingestDocument } from "../../worker/documents/ingest";
import { storeDocument } from "../documents/ingest-helpers";
import { createExercise } from "../exercises/helpers";
import { api, expectStatus, json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { aiEnv, grant, readNdjson, stripePlan, tag } from "./helpers";

// The design assistant's prose cites passages like Ask Readyroom: the reply's [n] markers are
// mapped by the server to its own passages (document, chunk, quote), saved with the message, and a
// number no passage carries is removed from the text.

async function ingested(user: TestUser, filename: string, body: string) {
  const doc = await storeDocument(user.userId, filename, body);
  expect((await ingestDocument(appContext(env), { kind: "ingest", documentId: doc.id, userId: user.userId })).outcome).toBe("ready");
  return doc;
}

type Citation = { n: number; documentId: string; chunkId: string; documentName: string; quote: string };
type Saved = { conversation: { messages: { role: string; content: string; citations?: Citation[] }[] } };

async function plannerWithPlan() {
  const user = await stripePlan(await createTestUser({ plan: "SOLO" }));
  await grant(user.accountId, 100);
  const id = await createExercise(user, { name: "Osprey Levee TTX", threatType: "Levee breach" });
  const plan = await ingested(
    user,
    "levee-plan.md",
    "# Levee patrol\nThe Osprey levee patrol reports seepage to the county warning point within 15 minutes. Sirens sound in Zone 3.",
  );
  // Another planner's plan on the same subject: it must never be retrieved, numbered or cited for this exercise.
  const other = await createTestUser({ plan: "SOLO" });
  const foreign = await ingested(other, "foreign-levee.md", "# Levee patrol\nThe Osprey levee patrol seepage report goes to the foreign district office.");
  return { user, id, plan, foreign };
}

describe("prose citations in the design assistant's chat", () => {
  it("maps the model's markers to the server's passages, drops an unknown one, returns and saves them with the message", async () => {
    const { user, id, plan, foreign } = await plannerWithPlan();
    const answer = "Seepage is reported to the warning point within 15 minutes [1]. Sirens sound in Zone 3 [1, 2]. Test the Osprey levee patrol handoff [7].";
    const res = await api(`/api/conversations/v2/${id}`, {
      method: "PUT",
      user,
      env: aiEnv(),
      body: {
        sectionType: "description",
        purpose: "conversation",
        messages: [{ role: "user", content: `What does the levee patrol report? ${tag()} {{fake-answer:${answer}}}` }],
      },
    });
    await expectStatus(res, 200);
    const events = await readNdjson(res);
    expect(
      events
        .filter((e) => e.type === "text")
        .map((e) => e.delta)
        .join(""),
    ).toBe(answer);
    const cited = events.find((e) => e.type === "citations")!;
    const expected = "Seepage is reported to the warning point within 15 minutes [1]. Sirens sound in Zone 3 [1]. Test the Osprey levee patrol handoff.";
    expect(cited.content).toBe(expected);
    const citations = cited.citations as Citation[];
    expect(citations).toHaveLength(1);
    expect(citations[0]).toMatchObject({
      n: 1,
      documentId: plan.id,
      documentName: "levee-plan",
      quote: "The Osprey levee patrol reports seepage to the county warning point within 15 minutes.",
    });
    const chunk = await env.DB.prepare(`SELECT documentId FROM "DocumentChunk" WHERE id = ?`).bind(citations[0]!.chunkId).first<{ documentId: string }>();
    expect(chunk?.documentId).toBe(plan.id);
    expect(JSON.stringify(events)).not.toContain(foreign.id);
    // The citations come before the last line (usage), which still ends the stream.
    expect(events.at(-1)).toMatchObject({ type: "usage" });

    const saved = await json<Saved>(await api(`/api/conversations/${id}`, { user }));
    const last = saved.conversation.messages.at(-1)!;
    expect(last).toMatchObject({ role: "assistant", content: expected, citations });
  });

  it("a draft request records sources per element, not prose citations", async () => {
    const { user, id } = await plannerWithPlan();
    const events = await readNdjson(
      await api(`/api/conversations/v2/${id}`, {
        method: "PUT",
        user,
        env: aiEnv(),
        body: { sectionType: "msel_table", purpose: "content", messages: [{ role: "user", content: `Draft it ${tag()}` }] },
      }),
    );
    expect(events.some((e) => e.type === "citations")).toBe(false);
    expect(events.some((e) => e.type === "draft")).toBe(true);
  });

  it("offline, the prose quotes the planner's passages with markers mapped the same way", async () => {
    const { user, id, plan, foreign } = await plannerWithPlan();
    const res = await api(`/api/conversations/v2/${id}`, {
      method: "PUT",
      user,
      body: { sectionType: "description", purpose: "conversation", messages: [{ role: "user", content: "When does the levee patrol report seepage?" }] },
    });
    await expectStatus(res, 200);
    const events = await readNdjson(res);
    expect(events[0]).toMatchObject({ type: "meta", offline: true });
    const text = events
      .filter((e) => e.type === "text")
      .map((e) => e.delta)
      .join("");
    expect(text).toContain("“The Osprey levee patrol reports seepage to the county warning point within 15 minutes.” [1]");
    const cited = events.find((e) => e.type === "citations")!;
    expect(cited.content).toBe(text);
    expect(cited.citations).toEqual([expect.objectContaining({ n: 1, documentId: plan.id })]);
    expect(JSON.stringify(events)).not.toContain(foreign.id);
  });
});
