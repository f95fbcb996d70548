import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { appContext, userContext } from "../../worker/context";
import { getDb } from "../../worker/db/client";
import { accounts, clients, clientUsers } from "../../worker/db/schema";
import { enterpriseClientsOf } from "../../worker/exercises/clients";
import { ingestDocument } from "../../worker/documents/ingest";
import { assignedDocumentIds } from "../../worker/exercises/prompts/passages";
import { inCampaign, personal } from "../../worker/exercises/scope";
import { grant, readNdjson, stripePlan } from "../conversations/helpers";
import { storeDocument } from "../documents/ingest-helpers";
import { api, apiError, expectStatus, json, type Json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { createCampaign, createExercise } from "./helpers";

// Planners assign their documents to an exercise (and, enterprise, to a client); the design
// assistant then drafts MSEL rows and questions that name the plan passage they test (issue 11).

async function ingested(user: TestUser, filename: string, body: string) {
  const doc = await storeDocument(user.userId, filename, body);
  expect((await ingestDocument(appContext(env), { kind: "ingest", documentId: doc.id, userId: user.userId })).outcome).toBe("ready");
  return doc;
}

const LEVEE_PLAN =
  "# Levee Emergency Action Plan\nWhen the levee patrol reports overtopping near Eastbank, the EOC issues the immediate evacuation warning for Eastbank and activates door-to-door notification.";

let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  alice = await stripePlan(await createTestUser({ plan: "SOLO" }));
  bob = await createTestUser({ plan: "SOLO" });
});

const names = async (res: Response) => ((await json(res)).documents as Json[]).map((d) => d.name);

