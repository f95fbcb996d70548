import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { userContext } from "../../worker/context";
import { getDashboard } from "../../worker/dashboard/service";
import { getDb } from "../../worker/db/client";
import { accounts, afterActionReports, campaignExercises, conductSessions, documents, exercises, intelBriefs } from "../../worker/db/schema";
import { nowMs } from "../../worker/lib/clock";
import { sampleConductRows } from "../../worker/sample/rows";
import { eq } from "drizzle-orm";
import { createTestUser } from "../helpers/auth";
import { collaborateTeam, newCampaign } from "../collaborate/campaign-helpers";

const db = () => getDb(env.DB);

async function seedFor(userId: string, tag: string) {
  const t = (n: number) => new Date(Date.UTC(2026, 0, n));
  await db()
    .insert(exercises)
    .values([
      { userId, name: `${tag} flood TTX`, completed: false, updatedAt: t(3) },
      { userId, name: `${tag} quake TTX`, completed: true, updatedAt: t(2) },
      { userId, name: `${tag} storm TTX`, completed: false, updatedAt: t(5) },
    ]);
  await db()
    .insert(documents)
    .values(Array.from({ length: 7 }, (_, i) => ({ userId, name: `${tag} plan ${i}.pdf`, createdAt: t(i + 1) })));
  await db()
    .insert(intelBriefs)
    .values([{ userId, title: `${tag} brief`, content: "..." }]);
}

