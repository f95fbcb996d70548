import { env } from "cloudflare:test";
import { strFromU8, unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { appContext } from "../../worker/context";
import { eegContentSchema, type EegContent } from "../../shared/db/conduct-shapes";
import { ingestDocument } from "../../worker/documents/ingest";
import { EVALUATION_MESSAGES } from "../../shared/evaluation/model";
import type { EegView } from "../../shared/evaluation/views";
import { enterprise } from "../clients/helpers";
import { aiEnv, balance, grant, stripePlan } from "../conversations/helpers";
import { storeDocument } from "../documents/ingest-helpers";
import { createExercise } from "../exercises/helpers";
import { api, apiError, expectStatus, json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { createSession, samplePlan } from "./helpers";

const base = (id: string) => `/api/conduct/sessions/${id}/eeg`;

async function generate(user: TestUser, id: string, body: unknown = {}, envOverride?: object): Promise<EegView> {
  return json<EegView>(await expectStatus(await api(`${base(id)}/generate`, { user, body, env: envOverride }), 200, "generate"));
}

const tasksOf = (content: EegContent, capability: string) => content.guides.find((g) => g.capability === capability)!.targets.flatMap((t) => t.criticalTasks);

let owner: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  owner = await createTestUser({ plan: "SOLO" });
  stranger = await createTestUser({ plan: "SOLO" });
});

describe("EEG generation offline", () => {
  it("404 before one is made; generating makes one schema-valid guide per objective capability, read back by GET", async () => {
    const exerciseId = await createExercise(owner, { name: "Harlow River Flood TTX" });
    const id = await createSession(owner, exerciseId);
    const missing = await apiError(await expectStatus(await api(base(id), { user: owner }), 404));
    expect(missing.message).toBe(EVALUATION_MESSAGES.eegNotFound);

    const made = await generate(owner, id);
    expect(made.source).toBe("offline");
    expect(eegContentSchema.parse(made.content)).toEqual(made.content);
    expect(made.content.guides.map((g) => g.capability)).toEqual(["Mass Care Services", "Public Information and Warning"]);
    expect(made.content.guides.every((g) => g.targets.length === 1 && g.targets[0]!.criticalTasks.length > 0 && g.targets[0]!.prompts.length >= 5)).toBe(true);
    expect(tasksOf(made.content, "Mass Care Services").map((t) => t.text)).toContain(
      "Red Cross opens the Harlow High School shelter and reports cot capacity.",
    );

    expect(await json(await expectStatus(await api(base(id), { user: owner }), 200))).toEqual(made);
    // Regenerating an unedited guide replaces it with the same ids.
    const again = await generate(owner, id);
    expect(again.content).toEqual(made.content);
  });

  it("grounds critical tasks in the planner's documents and the exercise's grounded MSEL rows, with their sources", async () => {
    const user = await createTestUser({ plan: "SOLO" });
    const rowSource = {
      documentId: "doc-eop",
      chunkId: "chunk-eop",
      documentName: "Emergency Operations Plan",
      quote: "The PIO drafts warnings in English and Spanish.",
    };
    const exerciseId = await createExercise(user, {
      name: "Grounded TTX",
      mselTable: [
        {
          event: "2",
          synopsis: "Warning request",
          message: "Issue the warning.",
          expectedAction: "PIO drafts the evacuation warning in English and Spanish.",
          source: rowSource,
        },
      ],
    });
    const doc = await storeDocument(
      user.userId,
      "mass-care-annex.md",
      "# Shelters\nThe Red Cross shelter manager opens accessible shelters and staffs them within 2 hours of an evacuation order.",
    );
    expect((await ingestDocument(appContext(env), { kind: "ingest", documentId: doc.id, userId: user.userId })).outcome).toBe("ready");
    const id = await createSession(user, exerciseId);

    const made = await generate(user, id);
    const fromPlan = tasksOf(made.content, "Mass Care Services").find((t) => t.source?.documentId === doc.id);
    expect(fromPlan).toBeDefined();
    expect(fromPlan!.source).toMatchObject({ documentName: "mass-care-annex", quote: expect.stringContaining("opens accessible shelters") });
    expect(fromPlan!.source!.chunkId).toBeTruthy();
    expect(tasksOf(made.content, "Public Information and Warning")[0]).toMatchObject({
      text: "PIO drafts the evacuation warning in English and Spanish.",
      source: rowSource,
    });
  });
});

