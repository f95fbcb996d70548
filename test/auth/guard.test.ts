import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getPlanStatus, isCampaignOnlyUser, isPlanActive } from "../../worker/accounts/plan";
import { decideAccess, safeCallbackUrl, type AccessInput } from "../../worker/auth/guard";
import { getDb } from "../../worker/db/client";
import { accountPlanMetadata, campaignParticipants, campaigns, campaignUsers, teamMembers, teams } from "../../worker/db/schema";
import { createTestUser } from "../helpers/auth";

const user = { id: "u1" };
const withPlan = { hasActivePlan: true };
const noPlan = { hasActivePlan: false };

// [case, input, expected redirect (undefined = stays)]
const table: Array<[string, AccessInput, string | undefined]> = [
  // Signed out
  ["signed out on a protected page → login with callbackUrl", { pathname: "/dashboard", user: null, plan: null }, "/login?callbackUrl=%2Fdashboard"],
  ["signed out keeps path and query in callbackUrl", { pathname: "/exercise/e1/modules/2/injects", search: "?tab=a&b=1", user: null, plan: null }, "/login?callbackUrl=%2Fexercise%2Fe1%2Fmodules%2F2%2Finjects%3Ftab%3Da%26b%3D1"],
  ["signed out on /account/profile → login", { pathname: "/account/profile", user: null, plan: null }, "/login?callbackUrl=%2Faccount%2Fprofile"],
  ["signed out on /collaborate → login", { pathname: "/collaborate/campaigns/c1", user: null, plan: null }, "/login?callbackUrl=%2Fcollaborate%2Fcampaigns%2Fc1"],
  ["signed out on /login stays", { pathname: "/login", user: null, plan: null }, undefined],
  ["signed out on /login/two-factor stays", { pathname: "/login/two-factor", user: null, plan: null }, undefined],
  ["signed out on /signup stays", { pathname: "/signup", user: null, plan: null }, undefined],
  ["signed out on /forgot-password stays", { pathname: "/forgot-password", user: null, plan: null }, undefined],
  ["signed out on /reset-password stays", { pathname: "/reset-password", search: "?token=t", user: null, plan: null }, undefined],
  ["signed out on /status stays", { pathname: "/status", user: null, plan: null }, undefined],
  ["signed out on /invites stays", { pathname: "/invites", user: null, plan: null }, undefined],
  ["signed out on a public share page stays", { pathname: "/briefs/shared/tok123", user: null, plan: null }, undefined],
  ["signed out on / stays (landing page)", { pathname: "/", user: null, plan: null }, undefined],
  ["/accounting is not /account", { pathname: "/accounting", user: null, plan: null }, "/login?callbackUrl=%2Faccounting"],
  // Signed in, no active plan
  ["no plan on /dashboard → pricing", { pathname: "/dashboard", user, plan: noPlan }, "/account/pricing"],
  ["no plan on / → pricing", { pathname: "/", user, plan: noPlan }, "/account/pricing"],
  ["no plan on /documents → pricing", { pathname: "/documents", user, plan: noPlan }, "/account/pricing"],
  ["no plan on /exercise/… → pricing", { pathname: "/exercise/e1/intro", user, plan: noPlan }, "/account/pricing"],
  ["no plan on /collaborate → pricing (not campaign-only)", { pathname: "/collaborate", user, plan: noPlan }, "/account/pricing"],
  ["no plan on /account/pricing stays", { pathname: "/account/pricing", user, plan: noPlan }, undefined],
  ["no plan on /account/profile stays", { pathname: "/account/profile", user, plan: noPlan }, undefined],
  ["no plan on /account/security stays", { pathname: "/account/security", user, plan: noPlan }, undefined],
  ["no plan on /login stays", { pathname: "/login", user, plan: noPlan }, undefined],
  ["no plan on /signup stays", { pathname: "/signup", user, plan: noPlan }, undefined],
  ["no plan on /forgot-password stays", { pathname: "/forgot-password", user, plan: noPlan }, undefined],
  ["no plan on /reset-password stays", { pathname: "/reset-password", user, plan: noPlan }, undefined],
  ["no plan on /logout stays", { pathname: "/logout", user, plan: noPlan }, undefined],
  ["no plan on /invites stays", { pathname: "/invites", user, plan: noPlan }, undefined],
  ["no plan on /status stays", { pathname: "/status", user, plan: noPlan }, undefined],
  ["no plan on /dev/mailbox stays", { pathname: "/dev/mailbox", user, plan: noPlan }, undefined],
  ["no plan on a public share page stays", { pathname: "/alerts/shared/tok", user, plan: noPlan }, undefined],
  ["null plan is no plan", { pathname: "/dashboard", user, plan: null }, "/account/pricing"],
  // Campaign-only, no plan
  ["campaign-only under /collaborate stays", { pathname: "/collaborate/campaigns/c1/exercise/x/intro", user, plan: noPlan, isCampaignOnly: true }, undefined],
  ["campaign-only on /collaborate stays", { pathname: "/collaborate", user, plan: noPlan, isCampaignOnly: true }, undefined],
  ["campaign-only under /account stays", { pathname: "/account/profile", user, plan: noPlan, isCampaignOnly: true }, undefined],
  ["campaign-only on /dashboard → pricing", { pathname: "/dashboard", user, plan: noPlan, isCampaignOnly: true }, "/account/pricing"],
  ["campaign-only on /documents → pricing", { pathname: "/documents", user, plan: noPlan, isCampaignOnly: true }, "/account/pricing"],
  ["/collaborateX is not /collaborate", { pathname: "/collaborateX", user, plan: noPlan, isCampaignOnly: true }, "/account/pricing"],
  // Active plan
  ["plan at / → dashboard", { pathname: "/", user, plan: withPlan }, "/dashboard"],
  ["plan at /dashboard stays", { pathname: "/dashboard", user, plan: withPlan }, undefined],
  ["plan at /collaborate stays", { pathname: "/collaborate", user, plan: withPlan }, undefined],
  ["plan at /account/pricing stays", { pathname: "/account/pricing", user, plan: withPlan }, undefined],
  ["plan at /dashboard/ (trailing slash) stays", { pathname: "/dashboard/", user, plan: withPlan }, undefined],
];