describe("dashboard service", () => {
  it("lists only the caller's exercises, documents and briefs", async () => {
    const alice = await createTestUser({ plan: "SOLO", firstName: "Alice" });
    const bob = await createTestUser({ plan: "SOLO", firstName: "Bob" });
    await seedFor(alice.userId, "alice");
    await seedFor(bob.userId, "bob");

    const dash = await getDashboard(userContext(env, alice.userId));
    expect(dash.firstName).toBe("Alice");
    const names = dash.exercises.list.map((e) => e.name);
    expect(names.sort()).toEqual(["alice flood TTX", "alice quake TTX", "alice storm TTX"]);
    expect(dash.documents.items.every((d) => d.name.startsWith("alice"))).toBe(true);
    expect(dash.briefs.items.map((b) => b.title)).toEqual(["alice brief"]);
  });

  it("lists exercises most recently updated first (or oldest first, or searched) with the full count", async () => {
    const user = await createTestUser({ plan: "SOLO" });
    await seedFor(user.userId, "me");
    const dash = await getDashboard(userContext(env, user.userId));
    expect(dash.exercises.list.map((e) => [e.name, e.completed])).toEqual([
      ["me storm TTX", false],
      ["me flood TTX", false],
      ["me quake TTX", true],
    ]);
    expect(dash.exercises.total).toBe(3);
    expect((await getDashboard(userContext(env, user.userId), { sort: "asc" })).exercises.list.map((e) => e.name)).toEqual([
      "me quake TTX",
      "me flood TTX",
      "me storm TTX",
    ]);
    const searched = await getDashboard(userContext(env, user.userId), { search: "storm", sort: "desc" });
    expect(searched.exercises).toMatchObject({ list: [{ name: "me storm TTX" }], total: 3 });
  });

  it("shows the 5 most recent documents and the full count", async () => {
    const user = await createTestUser({ plan: "SOLO" });
    await seedFor(user.userId, "me");
    const dash = await getDashboard(userContext(env, user.userId));
    expect(dash.documents.total).toBe(7);
    expect(dash.documents.items.map((d) => d.name)).toEqual(["me plan 6.pdf", "me plan 5.pdf", "me plan 4.pdf", "me plan 3.pdf", "me plan 2.pdf"]);
  });

  it("lists the campaign exercises of the caller's collaborate teams with their own and their campaign's names", async () => {
    const team = await collaborateTeam();
    const campaign = await newCampaign(team.owner, { name: "Sable River flood readiness" });
    const t = (n: number) => new Date(Date.UTC(2026, 0, n));
    const older = crypto.randomUUID();
    const newer = crypto.randomUUID();
    await db()
      .insert(campaignExercises)
      .values([
        { id: older, campaignId: campaign.id, userId: team.owner.userId, name: "Levee breach draft", updatedAt: t(2) },
        { id: newer, campaignId: campaign.id, userId: team.owner.userId, name: "Evacuation draft", completed: true, updatedAt: t(4) },
      ]);
    const dash = await getDashboard(userContext(env, team.owner.userId));
    expect(dash.campaignExercises).toMatchObject([
      { id: newer, campaignId: campaign.id, campaignName: "Sable River flood readiness", name: "Evacuation draft", completed: true, resumeStep: "intro" },
      { id: older, campaignId: campaign.id, campaignName: "Sable River flood readiness", name: "Levee breach draft", completed: false },
    ]);
    expect(dash.campaignExercises[0]!.updatedAt).toEqual(t(4));
    // Someone outside the team sees none of them.
    const outsider = await createTestUser({ plan: "TEAM" });
    expect((await getDashboard(userContext(env, outsider.userId))).campaignExercises).toEqual([]);
  });

  it("is empty for a new user, with every profile section missing", async () => {
    const user = await createTestUser({ plan: "SOLO" });
    const dash = await getDashboard(userContext(env, user.userId));
    expect(dash.exercises).toEqual({ list: [], total: 0 });
    expect(dash.campaignExercises).toEqual([]);
    expect(dash.enterprise).toBe(false);
    // The template picker loads its list when opened (GET /api/exercises/templates), not with every dashboard.
    expect(dash).not.toHaveProperty("templates");
    expect(dash.documents).toEqual({ items: [], total: 0 });
    expect(dash.briefs).toEqual({ items: [], total: 0 });
    expect(dash.profile).toMatchObject({ filled: 0, total: 8 });
    expect(dash.profile.missing).toContain("Organizational & Regional Focus");
  });

  it("counts filled profile sections", async () => {
    const user = await createTestUser({ plan: "SOLO" });
    await db()
      .update(accounts)
      .set({ customInstructions: { focus: "Coastal county", threats: "Hurricanes", typeOfUse: "Professional", language: "en" } })
      .where(eq(accounts.id, user.accountId));
    const dash = await getDashboard(userContext(env, user.userId));
    expect(dash.profile.filled).toBe(3);
    expect(dash.profile.missing).not.toContain("Threats Hazards and Concerns");
  });

  it("renders /dashboard for a signed-in user with a plan, with the user's own rows", async () => {
    // Welcomed before: a first visit says "Welcome" (test/sample/remove.test.ts).
    const user = await createTestUser({ plan: "SOLO", firstName: "Dana", onboarded: true });
    await seedFor(user.userId, "mine");
    const other = await createTestUser({ plan: "SOLO" });
    await seedFor(other.userId, "theirs");
    const res = await SELF.fetch("http://localhost/dashboard", { headers: { cookie: user.cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Welcome back, Dana");
    expect(html).toContain("mine storm TTX");
    expect(html).not.toContain("theirs");
  });

  it("beside capability ratings, does not say there are no exercises", async () => {
    const user = await createTestUser({ plan: "SOLO" });
    // A conducted exercise's published AAR/IP (the sample workspace's rows), and no exercise of the user's own.
    const conduct = sampleConductRows({ userId: user.userId, controllerName: "Test User" }, crypto.randomUUID(), nowMs());
    await db().batch([
      db().insert(conductSessions).values(conduct.session),
      db()
        .insert(afterActionReports)
        .values({ ...conduct.report, sample: false }),
    ]);
    const html = await (await SELF.fetch("http://localhost/dashboard", { headers: { cookie: user.cookie } })).text();
    expect(html).toContain("Capability trends");
    expect(html).not.toContain("No exercises yet");
    expect(html).toContain("No exercises of your own yet");
  });

  it("shows honest empty states to a new user", async () => {
    const user = await createTestUser({ plan: "SOLO" });
    const html = await (await SELF.fetch("http://localhost/dashboard", { headers: { cookie: user.cookie } })).text();
    expect(html).toContain("No exercises yet");
    expect(html).toContain("No documents yet");
    expect(html).toContain("No briefs yet");
  });

  it("sends a signed-out visitor to the login page", async () => {
    const res = await SELF.fetch("http://localhost/dashboard", { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?callbackUrl=%2Fdashboard");
  });
});
