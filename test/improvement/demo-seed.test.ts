import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DEMO, DEMO_CAMPAIGN_EXERCISE, DEMO_TEAM, seedSql } from "../../scripts/lib/demo.ts";
import { DEMO_CONDUCT, demoConductSql, demoConductTimes } from "../../scripts/lib/demo-conduct.ts";
import { aarContentSchema, conductEventPayloadSchema, conductPlanSchema, eegContentSchema, feedbackContentSchema } from "../../shared/db/conduct-shapes";
import type { CapabilityTrendsView, CorrectiveActionListView } from "../../shared/improvement/views";
import { nowMs } from "../../worker/lib/clock";
import { api, expectStatus, json } from "../helpers/api";
import { sessionCookieFor } from "../helpers/auth";

// The demo's conducted exercise (scripts/lib/demo-conduct.ts), seeded with the same statements
// `npm start` runs, against the migrated schema.

async function run(statements: string[]) {
  await env.DB.batch(statements.map((s) => env.DB.prepare(s)));
}

const DAY = 24 * 60 * 60 * 1000;

describe("demo seed: a conducted exercise with its AAR/IP", () => {
  it("is deterministic for one clock", () => {
    const input = {
      userId: DEMO.userId,
      controllerName: "Dana Whitfield",
      exerciseId: DEMO_TEAM.exerciseId,
      campaignId: DEMO_TEAM.campaignId,
      exercise: DEMO_CAMPAIGN_EXERCISE,
    };
    const now = Date.UTC(2027, 2, 31, 9, 15);
    expect(demoConductSql(input, now)).toEqual(demoConductSql(input, now + 60_000));
  });

  it("seeds Dana's ended session, events, EEG, feedback and a published report, all schema-valid with evidence pointing at seeded rows; /improvement and the trends show it; seeding twice changes nothing", async () => {
    const now = nowMs();
    // Other files seed the demo workspace into the same database, some at a pinned date (the
    // intelligence seed test's 2027): start from no demo session or actions, so the due dates read
    // back are the ones seeded here, relative to this clock.
    const ids = Object.values(DEMO_CONDUCT.actionIds);
    await run([
      `DELETE FROM "CorrectiveAction" WHERE "id" IN (${ids.map((id) => `'${id}'`).join(", ")})`,
      `DELETE FROM "ConductSession" WHERE "id" = '${DEMO_CONDUCT.sessionId}'`,
    ]);
    await run(seedSql("", now));
    await run(seedSql("", now + DAY));
    const c = DEMO_CONDUCT;
    const session = await env.DB.prepare('SELECT * FROM "ConductSession" WHERE "id" = ?')
      .bind(c.sessionId)
      .first<{ userId: string; status: string; plan: string; endedAt: number }>();
    expect(session).toMatchObject({ userId: DEMO.userId, status: "ended" });
    const plan = conductPlanSchema.parse(JSON.parse(session!.plan));
    expect(plan.exerciseName).toBe(DEMO_CAMPAIGN_EXERCISE.name);

    const events = (
      await env.DB.prepare('SELECT "id", "kind", "payload" FROM "ConductEvent" WHERE "sessionId" = ? ORDER BY "seq"')
        .bind(c.sessionId)
        .all<{ id: string; kind: string; payload: string }>()
    ).results;
    for (const e of events) expect(conductEventPayloadSchema.parse(JSON.parse(e.payload)).kind).toBe(e.kind);
    const kinds = events.map((e) => e.kind);
    expect(kinds.filter((k) => k === "answer")).toHaveLength(2);
    expect(kinds.filter((k) => k === "released").length).toBeGreaterThanOrEqual(3);
    const observations = events.filter((e) => e.kind === "observation").map((e) => JSON.parse(e.payload) as { rating: string | null });
    expect(observations).toHaveLength(5);
    expect(observations.every((o) => o.rating !== null)).toBe(true);

    const eeg = await env.DB.prepare('SELECT "content" FROM "Eeg" WHERE "sessionId" = ?').bind(c.sessionId).first<{ content: string }>();
    expect(eegContentSchema.parse(JSON.parse(eeg!.content)).guides.length).toBeGreaterThan(0);
    const feedback = (
      await env.DB.prepare('SELECT "id", "content" FROM "FeedbackResponse" WHERE "sessionId" = ?').bind(c.sessionId).all<{ id: string; content: string }>()
    ).results;
    expect(feedback).toHaveLength(2);
    for (const f of feedback) feedbackContentSchema.parse(JSON.parse(f.content));

    const report = await env.DB.prepare('SELECT "content", "status", "publishedAt" FROM "AfterActionReport" WHERE "sessionId" = ?')
      .bind(c.sessionId)
      .first<{ content: string; status: string; publishedAt: number }>();
    expect(report).toMatchObject({ status: "final" });
    const content = aarContentSchema.parse(JSON.parse(report!.content));
    const known = new Set([...events.map((e) => e.id), ...feedback.map((f) => f.id)]);
    const evidence = content.analyses.flatMap((a) => [...a.strengths, ...a.areasForImprovement]).flatMap((f) => f.evidence);
    expect(evidence.length).toBeGreaterThan(5);
    for (const ev of evidence) expect(known.has(ev.id), ev.id).toBe(true);

    // The tracked actions, as Dana sees them: one overdue, one in progress, one completed.
    const user = { userId: DEMO.userId, accountId: DEMO.accountId, email: DEMO.email, password: DEMO.password, cookie: await sessionCookieFor(DEMO.userId) };
    const list = (await json(await expectStatus(await api("/api/improvement/actions", { user }), 200))) as CorrectiveActionListView;
    const mine = list.actions.filter((a) => a.sessionId === c.sessionId);
    expect(mine.map((a) => [a.id, a.status, a.overdue])).toEqual([
      [c.actionIds.overdue, "open", true],
      [c.actionIds.completed, "completed", false],
      [c.actionIds.inProgress, "in_progress", false],
    ]);
    const t = demoConductTimes(now);
    expect(mine[0]!.dueDate).toBe(t.overdueDue);
    expect(content.improvementPlan.map((r) => r.id).sort()).toEqual(["ip-1", "ip-2", "ip-3"]);

    const trends = (await json(await expectStatus(await api("/api/improvement/trends", { user }), 200))) as CapabilityTrendsView;
    const oc = trends.capabilities.find((x) => x.capability === "Operational Coordination");
    expect(oc?.points.some((p) => p.sessionId === c.sessionId && p.rating === "M")).toBe(true);
    expect(oc?.overdueActions).toBeGreaterThanOrEqual(1);
  });
});
