import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client";
import { accounts, clients, clientUsers, conversations, exercises, feedback } from "../../worker/db/schema";
import { getTemplate, QUICK_START_TEMPLATES } from "../../worker/exercises/templates";
import { nowMs } from "../../worker/lib/clock";
import { api, apiError, expectStatus, json, type Json } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { createCampaign, createExercise } from "./helpers";

const sampleModule = {
  title: "Landfall",
  description: "The storm comes ashore at night.",
  functionalGroups: ["EOC", "Fire"],
  injects: ["Causeway closed", "Shelter at capacity"],
  questions: {
    mode: "inject-functional",
    groups: [
      {
        name: "EOC",
        questions: [
          { text: "Who decides?", type: "open-ended", options: [] },
          { text: "Which shelter opens first?", type: "multiple-choice", options: ["North High", "Civic Center"] },
        ],
      },
    ],
  },
};

let alice: TestUser;
let bob: TestUser;
let noPlan: TestUser;

beforeAll(async () => {
  [alice, bob, noPlan] = await Promise.all([createTestUser({ plan: "SOLO" }), createTestUser({ plan: "SOLO" }), createTestUser({ plan: null })]);
});

describe("create", () => {
  it("requires sign-in", async () => {
    const res = await api("/api/exercises/create", { method: "POST", body: { exercise: { name: "x" } } });
    await expectStatus(res, 401);
  });

  it("requires an active plan and points to pricing", async () => {
    const res = await api("/api/exercises/create", { method: "POST", user: noPlan, body: { exercise: { name: "x", userId: noPlan.userId } } });
    await expectStatus(res, 402);
    const body = await apiError(res);
    expect(body.code).toBe("subscription_required");
    expect(body.message).toContain("/account/pricing");
    expect(body.redirectTo).toBe("/account/pricing");
  });

  it("answers the id; the default name is empty", async () => {
    const res = await api("/api/exercises/create", { method: "POST", user: alice, body: { clientId: "", exercise: { userId: alice.userId } } });
    await expectStatus(res, 201);
    const { id } = await json(res);
    expect(typeof id).toBe("string");
    const got = await json(await api(`/api/exercises/${id}`, { user: alice }));
    expect(got.name).toBe("");
    expect(got.userId).toBe(alice.userId);
    expect(got.completed).toBe(false);
    expect(got.resumeStep).toBe("intro");
    expect(got.isCampaignExercise).toBe(false);
  });

  it("refuses to create for another user", async () => {
    const res = await api("/api/exercises/create", { method: "POST", user: alice, body: { exercise: { name: "x", userId: bob.userId } } });
    await expectStatus(res, 403);
  });

  it("rejects malformed JSON and invalid fields with 400", async () => {
    const bad = await api("/api/exercises/create", { method: "POST", user: alice, raw: "{not json" });
    await expectStatus(bad, 400);
    expect((await apiError(bad)).code).toBe("invalid_json");

    const invalid = await api("/api/exercises/create", {
      method: "POST",
      user: alice,
      body: { exercise: { name: "ok", modules: [{ questions: { mode: "sideways", groups: [] } }], mselTable: [{ event: { nested: true } }] } },
    });
    await expectStatus(invalid, 400);
    const body = await apiError(invalid);
    expect(body.code).toBe("validation_error");
    expect(Object.keys(body.fieldErrors)).toEqual(expect.arrayContaining(["exercise.mselTable.0.event"]));
    expect(Object.keys(body.fieldErrors).some((k) => k.startsWith("exercise.modules.0.questions"))).toBe(true);
  });

  it("enterprise users file an exercise under one of their clients, not someone else's", async () => {
    const ent = await createTestUser({ plan: "ENTERPRISE" });
    const db = getDb(env.DB);
    await db.update(accounts).set({ type: "ENTERPRISE" }).where(eq(accounts.id, ent.accountId));
    const [own] = await db.insert(clients).values({ name: "Bayhaven County", accountId: ent.accountId }).returning();
    const [linked] = await db.insert(clients).values({ name: "Port Authority", accountId: bob.accountId }).returning();
    // A link to another account's client grants nothing: clients belong to the enterprise account (docs/decisions/0014).
    await db.insert(clientUsers).values({ clientId: linked!.id, userId: ent.userId });
    const [foreign] = await db.insert(clients).values({ name: "Someone else", accountId: bob.accountId }).returning();

    const list = await api(`/api/clients/user/${ent.userId}/list`, { user: ent });
    await expectStatus(list, 200);
    expect(((await json(list)).clients as Json[]).map((c) => c.name)).toEqual(["Bayhaven County"]);
    await expectStatus(await api(`/api/clients/user/${bob.userId}/list`, { user: ent }), 404);
    await expectStatus(await api(`/api/clients/user/${ent.userId}/list`), 401);

    const id = await createExercise(ent, { name: "For a client" }, { clientId: own!.id });
    expect((await json(await api(`/api/exercises/${id}`, { user: ent }))).metadata).toEqual({ clientId: own!.id });
    const refused = await api("/api/exercises/create", { method: "POST", user: ent, body: { clientId: foreign!.id, exercise: { name: "x" } } });
    await expectStatus(refused, 404);
  });
});