describe("access guard (spec §4), table of cases", () => {
  it.each(table)("%s", (_name, input, expected) => {
    expect(decideAccess(input).redirect).toBe(expected);
  });

  it("follows only same-site callback paths", () => {
    expect(safeCallbackUrl("/exercise/1/intro?x=1")).toBe("/exercise/1/intro?x=1");
    expect(safeCallbackUrl("https://evil.example")).toBe("/dashboard");
    expect(safeCallbackUrl("//evil.example")).toBe("/dashboard");
    expect(safeCallbackUrl("/\\evil.example")).toBe("/dashboard");
    expect(safeCallbackUrl("")).toBe("/dashboard");
  });
});

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
    const past = new Date(Date.now() - 1000);
    expect(isPlanActive({ status: "active", source: "admin", currentPeriodEnd: past })).toBe(false);
    expect(isPlanActive({ status: "active", source: "stripe", currentPeriodEnd: past })).toBe(true);
    expect(isPlanActive({ status: "active", source: "admin", currentPeriodEnd: null })).toBe(true);
  });

  it("a team member has an active plan through the team's account, and loses it when the team's plan pauses", async () => {
    const owner = await createTestUser({ plan: "TEAM" });
    const member = await createTestUser();
    const [team] = await db().insert(teams).values({ accountId: owner.accountId, seats: 5 }).returning();
    await db().insert(teamMembers).values({ teamId: team.id, userId: member.userId, role: "MEMBER" });
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
    const [campaign] = await db().insert(campaigns).values({ teamId: team.id, name: "Coastal surge campaign", createdById: owner.userId }).returning();
    await db().insert(campaignParticipants).values({ campaignId: campaign.id, userId: participant.userId });
    await db().insert(campaignUsers).values({ email: contributor.email });
    expect(await isCampaignOnlyUser(db(), { id: participant.userId, email: participant.email })).toBe(true);
    expect(await isCampaignOnlyUser(db(), { id: contributor.userId, email: contributor.email })).toBe(true);
    expect(await isCampaignOnlyUser(db(), { id: stranger.userId, email: stranger.email })).toBe(false);
    // A team member is not campaign-only even when also a participant.
    await db().insert(teamMembers).values({ teamId: team.id, userId: participant.userId });
    expect(await isCampaignOnlyUser(db(), { id: participant.userId, email: participant.email })).toBe(false);
  });

  it("the guard runs on real pages: a signed-in user without a plan is sent to pricing by enforceAccess", async () => {
    const { enforceAccess } = await import("../../web/lib/auth.server");
    const u = await createTestUser();
    const context = { cloudflare: { env } } as never;
    const request = new Request("http://localhost/dashboard", { headers: { cookie: u.cookie } });
    const thrown = await enforceAccess({ request, context }).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("location")).toBe("/account/pricing");

    const paid = await createTestUser({ plan: "SOLO" });
    const ok = await enforceAccess({ request: new Request("http://localhost/dashboard", { headers: { cookie: paid.cookie } }), context });
    expect(ok.user?.id).toBe(paid.userId);

    const anon = await enforceAccess({ request: new Request("http://localhost/exercise/1/intro"), context }).catch((e: unknown) => e);
    expect((anon as Response).headers.get("location")).toBe("/login?callbackUrl=%2Fexercise%2F1%2Fintro");
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
