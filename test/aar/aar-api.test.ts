import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { AiProvider } from "../../worker/ai/types";
import { AAR_MESSAGES } from "../../shared/aar/model";
import { generateAar } from "../../worker/aar/service";
import type { AarView } from "../../shared/aar/views";
import { userContext } from "../../worker/context";
import { aarContentSchema } from "../../shared/db/conduct-shapes";
import { afterActionReports, correctiveActions, users } from "../../worker/db/schema";
import { api, apiError, expectStatus, json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { aiEnv, balance, grant, stripePlan } from "../conversations/helpers";
import { enterprise } from "../clients/helpers";
import { createExercise } from "../exercises/helpers";
import { db, seedSession } from "./helpers";

const base = (sessionId: string) => `/api/conduct/sessions/${sessionId}/aar`;

/** A provider that answers `text` at once (what a model said), for the marker mapping. */
function scriptedProvider(text: string): AiProvider {
  return {
    id: "custom",
    label: "Scripted",
    offline: false,
    model: "scripted",
    supportsJsonSchema: true,
    async open() {
      return (async function* () {
        yield { type: "text" as const, text };
        yield { type: "usage" as const, inputTokens: 900, outputTokens: 300 };
      })();
    },
  };
}

const trackedCount = async (sessionId: string) =>
  (await db().select({ id: correctiveActions.id }).from(correctiveActions).where(eq(correctiveActions.sessionId, sessionId))).length;

let owner: TestUser;
let outsider: TestUser;
beforeAll(async () => {
  owner = await createTestUser({ plan: "SOLO" });
  outsider = await createTestUser({ plan: "SOLO" });
});

describe("generating the offline draft", () => {
  it("is 404 before a draft, 409 until the session has ended, then a schema-valid report citing the session's rows", async () => {
    const running = await seedSession(owner, { status: "running" });
    expect((await apiError(await api(base(running.sessionId), { user: owner }))).status).toBe(404);
    const refused = await apiError(await api(`${base(running.sessionId)}/generate`, { user: owner, body: {} }));
    expect(refused).toMatchObject({ status: 409, message: AAR_MESSAGES.notEnded });

    const seeded = await seedSession(owner, { observations: 30 });
    const view = await json<AarView>(await expectStatus(await api(`${base(seeded.sessionId)}/generate`, { user: owner, body: {} }), 200));
    expect(view).toMatchObject({ sessionId: seeded.sessionId, status: "draft", source: "offline", publishedAt: null, trackedActions: 0 });
    expect(aarContentSchema.safeParse(view.content).success).toBe(true);
    expect(view.content.overview).toMatchObject({ exerciseName: "Coastal Hurricane TTX", dates: "27 November 2026" });
    // Organisations named in feedback; never the links' labels (seats in the room).
    expect(view.content.overview.participatingOrganizations).toEqual(expect.arrayContaining(["Red Cross Chapter", "County Public Works"]));
    expect(view.content.overview.participatingOrganizations).not.toContain("EOC Policy Group");
    const own = new Set([...seeded.observationIds, ...seeded.feedbackIds]);
    const evidence = view.content.analyses.flatMap((a) => [...a.strengths, ...a.areasForImprovement]).flatMap((f) => f.evidence);
    expect(evidence.length).toBeGreaterThan(5);
    for (const e of evidence) expect(own.has(e.id)).toBe(true);
    expect(view.content.improvementPlan.length).toBeGreaterThan(0);
    expect(await json<AarView>(await expectStatus(await api(base(seeded.sessionId), { user: owner }), 200))).toEqual(view);
  });

  it("drafts an empty session too", async () => {
    const seeded = await seedSession(owner, { observations: 0, withEeg: false });
    const view = await json<AarView>(await expectStatus(await api(`${base(seeded.sessionId)}/generate`, { user: owner, body: {} }), 200));
    expect(view.content.analyses.map((a) => a.rating)).toEqual([null, null, null]);
    expect(view.content.executiveSummary).toContain("No evaluator observations");
  });
});

describe("the AI draft", () => {
  it("through an OpenAI-compatible provider: paid in credits, cites the session's own rows for the markers it was given", async () => {
    const payer = await stripePlan(await createTestUser());
    await grant(payer.accountId, 100);
    const seeded = await seedSession(payer, { observations: 10 });
    const view = await json<AarView>(await expectStatus(await api(`${base(seeded.sessionId)}/generate`, { user: payer, body: {}, env: aiEnv() }), 200));
    expect(view.source).toBe("ai");
    // Settled to the fake's reported usage (2050 tokens = 3 credits, test/fakes/openai.ts), nothing left on hold.
    expect(await balance(payer.accountId)).toEqual({ current: 97, pending: 0 });
    // The fake answers the schema's first allowed value: capability 1, marker O1.
    const first = view.content.analyses[0]!;
    expect(first.strengths[0]!.evidence[0]).toMatchObject({ kind: "observation", id: seeded.observationIds[0] });
    expect(view.content.improvementPlan[0]).toMatchObject({ capability: first.capability, findingId: first.areasForImprovement[0]!.id, element: "Planning" });
    expect(aarContentSchema.safeParse(view.content).success).toBe(true);
  });

  it("no credits → the offline draft, nothing charged", async () => {
    const broke = await stripePlan(await createTestUser());
    const seeded = await seedSession(broke, { observations: 5 });
    const view = await json<AarView>(await expectStatus(await api(`${base(seeded.sessionId)}/generate`, { user: broke, body: {}, env: aiEnv() }), 200));
    expect(view.source).toBe("offline");
    expect(await balance(broke.accountId)).toEqual({ current: 0, pending: 0 });
  });

  it("invalid JSON from the model → the offline draft", async () => {
    const seeded = await seedSession(owner, { observations: 10 });
    const view = await json<AarView>(
      await expectStatus(await api(`${base(seeded.sessionId)}/generate`, { user: owner, body: {}, env: aiEnv({ AI_MODEL: "fake-malformed" }) }), 200),
    );
    expect(view.source).toBe("offline");
  });

  it("maps markers to evidence, drops unknown markers and findings left with none", async () => {
    const seeded = await seedSession(owner, { observations: 10 });
    const answer = {
      executiveSummary: "The EOC coordinated well; radios need work.",
      analyses: [
        {
          capability: "Operational Coordination",
          strengths: [
            { text: "Unified command formed fast.", analysis: "Per [O1].", citations: ["[O1]", "O999", "Z3", "a1"] },
            { text: "An invented strength.", analysis: "", citations: ["O999", "[X1]"] },
          ],
          areasForImprovement: [
            {
              text: "Resource log unowned.",
              analysis: "",
              rootCause: "No role assigned.",
              correctiveAction: "Assign a log keeper.",
              element: "Organization",
              citations: ["F1"],
            },
          ],
        },
        { capability: "Not a capability of this exercise", strengths: [{ text: "x", analysis: "", citations: ["O1"] }], areasForImprovement: [] },
      ],
    };
    const ctx = userContext(env, owner.userId);
    const view = await generateAar(ctx, seeded.sessionId, { replace: false }, { provider: scriptedProvider(JSON.stringify(answer)) });
    expect(view.source).toBe("ai");
    const oc = view.content.analyses.find((a) => a.capability === "Operational Coordination")!;
    expect(oc.strengths).toHaveLength(1);
    expect(oc.strengths[0]!.evidence.map((e) => e.id)).toEqual([seeded.observationIds[0], seeded.answerIds[0]]);
    expect(oc.strengths[0]!.evidence[1]!.kind).toBe("answer");
    expect(oc.areasForImprovement[0]!.evidence[0]).toMatchObject({ kind: "feedback", id: seeded.feedbackIds[0] });
    expect(view.content.improvementPlan.find((r) => r.capability === "Operational Coordination")).toMatchObject({
      correctiveAction: "Assign a log keeper.",
      element: "Organization",
    });
    expect(view.content.analyses.map((a) => a.capability)).not.toContain("Not a capability of this exercise");
    // Capabilities the model left out keep their offline analysis.
    expect(view.content.analyses.find((a) => a.capability === "Mass Care Services")!.strengths.length).toBeGreaterThan(0);
    expect(view.content.executiveSummary).toBe(answer.executiveSummary);
  });
});

describe("editing and publishing", () => {
  it("save marks it edited; regenerate asks first; publish tracks every IP row once; a final report refuses edits", async () => {
    const seeded = await seedSession(owner, { observations: 20 });
    const drafted = await json<AarView>(await expectStatus(await api(`${base(seeded.sessionId)}/generate`, { user: owner, body: {} }), 200));
    const content = structuredClone(drafted.content);
    content.overview.sponsor = "County Emergency Management";
    content.improvementPlan[0]!.completionDate = "2027-03-31";
    content.improvementPlan[0]!.pointOfContact = "Dana Ruiz";

    const bad = structuredClone(content);
    bad.improvementPlan[0]!.completionDate = "2027-02-30";
    expect((await apiError(await api(base(seeded.sessionId), { method: "PUT", user: owner, body: { content: bad } }))).status).toBe(400);

    const saved = await json<AarView>(await expectStatus(await api(base(seeded.sessionId), { method: "PUT", user: owner, body: { content } }), 200));
    expect(saved).toMatchObject({ source: "edited", status: "draft" });
    expect(saved.content.overview.sponsor).toBe("County Emergency Management");

    expect(await apiError(await api(`${base(seeded.sessionId)}/generate`, { user: owner, body: {} }))).toMatchObject({
      status: 409,
      message: AAR_MESSAGES.edited,
    });
    const again = await json<AarView>(await expectStatus(await api(`${base(seeded.sessionId)}/generate`, { user: owner, body: { replace: true } }), 200));
    expect(again.source).toBe("offline");
    await expectStatus(await api(base(seeded.sessionId), { method: "PUT", user: owner, body: { content } }), 200);

    const published = await json<AarView>(await expectStatus(await api(`${base(seeded.sessionId)}/publish`, { user: owner, body: {} }), 200));
    expect(published.status).toBe("final");
    expect(published.publishedAt).not.toBeNull();
    expect(published.trackedActions).toBe(content.improvementPlan.length);
    expect(await trackedCount(seeded.sessionId)).toBe(content.improvementPlan.length);
    const [row] = await db().select().from(correctiveActions).where(eq(correctiveActions.planRowId, content.improvementPlan[0]!.id));
    expect(row).toMatchObject({
      userId: owner.userId,
      reportId: published.id,
      exerciseName: "Coastal Hurricane TTX",
      capability: content.improvementPlan[0]!.capability,
      issue: content.improvementPlan[0]!.issue,
      action: content.improvementPlan[0]!.correctiveAction,
      pointOfContact: "Dana Ruiz",
      dueDate: "2027-03-31",
      status: "open",
    });

    const twice = await json<AarView>(await expectStatus(await api(`${base(seeded.sessionId)}/publish`, { user: owner, body: {} }), 200));
    expect(twice.publishedAt).toBe(published.publishedAt);
    expect(await trackedCount(seeded.sessionId)).toBe(content.improvementPlan.length);

    expect(await apiError(await api(base(seeded.sessionId), { method: "PUT", user: owner, body: { content } }))).toMatchObject({
      status: 409,
      message: AAR_MESSAGES.final,
    });
    expect((await apiError(await api(`${base(seeded.sessionId)}/generate`, { user: owner, body: { replace: true } }))).status).toBe(409);
  });
});

describe("publishing cut off halfway", () => {
  it("a report made final without its actions tracked gets them on the next Publish, from its final content", async () => {
    const seeded = await seedSession(owner, { observations: 12 });
    const drafted = await json<AarView>(await expectStatus(await api(`${base(seeded.sessionId)}/generate`, { user: owner, body: {} }), 200));
    expect(drafted.content.improvementPlan.length).toBeGreaterThan(0);
    // The status change landed, the inserts did not (a Worker stopped between the two).
    await db().update(afterActionReports).set({ status: "final" }).where(eq(afterActionReports.id, drafted.id));
    expect(await trackedCount(seeded.sessionId)).toBe(0);
    const published = await json<AarView>(await expectStatus(await api(`${base(seeded.sessionId)}/publish`, { user: owner, body: {} }), 200));
    expect(published.trackedActions).toBe(drafted.content.improvementPlan.length);
    expect(await trackedCount(seeded.sessionId)).toBe(drafted.content.improvementPlan.length);
  });
});

describe("exports", () => {
  it("docx and PDF in the AAR/IP layout", async () => {
    const seeded = await seedSession(owner, { observations: 12 });
    await expectStatus(await api(`${base(seeded.sessionId)}/generate`, { user: owner, body: {} }), 200);
    const docx = await expectStatus(await api(`${base(seeded.sessionId)}/export?format=docx`, { user: owner }), 200);
    expect(docx.headers.get("content-disposition")).toContain("Coastal-Hurricane-TTX-AAR-IP.docx");
    const { unzipSync, strFromU8 } = await import("fflate");
    const files = unzipSync(new Uint8Array(await docx.arrayBuffer()));
    const xml = strFromU8(files["word/document.xml"]!);
    for (const text of [
      "Exercise Overview",
      "Analysis of Core Capabilities",
      "Improvement Plan",
      "Corrective Action",
      "Capability Element",
      "Exercise Participants",
    ])
      expect(xml).toContain(text);
    const pdf = await expectStatus(await api(`${base(seeded.sessionId)}/export?format=pdf`, { user: owner }), 200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(new TextDecoder().decode(new Uint8Array(await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    expect((await apiError(await api(`${base(seeded.sessionId)}/export?format=rtf`, { user: owner }))).status).toBe(400);
  });
});

describe("access", () => {
  it("another user gets 404 on every route", async () => {
    const seeded = await seedSession(owner, { observations: 5 });
    await expectStatus(await api(`${base(seeded.sessionId)}/generate`, { user: owner, body: {} }), 200);
    const view = await json<AarView>(await api(base(seeded.sessionId), { user: owner }));
    const calls = [
      api(base(seeded.sessionId), { user: outsider }),
      api(base(seeded.sessionId), { method: "PUT", user: outsider, body: { content: view.content } }),
      api(`${base(seeded.sessionId)}/generate`, { user: outsider, body: { replace: true } }),
      api(`${base(seeded.sessionId)}/publish`, { user: outsider, body: {} }),
      api(`${base(seeded.sessionId)}/export?format=pdf`, { user: outsider }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(404);
    expect((await api(base(seeded.sessionId))).status).toBe(401);
    expect(await trackedCount(seeded.sessionId)).toBe(0);
  });

  it("a colleague who may only read the exercise reads and exports, but cannot generate, save or publish", async () => {
    const e = await enterprise(2);
    const [ana, ben] = e.members as [TestUser, TestUser];
    const client = await json<{ id: string }>(await expectStatus(await api("/api/clients", { user: e.owner, body: { name: "Bayhaven County" } }), 201));
    for (const u of [ana, ben]) await expectStatus(await api(`/api/clients/${client.id}/users`, { user: e.owner, body: { userId: u.userId } }), 200);
    await db().update(users).set({ name: "Ana Author" }).where(eq(users.id, ana.userId));
    const exerciseId = await createExercise(ana, { name: "Bayhaven TTX" }, { clientId: client.id });
    const seeded = await seedSession(ana, { observations: 5, exerciseId });
    await expectStatus(await api(`${base(seeded.sessionId)}/generate`, { user: ana, body: {} }), 200);
    const view = await json<AarView>(await expectStatus(await api(base(seeded.sessionId), { user: ben }), 200));
    await expectStatus(await api(`${base(seeded.sessionId)}/export?format=docx`, { user: ben }), 200);
    for (const res of [
      await api(`${base(seeded.sessionId)}/generate`, { user: ben, body: { replace: true } }),
      await api(base(seeded.sessionId), { method: "PUT", user: ben, body: { content: view.content } }),
      await api(`${base(seeded.sessionId)}/publish`, { user: ben, body: {} }),
    ])
      expect(res.status).toBe(404);
    expect(await trackedCount(seeded.sessionId)).toBe(0);
  });
});