describe("read, update, delete", () => {
  it("updates every spec field and reports success", async () => {
    const id = await createExercise(alice, { name: "Hurricane drill" });
    const exercise = {
      name: "Hurricane Odalys",
      framework: "HSEEP",
      scenario: "A Category 4 storm.",
      threatType: "Hurricane",
      threatAnalysis: "Surge risk.",
      customInstructions: "Keep it policy level.",
      capabilitiesAndObjectives: [{ capability: "Mass Care Services", objective: "Open shelters within 12 hours." }],
      mselTable: [{ event: "1", time: "08:00", synopsis: "Watch issued", from: "SimCell", to: "EOC" }],
      modules: [sampleModule, { title: "Recovery", questions: ["What first?"] }],
      completed: true,
      lastActiveStep: 5,
      lastActiveModule: 2,
    };
    const res = await api(`/api/exercises/${id}/update`, { method: "PUT", user: alice, body: { exercise } });
    await expectStatus(res, 200);
    expect(await json(res)).toEqual({ success: true });
    const got = await json(await api(`/api/exercises/${id}`, { user: alice }));
    expect(got).toMatchObject(exercise);
    expect(got.resumeStep).toBe("modules/2/questions");
  });

  it("partial updates keep other fields; unknown and protected fields are ignored", async () => {
    const id = await createExercise(alice, { name: "Keep", scenario: "Original" });
    await api(`/api/exercises/${id}/update`, {
      method: "PUT",
      user: alice,
      body: { exercise: { threatType: "Flood", userId: bob.userId, id: "other", lockedByUserId: bob.userId } },
    });
    const got = await json(await api(`/api/exercises/${id}`, { user: alice }));
    expect(got).toMatchObject({ id, name: "Keep", scenario: "Original", threatType: "Flood", userId: alice.userId, lockedByUserId: null });
  });

  it("update validates its body", async () => {
    const id = await createExercise(alice);
    const res = await api(`/api/exercises/${id}/update`, { method: "PUT", user: alice, body: { exercise: { lastActiveStep: "four" } } });
    await expectStatus(res, 400);
    expect((await json(res)).fieldErrors).toHaveProperty("exercise.lastActiveStep");
    await expectStatus(await api(`/api/exercises/${id}/update`, { method: "PUT", user: alice, raw: "[" }), 400);
  });

  it("another user's exercise is not found, for every operation", async () => {
    const id = await createExercise(alice, { name: "Private", mselTable: [{ event: "1" }] });
    const calls: [string, string, unknown?][] = [
      ["GET", `/api/exercises/${id}`],
      ["PUT", `/api/exercises/${id}/update`, { exercise: { name: "Hijacked" } }],
      ["DELETE", `/api/exercises/${id}/delete`],
      ["GET", `/api/exercises/${id}/export?format=json`],
      ["GET", `/api/exercises/${id}/export?format=docx`],
      ["POST", `/api/exercises/${id}/feedback`, { step: "intro", feedback: "nice" }],
    ];
    for (const [method, path, body] of calls) {
      const res = await api(path, { method, user: bob, body });
      await expectStatus(res, 404, `${method} ${path}`);
      expect((await apiError(res)).message).toBe("Exercise not found.");
    }
    expect((await json(await api(`/api/exercises/${id}`, { user: alice }))).name).toBe("Private");
    expect(((await json(await api("/api/exercises", { user: bob }))).exercises as Json[]).some((e) => e.id === id)).toBe(false);
  });

  it("missing ids answer the spec's messages", async () => {
    for (const [method, path] of [
      ["PUT", "/api/exercises//update"],
      ["PUT", "/api/exercises/undefined/update"],
      ["DELETE", "/api/exercises//delete"],
      ["DELETE", "/api/exercises/null/delete"],
      ["GET", "/api/exercises/undefined/export?format=csv"],
    ]) {
      const res = await api(path!, { method, user: alice, body: method === "PUT" ? { exercise: {} } : undefined });
      await expectStatus(res, 400, `${method} ${path}`);
      expect((await apiError(res)).message).toBe("Exercise ID required.");
    }
  });

  it("delete removes the exercise with its conversation and feedback", async () => {
    const id = await createExercise(alice, { name: "Doomed" });
    const other = await createExercise(alice, { name: "Survivor" });
    const db = getDb(env.DB);
    await db.insert(conversations).values([
      { exerciseId: id, messages: [{ role: "user", content: "hi" }] },
      { exerciseId: other, messages: [] },
    ]);
    const fb = await api(`/api/exercises/${id}/feedback`, {
      method: "POST",
      user: alice,
      body: { step: "modules/1/injects", feedback: "More injects please" },
    });
    await expectStatus(fb, 201);
    await api(`/api/exercises/${other}/feedback`, { method: "POST", user: alice, body: { step: "intro", feedback: "Fine" } });

    const res = await api(`/api/exercises/${id}/delete`, { method: "DELETE", user: alice });
    expect(await json(res)).toEqual({ success: true });
    await expectStatus(await api(`/api/exercises/${id}`, { user: alice }), 404);
    expect(await db.select().from(exercises).where(eq(exercises.id, id))).toHaveLength(0);
    expect(await db.select().from(conversations).where(eq(conversations.exerciseId, id))).toHaveLength(0);
    expect(await db.select().from(feedback).where(eq(feedback.exerciseId, id))).toHaveLength(0);
    expect(await db.select().from(conversations).where(eq(conversations.exerciseId, other))).toHaveLength(1);
    expect(await db.select().from(feedback).where(eq(feedback.exerciseId, other))).toHaveLength(1);
    await expectStatus(await api(`/api/exercises/${id}/delete`, { method: "DELETE", user: alice }), 404);
  });

  it("feedback is validated and stored with its step", async () => {
    const id = await createExercise(alice);
    const empty = await api(`/api/exercises/${id}/feedback`, { method: "POST", user: alice, body: { step: "intro", feedback: "   " } });
    await expectStatus(empty, 400);
    expect((await json(empty)).fieldErrors).toHaveProperty("feedback");
    await api(`/api/exercises/${id}/feedback`, { method: "POST", user: alice, body: { step: "objectives", feedback: "Objective 2 is vague" } });
    const rows = await getDb(env.DB).select().from(feedback).where(eq(feedback.exerciseId, id));
    expect(rows.map((r) => [r.step, r.feedback, r.userId])).toEqual([["objectives", "Objective 2 is vague", alice.userId]]);
    const listed = (await json(await api(`/api/exercises/${id}/feedback`, { user: alice }))).feedback as Json[];
    expect(listed.map((f) => f.feedback)).toEqual(["Objective 2 is vague"]);
    await expectStatus(await api(`/api/exercises/${id}/feedback`, { user: bob }), 404);
  });

  it("a write while someone else holds the edit lock (in the lock object) is 423 with the holder; the D1 mark alone is display only", async () => {
    const id = await createExercise(alice, { name: "Locked" });
    // Alice's personal exercise cannot be locked by Bob through the API (404), so the holder is
    // planted in the lock object, the one truth assertEditable reads.
    const lock = env.EXERCISE_LOCK.get(env.EXERCISE_LOCK.idFromName(id));
    expect((await lock.acquire(bob.userId, 60_000)).ok).toBe(true);
    const update = await api(`/api/exercises/${id}/update`, { method: "PUT", user: alice, body: { exercise: { name: "Changed" } } });
    await expectStatus(update, 423);
    const body = await json(update);
    expect(body).toMatchObject({ code: "locked", lockedByUserId: bob.userId, lockedByName: expect.any(String) });
    expect(Object.keys(body).sort()).toEqual(["code", "lockExpires", "lockedByName", "lockedByUserId", "message"]);
    const del = await api(`/api/exercises/${id}/delete`, { method: "DELETE", user: alice });
    await expectStatus(del, 423);
    expect(await json(del)).toEqual(body);
    expect((await getDb(env.DB).select().from(exercises).where(eq(exercises.id, id)))[0]?.name).toBe("Locked");

    expect((await lock.release(bob.userId)).ok).toBe(true);
    // A stale mark in D1 (say, a mirror write that raced a release) must not block anyone.
    await getDb(env.DB)
      .update(exercises)
      .set({ lockedByUserId: bob.userId, lockExpires: new Date(nowMs() + 60_000) })
      .where(eq(exercises.id, id));
    await expectStatus(await api(`/api/exercises/${id}/update`, { method: "PUT", user: alice, body: { exercise: { name: "Changed" } } }), 200);
  });
});