describe("EEG generation with an AI provider", () => {
  it("uses the model's guides (server ids, plan capabilities) and charges the caller's credits", async () => {
    const user = await stripePlan(await createTestUser({ plan: "SOLO" }));
    await grant(user.accountId, 100);
    const id = await createSession(user, await createExercise(user, { name: "AI TTX" }));
    const made = await generate(user, id, {}, aiEnv());
    expect(made.source).toBe("ai");
    expect(eegContentSchema.parse(made.content).guides.map((g) => g.capability)).toEqual(["Mass Care Services", "Public Information and Warning"]);
    // The fake answers the schema's first enum value: the first capability is the model's, the other keeps its offline guide.
    const first = made.content.guides[0]!;
    expect(first.targets[0]).toMatchObject({ id: `${first.id}-t1`, text: "Fake text from the fake provider" });
    expect(first.targets[0]!.criticalTasks[0]!.id).toBe(`${first.id}-t1-c1`);
    expect(made.content.guides[1]!.targets[0]!.criticalTasks.map((t) => t.text)).toContain("PIO drafts the evacuation warning in English and Spanish.");
    expect((await balance(user.accountId)).current).toBe(97);
  });

  it("invalid JSON from the model falls back to the offline guides", async () => {
    const user = await stripePlan(await createTestUser({ plan: "SOLO" }));
    await grant(user.accountId, 100);
    const id = await createSession(user, await createExercise(user, { name: "Malformed TTX" }));
    const made = await generate(user, id, {}, aiEnv({ AI_MODEL: "fake-malformed" }));
    expect(made.source).toBe("offline");
    expect(eegContentSchema.parse(made.content).guides[0]!.targets[0]!.text).toContain("open and staff two accessible shelters");
  });

  it("an account without credits gets the offline guides (the API map: AI when paid for, else offline)", async () => {
    const user = await stripePlan(await createTestUser({ plan: "SOLO" }));
    const id = await createSession(user, await createExercise(user, { name: "Unpaid TTX" }));
    const made = await generate(user, id, {}, aiEnv());
    expect(made.source).toBe("offline");
    expect((await balance(user.accountId)).current).toBe(0);
  });
});

describe("editing", () => {
  it("PUT saves as edited, keeps ids and makes new ones; generate is then 409 unless replace", async () => {
    const id = await createSession(owner, await createExercise(owner, { name: "Edit TTX" }));
    const made = await generate(owner, id);
    const guide = made.content.guides[0]!;
    const edited: EegContent = {
      guides: [
        {
          ...guide,
          targets: [
            { ...guide.targets[0]!, text: "Shelters open within 90 minutes." },
            { id: "", text: "A new target", prompts: ["Watch the cots."], criticalTasks: [{ id: "", text: "Count cots." }] },
          ],
        },
      ],
    };
    const saved = await json<EegView>(await expectStatus(await api(base(id), { method: "PUT", user: owner, body: { content: edited } }), 200));
    expect(saved.source).toBe("edited");
    expect(saved.content.guides[0]!.targets[0]!.id).toBe(guide.targets[0]!.id);
    const added = saved.content.guides[0]!.targets[1]!;
    expect(added.id).toMatch(new RegExp(`^${guide.id}-t-`));
    expect(added.criticalTasks[0]!.id).toMatch(new RegExp(`^${added.id}-c-`));
    expect(await json(await api(base(id), { user: owner }))).toEqual(saved);

    const refused = await apiError(await expectStatus(await api(`${base(id)}/generate`, { user: owner, body: {} }), 409));
    expect(refused).toMatchObject({ code: "eeg_edited", message: EVALUATION_MESSAGES.eegEdited });
    expect(await json(await api(base(id), { user: owner }))).toEqual(saved);
    const replaced = await generate(owner, id, { replace: true });
    expect(replaced.source).toBe("offline");
    expect(replaced.content.guides).toHaveLength(2);
  });

  it("bad input is 400 with nothing changed", async () => {
    const id = await createSession(owner, await createExercise(owner, { name: "Bad TTX" }));
    const made = await generate(owner, id);
    await expectStatus(await api(base(id), { method: "PUT", user: owner, body: { content: { guides: [{ id: "x", capability: 5 }] } } }), 400);
    await expectStatus(await api(base(id), { method: "PUT", user: owner, raw: "{not json" }), 400);
    await expectStatus(await api(`${base(id)}/generate`, { user: owner, body: { replace: "yes" } }), 400);
    expect(await json(await api(base(id), { user: owner }))).toEqual(made);
  });
});

