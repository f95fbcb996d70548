import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { readStoredInstructions } from "../../shared/profile/model";
import { welcomeSampleNote } from "../../shared/sample/model";
import { BRACKWATER_PROFILE } from "../../worker/sample/brackwater/profile";
import { api, apiError, expectStatus, json, type Json } from "../helpers/api";
import { chunkCounts, waitForIngest } from "../documents/ingest-helpers";
import { dashboardHtml, newcomer, rowsOf, sampleState, sampleStatus } from "./helpers";

async function uploadOwn(user: Awaited<ReturnType<typeof newcomer>>) {
  const form = new FormData();
  form.append("file", new File(["# Our shelter plan\nThe Westside gym opens as a shelter when the river passes 20 feet."], "our-shelter-plan.md"));
  const res = await expectStatus(await api("/api/documents/upload", { method: "POST", user, raw: form }), 201);
  return ((await json(res)) as Json).document as { id: string };
}

const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;

describe("Remove sample data", () => {
  it("deletes exactly the sample rows with their files, passages and index rows; the user's own document, exercise and brief survive, and another user's sample too", async () => {
    const user = await newcomer({ firstName: "Rosa" });
    const other = await newcomer();
    await dashboardHtml(user);
    await dashboardHtml(other);
    const sample = await rowsOf(user);
    const otherBefore = await rowsOf(other);
    for (const { id } of sample.documents) await waitForIngest(id);

    // The user's own work beside the sample.
    const ownDoc = await uploadOwn(user);
    await waitForIngest(ownDoc.id);
    const ownExercise = await json<{ id: string }>(
      await expectStatus(await api("/api/exercises/create", { method: "POST", user, body: { exercise: { name: "Our own winter storm TTX" } } }), 201),
    );
    const ownBrief = await json<{ brief: { id: string } }>(
      await expectStatus(await api("/api/intelligence/briefs", { method: "POST", user, body: { title: "Our own brief", content: "Ice on Route 9." } }), 201),
    );
    const ownPath = (await env.DB.prepare('SELECT "path" FROM "Document" WHERE "id" = ?').bind(ownDoc.id).first<{ path: string }>())!.path;
    const samplePaths = (
      await env.DB.prepare(`SELECT "path" FROM "Document" WHERE "userId" = ? AND "sample" = 1`).bind(user.userId).all<{ path: string }>()
    ).results.map((r) => r.path);
    expect(samplePaths).toHaveLength(3);
    // One section rewritten by the user: it stays; the untouched ones go.
    const account = await env.DB.prepare('SELECT "customInstructions" FROM "Account" WHERE "id" = ?')
      .bind(user.accountId)
      .first<{ customInstructions: string }>();
    await env.DB.prepare('UPDATE "Account" SET "customInstructions" = ? WHERE "id" = ?')
      .bind(JSON.stringify({ ...JSON.parse(account!.customInstructions), goals: "Our own goals" }), user.accountId)
      .run();

    const removed = await json(await expectStatus(await api("/api/sample", { method: "DELETE", user }), 200));
    expect(removed).toEqual({ state: "removed", documents: 0, exercises: 0, briefs: 0, sessions: 0, profile: false, present: false });

    const after = await rowsOf(user);
    expect(after.documents.map((d) => d.id)).toEqual([ownDoc.id]);
    expect(after.exercises.map((e) => e.id)).toEqual([ownExercise.id]);
    expect(after.briefs.map((b) => b.id)).toEqual([ownBrief.brief.id]);
    expect(after.sessions).toEqual([]);
    expect(after.reports).toEqual([]);
    expect(after.actions).toEqual([]);
    // The sample's files, passages, keyword rows and the session's children are gone; the user's own stay.
    for (const path of samplePaths) expect(await env.UPLOADS.head(path)).toBeNull();
    for (const { id } of sample.documents) expect(await chunkCounts(id)).toEqual({ chunks: 0, fts: 0 });
    for (const table of ["Eeg", "ConductEvent", "ConductToken", "FeedbackResponse"]) {
      expect(await count(`SELECT count(*) AS n FROM "${table}" WHERE "sessionId" = ?`, sample.sessions[0]!.id)).toBe(0);
    }
    expect(await env.UPLOADS.head(ownPath)).not.toBeNull();
    expect((await chunkCounts(ownDoc.id)).fts).toBeGreaterThan(0);
    const profile = readStoredInstructions(
      (await env.DB.prepare('SELECT "customInstructions" FROM "Account" WHERE "id" = ?').bind(user.accountId).first<{ customInstructions: string }>())!
        .customInstructions,
    );
    expect(profile.goals).toBe("Our own goals");
    expect(profile.focus).toBe("");
    expect(profile.threats).not.toBe(BRACKWATER_PROFILE.threats);

    // Another user's sample is untouched.
    expect(await rowsOf(other)).toEqual(otherBefore);

    // Removed for good: the dashboard neither recreates it nor shows the card; a second removal changes nothing.
    const html = await dashboardHtml(user);
    expect(html).not.toContain("You are exploring sample data");
    expect(html).toContain("Our own winter storm TTX");
    expect(await sampleState(user)).toBe("removed");
    await expectStatus(await api("/api/sample", { method: "DELETE", user }), 200);
    expect((await rowsOf(user)).documents).toHaveLength(1);
  });

  it("is for signed-in users only", async () => {
    expect((await apiError(await api("/api/sample", { method: "DELETE" }))).status).toBe(401);
    expect((await apiError(await api("/api/sample"))).status).toBe(401);
  });

  it("the profile page offers it while there is sample data, and not after", async () => {
    const user = await newcomer();
    await dashboardHtml(user);
    const page = async () => (await SELF.fetch("http://localhost/account/profile", { headers: { cookie: user.cookie } })).text();
    expect(await page()).toContain("Remove sample data");
    await expectStatus(await api("/api/sample", { method: "DELETE", user }), 200);
    expect(await page()).not.toContain("Remove sample data");
  });
});

describe("the welcome modal's words", () => {
  it("say the profile and documents are pre-filled only while they are", async () => {
    const user = await newcomer();
    // Before the first dashboard there is nothing yet, so nothing is promised.
    expect(welcomeSampleNote(await sampleStatus(user))).toBeNull();
    await dashboardHtml(user);
    const note = welcomeSampleNote(await sampleStatus(user));
    expect(note).toContain(
      "your profile, 3 plan documents, 1 exercise, a conducted tabletop with its evaluation and AAR/IP and 1 intelligence brief are pre-filled",
    );
    expect(note).toContain("Brackwater County, a fictional jurisdiction");
    await expectStatus(await api("/api/sample", { method: "DELETE", user }), 200);
    expect(welcomeSampleNote(await sampleStatus(user))).toBeNull();
  });

  it('greets a first visit with "Welcome" and a later one with "Welcome back"', async () => {
    const user = await newcomer({ firstName: "Imani" });
    expect(await dashboardHtml(user)).toContain("Welcome, Imani");
    await expectStatus(await api(`/api/users/${user.userId}/mark-onboarded`, { method: "POST", user }), 200);
    const html = await dashboardHtml(user);
    expect(html).toContain("Welcome back, Imani");
    expect(html).not.toContain("Welcome, Imani");
  });
});
