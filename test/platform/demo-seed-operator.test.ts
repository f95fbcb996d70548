import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DEMO, DEMO_MEMBER, DEMO_OPERATOR, seedSql } from "../../scripts/lib/demo.ts";
import { DEMO_FINDINGS_CAMPAIGN } from "../../scripts/lib/demo-campaign.ts";
import { DEMO_CONDUCT } from "../../scripts/lib/demo-conduct.ts";
import { DEMO_EXERCISES } from "../../scripts/lib/demo-exercises.ts";
import { DEMO_CONSULTANT } from "../../scripts/lib/demo-enterprise.ts";
import { api, expectStatus, json, type Json } from "../helpers/api";
import { sessionCookieFor } from "../helpers/auth";

/** `npm start` sends these statements through the local D1; here they run on the same schema. */
async function run(statements: string[]) {
  await env.DB.batch(statements.map((s) => env.DB.prepare(s)));
}

// The seed's clock, pinned: a date other files do not seed at.
const NOW = Date.UTC(2026, 10, 28, 21, 30);
const DAY = 24 * 60 * 60 * 1000;

/**
 * Other files seed the demo workspace into the same database at their own clocks: start from none
 * of the dated demo rows this file reads back, so they are the ones seeded at NOW.
 */
async function freshSeed() {
  const exercises = DEMO_EXERCISES.map((e) => `'${e.id}'`).join(", ");
  const actions = Object.values(DEMO_CONDUCT.actionIds)
    .map((id) => `'${id}'`)
    .join(", ");
  await run([
    `DELETE FROM "Campaign" WHERE "id" = '${DEMO_FINDINGS_CAMPAIGN.campaignId}'`,
    `DELETE FROM "CorrectiveAction" WHERE "id" IN (${actions})`,
    `DELETE FROM "ConductSession" WHERE "id" = '${DEMO_CONDUCT.sessionId}'`,
    `DELETE FROM "Exercise" WHERE "id" IN (${exercises})`,
  ]);
  await run(seedSql("", NOW));
}

describe("demo seed: the operator and the seed's dates", () => {
  it("includes an operator who can open /admin, and the console shows Marcus under the team's plan", async () => {
    await freshSeed();
    // The operator's own row, and nobody else made an admin by it (the seed's ids are distinct).
    const users = await env.DB.prepare(`SELECT "id", "email", "role" FROM "User" WHERE "id" IN (?, ?, ?)`)
      .bind(DEMO_OPERATOR.userId, DEMO_CONSULTANT.userId, DEMO_MEMBER.userId)
      .all<{ id: string; email: string; role: string }>();
    expect(Object.fromEntries(users.results.map((u) => [u.email, u.role]))).toEqual({
      [DEMO_OPERATOR.email]: "admin",
      [DEMO_CONSULTANT.email]: "basic",
      [DEMO_MEMBER.email]: "basic",
    });
    const operator = {
      userId: DEMO_OPERATOR.userId,
      accountId: DEMO_OPERATOR.accountId,
      email: DEMO_OPERATOR.email,
      password: "",
      cookie: await sessionCookieFor(DEMO_OPERATOR.userId),
    };
    const page = await SELF.fetch("http://localhost/admin", { headers: { cookie: operator.cookie } });
    expect(page.status).toBe(200);
    const listed = await json(await expectStatus(await api(`/api/admin/users?q=${encodeURIComponent(DEMO_MEMBER.email)}`, { user: operator }), 200));
    const marcus = (listed.users as Json[]).find((u) => u.email === DEMO_MEMBER.email)!;
    expect(marcus.teamPlan).toMatchObject({ accountId: DEMO.accountId, planType: "TEAM", status: "active" });
    // Dana (no admin role) still gets the console's 404.
    expect((await SELF.fetch("http://localhost/admin", { headers: { cookie: await sessionCookieFor(DEMO.userId) } })).status).toBe(404);
  });

  it("dates what happened before the seed's clock: the finished campaign, its contributions, the tabletop, its report, Dana's exercises", async () => {
    await freshSeed();
    const campaign = await env.DB.prepare(`SELECT "createdAt", "updatedAt", "parameters", "insights" FROM "Campaign" WHERE "id" = ?`)
      .bind(DEMO_FINDINGS_CAMPAIGN.campaignId)
      .first<{ createdAt: number; updatedAt: number; parameters: string; insights: string }>();
    expect(campaign!.updatedAt).toBeLessThan(NOW);
    expect(campaign!.createdAt).toBeLessThan(campaign!.updatedAt);
    expect(Date.parse(JSON.parse(campaign!.insights).completedAt)).toBeLessThan(NOW);
    expect(JSON.parse(campaign!.parameters).deadline < new Date(NOW).toISOString().slice(0, 10)).toBe(true);
    const submitted = (
      await env.DB.prepare(`SELECT "submittedAt" FROM "ContributorExercise" WHERE "campaignId" = ?`)
        .bind(DEMO_FINDINGS_CAMPAIGN.campaignId)
        .all<{ submittedAt: number }>()
    ).results;
    expect(submitted).toHaveLength(5);
    for (const s of submitted) expect(s.submittedAt).toBeLessThan(NOW);
    // Not weeks ago in another year: within the last month.
    expect(NOW - campaign!.updatedAt).toBeLessThan(30 * DAY);

    const session = await env.DB.prepare(`SELECT "endedAt" FROM "ConductSession" WHERE "id" = ?`).bind(DEMO_CONDUCT.sessionId).first<{ endedAt: number }>();
    const report = await env.DB.prepare(`SELECT "publishedAt" FROM "AfterActionReport" WHERE "id" = ?`)
      .bind(DEMO_CONDUCT.reportId)
      .first<{ publishedAt: number }>();
    expect(session!.endedAt).toBeLessThan(NOW);
    expect(report!.publishedAt).toBeLessThan(NOW);
    const exercises = (
      await env.DB.prepare(`SELECT "updatedAt" FROM "Exercise" WHERE "userId" = ? AND "id" IN (?, ?)`)
        .bind(DEMO.userId, DEMO_EXERCISES[0].id, DEMO_EXERCISES[1].id)
        .all<{ updatedAt: number }>()
    ).results;
    expect(exercises).toHaveLength(2);
    for (const e of exercises) expect(e.updatedAt).toBeLessThan(NOW);
  });

  it("gives Dana exercises of her own, so her dashboard lists them beside her capability ratings", async () => {
    await freshSeed();
    const html = await (await SELF.fetch("http://localhost/dashboard", { headers: { cookie: await sessionCookieFor(DEMO.userId) } })).text();
    expect(html).not.toContain("No exercises yet");
    expect(html).toContain(DEMO_EXERCISES[0].template.name);
  });
});
