import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { aarContentSchema, conductPlanSchema, eegContentSchema } from "../../shared/db/conduct-shapes";
import type { CapabilityTrendsView, CorrectiveActionListView } from "../../shared/improvement/views";
import { readStoredInstructions } from "../../shared/profile/model";
import { readIngestStatus } from "../../shared/documents/status";
import { userContext } from "../../worker/context";
import { getDb } from "../../worker/db/client";
import { documents } from "../../worker/db/schema";
import { BRACKWATER_DOCUMENTS } from "../../worker/sample/brackwater/documents";
import { BRACKWATER_PROFILE } from "../../worker/sample/brackwater/profile";
import { ensureSampleWorkspace } from "../../worker/sample/workspace";
import { SAMPLE_TEMPLATE_ID } from "../../worker/sample/rows";
import { api, expectStatus, json } from "../helpers/api";
import { balance, grant, readNdjson, stripePlan } from "../conversations/helpers";
import { chunkCounts, waitForIngest } from "../documents/ingest-helpers";
import { createTestUser } from "../helpers/auth";
import { dashboardHtml, newcomer, rowsOf, sampleState, sampleStatus } from "./helpers";
import { eq, inArray } from "drizzle-orm";

const SAMPLE_DOCUMENTS = BRACKWATER_DOCUMENTS.filter((d) => d.sample);