describe("assigning documents to an exercise", () => {
  it("assigns, lists and unassigns; assigning twice is one assignment; the document may serve several exercises", async () => {
    const id = await createExercise(alice, { name: "Levee TTX" });
    const other = await createExercise(alice, { name: "Second TTX" });
    const plan = await ingested(alice, "levee-eap.md", LEVEE_PLAN);
    const annex = await ingested(alice, "mass-care.md", "# Shelters\nNorthside High opens as a shelter.");

    await expectStatus(await api(`/api/exercises/${id}/documents`, { user: alice }), 200);
    expect(await names(await api(`/api/exercises/${id}/documents`, { user: alice }))).toEqual([]);
    expect(await names(await expectStatus(await api(`/api/exercises/${id}/documents`, { user: alice, body: { documentId: plan.id } }), 200))).toEqual([
      "levee-eap",
    ]);
    await expectStatus(await api(`/api/exercises/${id}/documents`, { user: alice, body: { documentId: plan.id } }), 200);
    await expectStatus(await api(`/api/exercises/${id}/documents`, { user: alice, body: { documentId: annex.id } }), 200);
    await expectStatus(await api(`/api/exercises/${other}/documents`, { user: alice, body: { documentId: plan.id } }), 200);
    expect(await names(await api(`/api/exercises/${id}/documents`, { user: alice }))).toEqual(["levee-eap", "mass-care"]);
    expect(await json(await api(`/api/documents/${plan.id}/assignments`, { user: alice }))).toEqual({
      exerciseIds: expect.arrayContaining([id, other]),
      clientIds: [],
    });

    const removed = await api(`/api/exercises/${id}/documents/${plan.id}`, { method: "DELETE", user: alice });
    expect(await names(await expectStatus(removed, 200))).toEqual(["mass-care"]);
    // Unassigning from one exercise leaves the other's assignment alone.
    expect(await names(await api(`/api/exercises/${other}/documents`, { user: alice }))).toEqual(["levee-eap"]);
    expect(await assignedDocumentIds(userContext(env, alice.userId), personal, id)).toEqual([annex.id]);

    // Deleting a document takes its context and assignments with it.
    await expectStatus(await api(`/api/documents/${plan.id}`, { method: "DELETE", user: alice }), 200);
    expect(await names(await api(`/api/exercises/${other}/documents`, { user: alice }))).toEqual([]);
    const left = await env.DB.prepare(`SELECT count(*) AS n FROM "ContextAssignment" WHERE "exerciseId" = ?`).bind(other).first<{ n: number }>();
    expect(left?.n).toBe(0);
  });

  it("another user's exercise or document is 404, and nothing is assigned", async () => {
    const mine = await createExercise(alice, { name: "Mine" });
    const theirs = await createExercise(bob, { name: "Bob's" });
    const myDoc = await ingested(alice, "mine.md", "# Plan\nAlice's plan.");
    const bobDoc = await ingested(bob, "bob.md", "# Plan\nBob's plan.");

    await expectStatus(await api(`/api/exercises/${theirs}/documents`, { user: alice }), 404);
    await expectStatus(await api(`/api/exercises/${theirs}/documents`, { user: alice, body: { documentId: myDoc.id } }), 404);
    await expectStatus(await api(`/api/exercises/${mine}/documents`, { user: alice, body: { documentId: bobDoc.id } }), 404);
    await expectStatus(await api(`/api/exercises/${mine}/documents/${bobDoc.id}`, { method: "DELETE", user: alice }), 404);
    await expectStatus(await api(`/api/documents/${bobDoc.id}/assignments`, { user: alice }), 404);
    expect(await names(await api(`/api/exercises/${mine}/documents`, { user: alice }))).toEqual([]);
    expect(await names(await api(`/api/exercises/${theirs}/documents`, { user: bob }))).toEqual([]);
    await expectStatus(await api(`/api/exercises/${mine}/documents`), 401);
  });

  it("a bad body is 400 naming the field, a cross-site write 403, an oversized body 413", async () => {
    const id = await createExercise(alice, { name: "Bodies" });
    const doc = await ingested(alice, "bodies.md", "# Plan\nText.");
    for (const body of [{}, { documentId: "" }, { documentId: 42 }, { documentId: "x".repeat(101) }]) {
      const res = await api(`/api/exercises/${id}/documents`, { user: alice, body });
      await expectStatus(res, 400);
      expect(Object.keys((await apiError(res)).fieldErrors)).toEqual(["documentId"]);
    }
    await expectStatus(await api(`/api/exercises/${id}/documents`, { user: alice, raw: "{not json" }), 400);
    await expectStatus(
      await api(`/api/exercises/${id}/documents`, { user: alice, body: { documentId: doc.id }, headers: { origin: "https://evil.example" } }),
      403,
    );
    await expectStatus(await api(`/api/exercises/${id}/documents`, { user: alice, body: { documentId: doc.id, pad: "x".repeat(2048) } }), 413);
    expect(await names(await api(`/api/exercises/${id}/documents`, { user: alice }))).toEqual([]);
  });

  it("a campaign exercise reads only what was assigned to it, through the same API", async () => {
    const owner = await createTestUser({ plan: "SOLO" });
    const campaignId = await createCampaign(owner, []);
    const res = await api(`/api/collaborate/campaigns/${campaignId}/exercises/create`, { user: owner, body: { exercise: { name: "Team TTX" } } });
    const id = (await json<{ id: string }>(await expectStatus(res, 201))).id;
    const doc = await ingested(owner, "team-plan.md", LEVEE_PLAN);
    await ingested(owner, "private.md", "# Private\nNot for the team.");
    const ctx = userContext(env, owner.userId);
    expect(await assignedDocumentIds(ctx, inCampaign(campaignId), id)).toEqual([]);
    const base = `/api/collaborate/campaigns/${campaignId}/exercises/${id}/documents`;
    expect(await names(await expectStatus(await api(base, { user: owner, body: { documentId: doc.id } }), 200))).toEqual(["team-plan"]);
    expect(await assignedDocumentIds(ctx, inCampaign(campaignId), id)).toEqual([doc.id]);
    // Not the personal exercise with that id: the campaign assignment does not leak into personal scope.
    expect(await assignedDocumentIds(ctx, personal, id)).toEqual([]);
    await expectStatus(await api(base, { user: bob }), 404);
  });

  it("enterprise: a document assigned to a client grounds the exercises filed under it; another's client is 404", async () => {
    const ent = await createTestUser({ plan: "ENTERPRISE" });
    const db = getDb(env.DB);
    await db.update(accounts).set({ type: "ENTERPRISE" }).where(eq(accounts.id, ent.accountId));
    const [own] = await db.insert(clients).values({ name: "Bayhaven County", accountId: ent.accountId }).returning();
    const [foreign] = await db.insert(clients).values({ name: "Someone else", accountId: bob.accountId }).returning();
    const doc = await ingested(ent, "bayhaven-eop.md", LEVEE_PLAN);
    const filed = await createExercise(ent, { name: "Bayhaven TTX" }, { clientId: own!.id });
    const unfiled = await createExercise(ent, { name: "Other TTX" });

    const assigned = await api(`/api/documents/${doc.id}/clients`, { user: ent, body: { clientId: own!.id } });
    expect(await json(await expectStatus(assigned, 200))).toEqual({ exerciseIds: [], clientIds: [own!.id] });
    await expectStatus(await api(`/api/documents/${doc.id}/clients`, { user: ent, body: { clientId: foreign!.id } }), 404);
    await expectStatus(await api(`/api/documents/${doc.id}/clients`, { user: ent, body: {} }), 400);
    const ctx = userContext(env, ent.userId);
    // The library's assign dialog offers the enterprise planner's own clients; a solo planner, none
    // (not even a client someone linked them to: clients are an enterprise feature, spec §6).
    expect((await enterpriseClientsOf(ctx)).map((c) => c.name)).toEqual(["Bayhaven County"]);
    await db.insert(clientUsers).values({ clientId: foreign!.id, userId: alice.userId });
    expect(await enterpriseClientsOf(userContext(env, alice.userId))).toEqual([]);
    expect(await assignedDocumentIds(ctx, personal, filed)).toEqual([doc.id]);
    expect(await assignedDocumentIds(ctx, personal, unfiled)).toEqual([]);

    const removed = await api(`/api/documents/${doc.id}/clients/${own!.id}`, { method: "DELETE", user: ent });
    expect(await json(await expectStatus(removed, 200))).toEqual({ exerciseIds: [], clientIds: [] });
    expect(await assignedDocumentIds(ctx, personal, filed)).toEqual([]);
  });
});

