import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getPlanStatus, isCampaignOnlyUser, isPlanActive } from "../../worker/accounts/plan";
import { getDb } from "../../worker/db/client";
import { accountPlanMetadata, campaignParticipants, campaigns, campaignUsers, teamMembers, teams } from "../../worker/db/schema";
import { nowMs } from "../../worker/lib/clock";
import { createTestUser } from "../helpers/auth";

describe("active plan status (feeds the guard)", () => {
  const db = () => getDb(env.DB);

  it("no plan row → no active plan", async () => {
    const u = await createTestUser();
    const plan = await getPlanStatus(db(), u.userId);
    expect(plan).toMatchObject({ hasActivePlan: false, planType: null, accountId: u.accountId, accountType: "SOLO", viaTeam: false });
  });

  it("an admin-granted plan is active", async () => {
    const u = await createTestUser({ plan: "SOLO" });
    expect(await getPlanStatus(db(), u.userId)).toMatchObject({ hasActivePlan: true, planType: "SOLO", status: "active", viaTeam: false });
  });

  it.each([
    ["active", true],
    ["trialing", true],
    ["past_due", true],
    ["paused", false],
    ["canceled", false],
    ["incomplete", false],
  ] as const)("status %s → active %s", async (status, active) => {
    const u = await createTestUser({ plan: "TEAM" });
    await db().update(accountPlanMetadata).set({ status }).where(eq(accountPlanMetadata.accountId, u.accountId));
    const plan = await getPlanStatus(db(), u.userId);
    expect(plan.hasActivePlan).toBe(active);
    expect(plan.isPaused).toBe(status === "paused");
  });

  it("an admin grant past its period end is not active; Stripe's status decides for Stripe plans", () => {
    const past = new Date(nowMs() - 1000);
    expect(isPlanActive({ status: "active", source: "admin", currentPeriodEnd: past })).toBe(false);
    expect(isPlanActive({ status: "active", source: "stripe", currentPeriodEnd: past })).toBe(true);
    expect(isPlanActive({ status: "active", source: "admin", currentPeriodEnd: null })).toBe(true);
  });

  it("a team member has an active plan through the team's account, and loses it when the team's plan pauses", async () => {
    const owner = await createTestUser({ plan: "TEAM" });
    const member = await createTestUser();
    const [team] = await db().insert(teams).values({ accountId: owner.accountId, seats: 5 }).returning();
    await db().insert(teamMembers).values({ teamId: team!.id, userId: member.userId, role: "MEMBER" });
    const plan = await getPlanStatus(db(), member.userId);
    expect(plan).toMatchObject({ hasActivePlan: true, viaTeam: true, accountId: owner.accountId, planType: "TEAM" });
    expect(await isCampaignOnlyUser(db(), { id: member.userId, email: member.email })).toBe(false);

    await db().update(accountPlanMetadata).set({ status: "paused" }).where(eq(accountPlanMetadata.accountId, owner.accountId));
    expect((await getPlanStatus(db(), member.userId)).hasActivePlan).toBe(false);
  });

  it("campaign-only: a campaign participant or an invited contributor's e-mail without a team", async () => {
    const owner = await createTestUser({ plan: "TEAM" });
    const participant = await createTestUser();
    const contributor = await createTestUser();
    const stranger = await createTestUser();
    const [team] = await db().insert(teams).values({ accountId: owner.accountId, seats: 5 }).returning();
    const [campaign] = await db().insert(campaigns).values({ teamId: team!.id, name: "Coastal surge campaign", createdById: owner.userId }).returning();
    await db().insert(campaignParticipants).values({ campaignId: campaign!.id, userId: participant.userId });
    await db().insert(campaignUsers).values({ email: contributor.email });
    expect(await isCampaignOnlyUser(db(), { id: participant.userId, email: participant.email })).toBe(true);
    expect(await isCampaignOnlyUser(db(), { id: contributor.userId, email: contributor.email })).toBe(true);
    expect(await isCampaignOnlyUser(db(), { id: stranger.userId, email: stranger.email })).toBe(false);
    // A team member is not campaign-only even when also a participant.
    await db().insert(teamMembers).values({ teamId: team!.id, userId: participant.userId });
    expect(await isCampaignOnlyUser(db(), { id: participant.userId, email: participant.email })).toBe(false);
  });

  it("the guard runs on real pages: a signed-in user without a plan stays on the page, which is marked as needing a plan", async () => {
    const { enforceAccess } = await import("../../web/lib/auth.server");
    const u = await createTestUser();
    // worker/index.ts makes one load context per request (the session memo is keyed by it).
    const context = () => ({ cloudflare: { env } }) as never;
    const request = new Request("http://localhost/dashboard", { headers: { cookie: u.cookie } });
    const noPlan = await enforceAccess({ request, context: context() });
    expect(noPlan.user?.id).toBe(u.userId);
    expect(noPlan.user ? noPlan.planRequired : null).toBe(true);
    const profile = await enforceAccess({ request: new Request("http://localhost/account/profile", { headers: { cookie: u.cookie } }), context: context() });
    expect(profile.user ? profile.planRequired : null).toBe(false);

    const paid = await createTestUser({ plan: "SOLO" });
    const ok = await enforceAccess({ request: new Request("http://localhost/dashboard", { headers: { cookie: paid.cookie } }), context: context() });
    expect(ok.user?.id).toBe(paid.userId);
    expect(ok.user ? ok.planRequired : null).toBe(false);

    const anon = await enforceAccess({ request: new Request("http://localhost/exercise/1/intro"), context: context() }).catch((e: unknown) => e);
    expect((anon as Response).headers.get("location")).toBe("/login?callbackUrl=%2Fexercise%2F1%2Fintro");
  });
});