describe("the sample workspace of a new account", () => {
  it("is pending from sign-up and created by the first dashboard: profile, three queued plan documents, a template exercise, an ended session with its EEG, a published AAR/IP with actions, a brief — all marked sample", async () => {
    const user = await newcomer();
    expect(await sampleState(user)).toBe("pending");
    const before = await balance(user.accountId);

    const html = await dashboardHtml(user);
    expect(await sampleState(user)).toBe("created");
    // The dashboard it lands on already lists the sample, badged, with the card that removes it.
    expect(html).toContain("You are exploring sample data");
    expect(html).toContain("Remove sample data");
    expect(html).toContain(SAMPLE_DOCUMENTS[0]!.name);
    expect(html).toMatch(/>Sample</);
    expect(html).not.toContain("No exercises yet");

    const rows = await rowsOf(user);
    expect(rows.documents).toHaveLength(3);
    expect(rows.exercises).toHaveLength(1);
    expect(rows.briefs).toHaveLength(1);
    expect(rows.sessions).toHaveLength(1);
    expect(rows.reports).toHaveLength(1);
    expect(rows.actions).toHaveLength(3);
    for (const list of Object.values(rows)) expect(list.every((r) => r.sample === 1)).toBe(true);

    // Documents: their files in R2 and each sent through the ingestion queue (never left unqueued).
    const docs = await getDb(env.DB)
      .select()
      .from(documents)
      .where(
        inArray(
          documents.id,
          rows.documents.map((d) => d.id),
        ),
      );
    expect(docs.map((d) => d.name).sort()).toEqual(SAMPLE_DOCUMENTS.map((d) => d.name).sort());
    for (const doc of docs) {
      expect(await env.UPLOADS.head(doc.path!)).not.toBeNull();
      expect(["queued", "processing", "ready"]).toContain(readIngestStatus(doc).status);
    }

    // The exercise comes from a quick-start template; the session played, ended, with its EEG.
    const exercise = await env.DB.prepare('SELECT "metadata", "isQuickStart" FROM "Exercise" WHERE "id" = ?')
      .bind(rows.exercises[0]!.id)
      .first<{ metadata: string; isQuickStart: number }>();
    expect(JSON.parse(exercise!.metadata)).toEqual({ templateId: SAMPLE_TEMPLATE_ID });
    const session = await env.DB.prepare('SELECT "status", "plan", "exerciseId" FROM "ConductSession" WHERE "id" = ?')
      .bind(rows.sessions[0]!.id)
      .first<{ status: string; plan: string; exerciseId: string }>();
    expect(session).toMatchObject({ status: "ended", exerciseId: rows.exercises[0]!.id });
    conductPlanSchema.parse(JSON.parse(session!.plan));
    const eeg = await env.DB.prepare('SELECT "content" FROM "Eeg" WHERE "sessionId" = ?').bind(rows.sessions[0]!.id).first<{ content: string }>();
    expect(eegContentSchema.parse(JSON.parse(eeg!.content)).guides.length).toBeGreaterThan(0);
    const report = await env.DB.prepare('SELECT "status", "content" FROM "AfterActionReport" WHERE "id" = ?')
      .bind(rows.reports[0]!.id)
      .first<{ status: string; content: string }>();
    expect(report!.status).toBe("final");
    aarContentSchema.parse(JSON.parse(report!.content));

    // /improvement and the trends card are alive.
    const actions = await json<CorrectiveActionListView>(await expectStatus(await api("/api/improvement/actions", { user }), 200));
    expect(actions.actions.map((a) => [a.status, a.overdue, a.sample])).toEqual(
      expect.arrayContaining([
        ["open", true, true],
        ["in_progress", false, true],
        ["completed", false, true],
      ]),
    );
    const trends = await json<CapabilityTrendsView>(await expectStatus(await api("/api/improvement/trends", { user }), 200));
    expect(trends.capabilities.some((c) => c.points.length > 0)).toBe(true);
    const improvement = await SELF.fetch("http://localhost/improvement", { headers: { cookie: user.cookie } });
    expect(await improvement.text()).toMatch(/>Sample</);

    // The profile is Brackwater County's.
    const account = await env.DB.prepare('SELECT "customInstructions" FROM "Account" WHERE "id" = ?')
      .bind(user.accountId)
      .first<{ customInstructions: string }>();
    expect(readStoredInstructions(account!.customInstructions).focus).toBe(BRACKWATER_PROFILE.focus);
    expect(await sampleStatus(user)).toEqual({ state: "created", documents: 3, exercises: 1, briefs: 1, sessions: 1, profile: true, present: true });

    // Free: nothing was held or charged for it.
    expect(await balance(user.accountId)).toEqual(before);

    // Once only: another dashboard (or a second call) adds nothing.
    await dashboardHtml(user);
    expect(await ensureSampleWorkspace(userContext(env, user.userId))).toBe(false);
    expect((await rowsOf(user)).documents).toHaveLength(3);
  });

  it("lets Ask answer from a sample plan once the queue has ingested it, citing the sample document", async () => {
    const user = await stripePlan(await newcomer());
    await grant(user.accountId, 100);
    await dashboardHtml(user);
    const { documents: ids } = await rowsOf(user);
    for (const { id } of ids) expect(await waitForIngest(id)).toMatchObject({ status: "ready" });
    for (const { id } of ids) expect((await chunkCounts(id)).fts).toBeGreaterThan(0);

    const chat = await json<{ chat: { id: string } }>(await expectStatus(await api("/api/ask/chats", { method: "POST", user, body: {} }), 201));
    const res = await api(`/api/ask/chats/${chat.chat.id}/messages`, {
      method: "PUT",
      user,
      body: { messages: [{ role: "user", content: "What river gauge level makes Alder Flats evacuate behind Levee L-3?" }] },
    });
    const events = await readNdjson(await expectStatus(res, 200));
    const citations = events.find((e) => e.type === "citations" || Array.isArray(e.citations))?.citations as { documentId: string }[] | undefined;
    expect(citations?.length).toBeGreaterThan(0);
    expect(ids.map((d) => d.id)).toContain(citations![0]!.documentId);
  });

  it("keeps a profile the user already filled in, and gives none to someone already working in a team's account", async () => {
    const filled = await newcomer();
    await env.DB.prepare('UPDATE "Account" SET "customInstructions" = ? WHERE "id" = ?')
      .bind(JSON.stringify({ language: "en", focus: "Our own county" }), filled.accountId)
      .run();
    await dashboardHtml(filled);
    const account = await env.DB.prepare('SELECT "customInstructions" FROM "Account" WHERE "id" = ?')
      .bind(filled.accountId)
      .first<{ customInstructions: string }>();
    expect(readStoredInstructions(account!.customInstructions).focus).toBe("Our own county");
    expect(await sampleStatus(filled)).toMatchObject({ profile: false, documents: 3 });

    // A colleague linked to another account (as joining a team does) before their first dashboard.
    const owner = await createTestUser({ plan: "TEAM" });
    const colleague = await newcomer({ plan: null });
    await env.DB.prepare(`INSERT INTO "UserAccount" ("userId", "accountId", "role", "createdAt") VALUES (?, ?, 'MEMBER', ?)`)
      .bind(colleague.userId, owner.accountId, 0)
      .run();
    await dashboardHtml(colleague);
    expect(await sampleState(colleague)).toBe("skipped");
    const rows = await rowsOf(colleague);
    expect(rows.documents).toHaveLength(0);
    expect(rows.exercises).toHaveLength(0);
  });

  it("is never made for accounts older than it (no pending state)", async () => {
    const user = await createTestUser({ plan: "SOLO" });
    expect(await sampleState(user)).toBeNull();
    await dashboardHtml(user);
    expect((await rowsOf(user)).documents).toHaveLength(0);
    const doc = await getDb(env.DB).select().from(documents).where(eq(documents.userId, user.userId));
    expect(doc).toHaveLength(0);
  });
});