describe("drafting grounded in the assigned plans (offline provider)", () => {
  it("every drafted MSEL row and question records the passage it tests, or is flagged not in the plans", async () => {
    await grant(alice.accountId, 200);
    const id = await createExercise(alice, { name: "Tallow River flood", threatType: "Riverine flood with levee overtopping" });
    const plan = await ingested(alice, "levee-eap.md", LEVEE_PLAN);
    await expectStatus(await api(`/api/exercises/${id}/documents`, { user: alice, body: { documentId: plan.id } }), 200);

    const body = {
      sectionType: "msel_table",
      purpose: "content",
      messages: [{ role: "user", content: "Draft the MSEL around the levee overtopping at Eastbank" }],
    };
    const events = await readNdjson(await expectStatus(await api(`/api/conversations/v2/${id}`, { method: "PUT", user: alice, body }), 200));
    const draft = events.find((e) => e.type === "draft")!;
    const rows = (draft.draft as { mselTable: Json[] }).mselTable;
    const overtopping = rows.find((r) => /overtopping near Eastbank/.test(r.synopsis))!;
    expect(overtopping.source).toEqual({
      documentId: plan.id,
      chunkId: expect.any(String),
      documentName: "levee-eap",
      quote:
        "When the levee patrol reports overtopping near Eastbank, the EOC issues the immediate evacuation warning for Eastbank and activates door-to-door notification.",
    });
    expect(overtopping.notInPlans).toBeUndefined();
    const fraud = rows.find((r) => /mould removal/.test(r.synopsis))!;
    expect(fraud).toMatchObject({ notInPlans: true });
    expect(fraud.source).toBeUndefined();
    expect(rows.every((r) => !("passage" in r))).toBe(true);
    // The patch the planner applies carries the sources, and the exercise stores them.
    const patch = draft.patch as { mselTable: Json[] };
    await expectStatus(await api(`/api/exercises/${id}/update`, { method: "PUT", user: alice, body: { exercise: patch } }), 200);
    const stored = (await json(await api(`/api/exercises/${id}`, { user: alice }))).mselTable as Json[];
    expect(stored.find((r) => /overtopping near Eastbank/.test(r.synopsis))!.source.chunkId).toBe(overtopping.source.chunkId);
    expect(stored.find((r) => /mould removal/.test(r.synopsis))!.notInPlans).toBe(true);

    const questions = await readNdjson(
      await api(`/api/conversations/v2/${id}`, {
        method: "PUT",
        user: alice,
        body: {
          sectionType: "module_question",
          purpose: "content",
          moduleIndex: 0,
          messages: [{ role: "user", content: "Questions about the levee evacuation warning" }],
        },
      }),
    );
    const groups = ((questions.find((e) => e.type === "draft")!.draft as Json).questions as Json).groups as Json[];
    const all = groups.flatMap((g) => g.questions as Json[]);
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((q) => (q.source && !q.notInPlans) || (q.notInPlans === true && !q.source))).toBe(true);

    // Module injects are grounded the same way; the sources travel with the patch and are stored.
    const injectEvents = await readNdjson(
      await api(`/api/conversations/v2/${id}`, {
        method: "PUT",
        user: alice,
        body: {
          sectionType: "module_inject",
          purpose: "content",
          moduleIndex: 0,
          messages: [{ role: "user", content: "Injects about the levee evacuation warning" }],
        },
      }),
    );
    const injectDraft = injectEvents.find((e) => e.type === "draft")!;
    const { injects, injectSources } = injectDraft.draft as { injects: string[]; injectSources: Record<string, Json> };
    expect(injects.length).toBeGreaterThan(0);
    expect(injects.every((text) => typeof text === "string")).toBe(true);
    expect(Object.keys(injectSources).sort()).toEqual([...new Set(injects)].sort());
    expect(Object.values(injectSources).every((g) => (g.source && !g.notInPlans) || (g.notInPlans === true && !g.source))).toBe(true);
    await expectStatus(await api(`/api/exercises/${id}/update`, { method: "PUT", user: alice, body: { exercise: injectDraft.patch } }), 200);
    const storedModule = ((await json(await api(`/api/exercises/${id}`, { user: alice }))).modules as Json[])[0]!;
    expect(storedModule.injects).toEqual(injects);
    expect(storedModule.injectSources).toEqual(injectSources);
  });
});