describe("list", () => {
  it("lists the caller's exercises with status filter, search and sort", async () => {
    const carol = await createTestUser({ plan: "TEAM" });
    const a = await createExercise(carol, { name: "Alpha flood" });
    const b = await createExercise(carol, { name: "Bravo 50%_fire", completed: true });
    const c = await createExercise(carol, { name: "charlie flood", modules: [sampleModule], lastActiveStep: 4 });

    const all = (await json(await api("/api/exercises?sortBy=name&sort=asc", { user: carol }))).exercises as Json[];
    expect(all.map((e) => e.id)).toEqual([a, b, c]);
    expect(all[2]).toMatchObject({ moduleCount: 1, resumeStep: "modules/1/injects", completed: false });
    expect(all[2]).not.toHaveProperty("modules");

    const desc = (await json(await api("/api/exercises?sortBy=name&sort=desc", { user: carol }))).exercises as Json[];
    expect(desc.map((e) => e.id)).toEqual([c, b, a]);
    const byCreated = (await json(await api("/api/exercises?sortBy=createdAt&sort=asc", { user: carol }))).exercises as Json[];
    expect(byCreated.map((e) => e.id)).toEqual([a, b, c]);

    const done = (await json(await api("/api/exercises?status=completed", { user: carol }))).exercises as Json[];
    expect(done.map((e) => e.id)).toEqual([b]);
    const open = (await json(await api("/api/exercises?status=in-progress&sort=asc&sortBy=name", { user: carol }))).exercises as Json[];
    expect(open.map((e) => e.id)).toEqual([a, c]);

    const flood = (await json(await api("/api/exercises?search=FLOOD&sortBy=name&sort=asc", { user: carol }))).exercises as Json[];
    expect(flood.map((e) => e.id)).toEqual([a, c]);
    // LIKE wildcards in the search are literal characters.
    const literal = (await json(await api(`/api/exercises?search=${encodeURIComponent("50%_")}`, { user: carol }))).exercises as Json[];
    expect(literal.map((e) => e.id)).toEqual([b]);
    expect((await json(await api("/api/exercises?search=%25", { user: carol }))).exercises).toHaveLength(1);

    await expectStatus(await api("/api/exercises?sort=sideways", { user: carol }), 400);
    await expectStatus(await api("/api/exercises"), 401);
  });
});