describe("one session read per page load", () => {
  it("the root and route loaders share it through the load context, though Remix hands each its own Request", async () => {
    const { getOptionalUser } = await import("../../web/lib/auth.server");
    const { sessions } = await import("../../worker/db/schema");
    const u = await createTestUser();
    const context = { cloudflare: { env } } as never;
    const page = () => new Request("http://localhost/dashboard", { headers: { cookie: u.cookie } });
    expect((await getOptionalUser({ request: page(), context }))?.id).toBe(u.userId);
    await getDb(env.DB).delete(sessions).where(eq(sessions.userId, u.userId));
    // The second loader of the same page load does not read the session again...
    expect((await getOptionalUser({ request: page(), context }))?.id).toBe(u.userId);
    // ...the next page load does, and so does a form post (its action may have ended the session).
    expect(await getOptionalUser({ request: page(), context: { cloudflare: { env } } as never })).toBeNull();
    expect(
      await getOptionalUser({ request: new Request("http://localhost/dashboard", { method: "POST", headers: { cookie: u.cookie } }), context }),
    ).toBeNull();
  });
});

describe("one plan read per page load", () => {
  it("the root and route loaders of a page share one context, and where the user stands (plan, roles, teams) is read once through it", async () => {
    const { contextFor } = await import("../../web/lib/request-context.server");
    const { planStatusOf } = await import("../../worker/accounts/plan");
    const { membershipOf } = await import("../../worker/accounts/membership");
    const u = await createTestUser({ plan: "SOLO" });
    const context = { cloudflare: { env } } as never;
    const page = () => new Request("http://localhost/dashboard");
    const root = contextFor({ request: page(), context }, u.userId);
    expect(contextFor({ request: page(), context }, u.userId)).toBe(root);
    expect((await planStatusOf(root)).hasActivePlan).toBe(true);
    // The shell's label roles and the campaign list read the very same membership, not their own.
    expect(await membershipOf(contextFor({ request: page(), context }, u.userId))).toBe(await membershipOf(root));
    await getDb(env.DB).delete(accountPlanMetadata).where(eq(accountPlanMetadata.accountId, u.accountId));
    // Same page load: the plan already read; the next page load reads it again.
    expect((await planStatusOf(contextFor({ request: page(), context }, u.userId))).hasActivePlan).toBe(true);
    expect((await planStatusOf(contextFor({ request: page(), context: { cloudflare: { env } } as never }, u.userId))).hasActivePlan).toBe(false);
  });
});

describe("tenancy through UserAccount", () => {
  it("a member linked to the team owner's account works in it and has its plan (viaTeam)", async () => {
    const { userAccounts } = await import("../../worker/db/schema");
    const { getTenancyAccountId } = await import("../../worker/accounts/service");
    const db = getDb(env.DB);
    const owner = await createTestUser({ plan: "TEAM" });
    const member = await createTestUser();
    await db.insert(userAccounts).values({ userId: member.userId, accountId: owner.accountId, role: "MEMBER" });
    expect(await getTenancyAccountId(db, member.userId)).toBe(owner.accountId);
    expect(await getPlanStatus(db, member.userId)).toMatchObject({ hasActivePlan: true, viaTeam: true, accountId: owner.accountId });
    expect(await getPlanStatus(db, owner.userId)).toMatchObject({ hasActivePlan: true, viaTeam: false, accountId: owner.accountId });
  });
});