describe("exports", () => {
  it("docx is a Word document whose document.xml holds the capability; PDF is a PDF; unknown format 400; none before generation 404", async () => {
    const id = await createSession(owner, await createExercise(owner, { name: "Export TTX" }));
    await expectStatus(await api(`${base(id)}/export?format=docx`, { user: owner }), 404);
    await generate(owner, id);
    const docx = await expectStatus(await api(`${base(id)}/export?format=docx`, { user: owner }), 200);
    expect(docx.headers.get("content-type")).toContain("wordprocessingml");
    const xml = strFromU8(unzipSync(new Uint8Array(await docx.arrayBuffer()))["word/document.xml"]!);
    for (const text of [
      "Mass Care Services",
      "Public Information and Warning",
      "Critical Task",
      "Final Core Capability Rating",
      "3 March 2027",
      "Performed without Challenges",
    ])
      expect(xml).toContain(text);
    const pdf = await expectStatus(await api(`${base(id)}/export?format=pdf`, { user: owner }), 200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(new TextDecoder().decode(new Uint8Array(await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    await expectStatus(await api(`${base(id)}/export?format=xls`, { user: owner }), 400);
  });
});

describe("access", () => {
  it("another user gets 404 on every route, and nothing changes", async () => {
    const id = await createSession(owner, await createExercise(owner, { name: "Private TTX" }));
    const made = await generate(owner, id);
    await expectStatus(await api(base(id), { user: stranger }), 404);
    await expectStatus(await api(`${base(id)}/generate`, { user: stranger, body: { replace: true } }), 404);
    await expectStatus(await api(base(id), { method: "PUT", user: stranger, body: { content: { guides: [] } } }), 404);
    await expectStatus(await api(`${base(id)}/export?format=docx`, { user: stranger }), 404);
    await expectStatus(await api(`/api/conduct/sessions/${id}/feedback`, { user: stranger }), 404);
    await expectStatus(await api(base(id)), 401);
    expect(await json(await api(base(id), { user: owner }))).toEqual(made);
  });

  it("a read-only colleague reads and exports but cannot generate or save", async () => {
    const e = await enterprise(2);
    const [ana, ben] = e.members as [TestUser, TestUser];
    const clientId = (await json<{ id: string }>(await expectStatus(await api("/api/clients", { user: e.owner, body: { name: "Bayhaven County" } }), 201))).id;
    for (const u of [ana, ben]) await expectStatus(await api(`/api/clients/${clientId}/users`, { user: e.owner, body: { userId: u.userId } }), 200);
    const exerciseId = await createExercise(ana, { name: "Bayhaven TTX" }, { clientId });
    const id = await createSession(ana, exerciseId, { plan: samplePlan("Bayhaven TTX") });
    const made = await generate(ana, id);

    expect(await json(await expectStatus(await api(base(id), { user: ben }), 200))).toEqual(made);
    await expectStatus(await api(`${base(id)}/export?format=pdf`, { user: ben }), 200).then((r) => r.arrayBuffer());
    await expectStatus(await api(`/api/conduct/sessions/${id}/feedback`, { user: ben }), 200);
    await expectStatus(await api(`${base(id)}/generate`, { user: ben, body: { replace: true } }), 404);
    await expectStatus(await api(base(id), { method: "PUT", user: ben, body: { content: { guides: [] } } }), 404);
    expect(await json(await api(base(id), { user: ana }))).toEqual(made);
  });
});