describe("quick-start templates", () => {
  it("lists templates and copies one into a new exercise (isQuickStart)", async () => {
    const list = (await json(await api("/api/exercises/templates", { user: alice }))).templates as Json[];
    expect(list.length).toBe(QUICK_START_TEMPLATES.length);
    const template = getTemplate(list[0]!.id)!;
    // What the dashboard's picker shows (it loads this list when opened): a sentence of the scenario, no MSEL.
    expect(list[0]).toEqual({
      id: template.id,
      name: template.name,
      threatType: template.threatType,
      capabilities: template.capabilitiesAndObjectives.map((c) => c.capability),
      summary: expect.stringMatching(/^\S.{20,239}$/) as unknown,
    });
    expect(template.scenario.replace(/\s+/g, " ")).toContain(String(list[0]!.summary).replace(/…$/, ""));
    const res = await api("/api/exercises/from-template", { method: "POST", user: alice, body: { templateId: template.id } });
    await expectStatus(res, 201);
    const got = await json(await api(`/api/exercises/${(await json(res)).id}`, { user: alice }));
    expect(got).toMatchObject({
      name: template.name,
      scenario: template.scenario,
      modules: template.modules,
      mselTable: template.mselTable,
      capabilitiesAndObjectives: template.capabilitiesAndObjectives,
      isQuickStart: true,
      completed: false,
      userId: alice.userId,
      metadata: { templateId: template.id },
    });
    await expectStatus(await api("/api/exercises/from-template", { method: "POST", user: alice, body: { templateId: "no-such-template" } }), 404);
    await expectStatus(await api("/api/exercises/from-template", { method: "POST", user: noPlan, body: { templateId: template.id } }), 402);
  });
});

describe("campaign exercises", () => {
  it("the team's admin and campaign managers (with the flag) create, read, update, export and delete; others get 404", async () => {
    const [owner, member, outsider] = await Promise.all([createTestUser({ plan: "TEAM" }), createTestUser({ plan: null }), createTestUser({ plan: "SOLO" })]);
    // Plain members and managers without the flag are refused: test/security/campaign-access.test.ts.
    const campaignId = await createCampaign(owner, [member], { collaborateRole: "CAMPAIGN_MANAGER" });
    const base = `/api/collaborate/campaigns/${campaignId}/exercises`;

    const created = await api(`${base}/create`, { method: "POST", user: owner, body: { exercise: { name: "Campaign TTX", userId: owner.userId } } });
    await expectStatus(created, 201);
    const { id } = await json(created);

    expect(
      await json(await api(`${base}/${id}/update`, { method: "PUT", user: member, body: { exercise: { scenario: "Levee breach", modules: [sampleModule] } } })),
    ).toEqual({ success: true });
    const got = await json(await api(`${base}/${id}`, { user: owner }));
    expect(got).toMatchObject({ name: "Campaign TTX", scenario: "Levee breach", campaignId, isCampaignExercise: true });

    const md = await api(`${base}/${id}/export`, { user: member });
    await expectStatus(md, 200);
    expect(md.headers.get("content-type")).toContain("text/markdown");
    expect(md.headers.get("content-disposition")).toBe('attachment; filename="Campaign-TTX-discussion-guide.md"');
    const text = await md.text();
    expect(text).toContain("# Campaign TTX");
    expect(text).toContain("Landfall");
    expect(text).toContain("Which shelter opens first?");

    for (const [method, path, body] of [
      ["GET", `${base}/${id}`],
      ["PUT", `${base}/${id}/update`, { exercise: { name: "x" } }],
      ["DELETE", `${base}/${id}/delete`],
      ["GET", `${base}/${id}/export`],
      ["POST", `${base}/create`, { exercise: { name: "x" } }],
    ] as [string, string, unknown?][]) {
      await expectStatus(await api(path, { method, user: outsider, body }), 404, `${method} ${path}`);
    }
    // A personal exercise id is not reachable through a campaign, nor a campaign exercise as personal.
    const personalId = await createExercise(owner);
    await expectStatus(await api(`${base}/${personalId}`, { user: owner }), 404);
    await expectStatus(await api(`/api/exercises/${id}`, { user: owner }), 404);

    await expectStatus(await api(`${base}/${id}/export?format=rtf`, { user: member }), 400);
    expect(await json(await api(`${base}/${id}/delete`, { method: "DELETE", user: member }))).toEqual({ success: true });
    await expectStatus(await api(`${base}/${id}`, { user: owner }), 404);
  });

  it("missing ids answer 'Campaign ID and exercise ID are required.'", async () => {
    for (const [method, path] of [
      ["PUT", "/api/collaborate/campaigns/undefined/exercises/abc/update"],
      ["PUT", "/api/collaborate/campaigns/c1/exercises//update"],
      ["DELETE", "/api/collaborate/campaigns/c1/exercises/null/delete"],
      ["GET", "/api/collaborate/campaigns/null/exercises/abc/export"],
      ["POST", "/api/collaborate/campaigns/undefined/exercises/create"],
    ]) {
      const res = await api(path!, { method, user: alice, body: method === "GET" || method === "DELETE" ? undefined : { exercise: {} } });
      await expectStatus(res, 400, `${method} ${path}`);
      expect((await apiError(res)).message).toBe("Campaign ID and exercise ID are required.");
    }
  });
});
