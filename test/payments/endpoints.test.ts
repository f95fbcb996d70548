import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client";
import { teamMembers, teams, userAccounts } from "../../worker/db/schema";
import { accountLabel } from "../../worker/payments/account-label";
import { api, apiError, expectStatus, json } from "../helpers/api";
import { createTestUser } from "../helpers/auth";
import { accountRow, checkoutAndPay, deliverAll, planOf } from "./api";
import { fakeControl, stripeEnv, testStripe } from "./helpers";

const BILLING_INFO_FIELDS = [
  "currentPlanType",
  "currentBillingInterval",
  "isCanceled",
  "isPaused",
  "currentPeriodEnd",
  "isTrialPeriod",
  "trialEndDate",
  "blockAdditionalPurchases",
  "stripeCustomerId",
  "stripeSubscriptionId",
  "recentlyConverted",
];

describe("billing without Stripe keys (the local default)", () => {
  const localEnv = () => ({ ...env });

  it("checkout, portal, sync and the webhook say billing is not configured; nothing is charged", async () => {
    const user = await createTestUser();
    for (const [path, body] of [
      ["/api/billing/checkout", { plan: "SOLO", interval: "MONTHLY" }],
      ["/api/billing/portal", {}],
      ["/api/billing/sync-subscription", {}],
    ] as const) {
      const res = await api(path, { body, user, env: localEnv() });
      await expectStatus(res, 503, path);
      expect(await res.json()).toEqual({ message: "Billing is not configured on this server.", code: "billing_not_configured" });
    }
    const hook = await api("/api/billing/webhook", { raw: "{}", headers: { "stripe-signature": "t=1,v1=00" }, env: localEnv() });
    await expectStatus(hook, 503);
  });

  it("account-info still answers, from an admin-granted plan", async () => {
    const user = await createTestUser({ plan: "ENTERPRISE" });
    const res = await api("/api/billing/account-info", { user, env: localEnv() });
    await expectStatus(res, 200);
    const info = await res.json();
    for (const field of BILLING_INFO_FIELDS) expect(info, field).toHaveProperty(field);
    expect(info).toMatchObject({
      currentPlanType: "ENTERPRISE",
      hasActivePlan: true,
      billingConfigured: false,
      source: "admin",
      accountLabel: "Enterprise Account",
    });
  });
});

describe("billing endpoints with Stripe", () => {
  it("need a signed-in user", async () => {
    for (const [path, method] of [
      ["/api/billing/account-info", "GET"],
      ["/api/billing/checkout", "POST"],
      ["/api/billing/portal", "POST"],
      ["/api/billing/sync-subscription", "POST"],
    ]) {
      const res = await api(path!, { method, env: stripeEnv() });
      await expectStatus(res, 401, path);
    }
  });

  it("checkout validates its input", async () => {
    const user = await createTestUser();
    const bad = await api("/api/billing/checkout", { body: { plan: "GOLD", interval: "MONTHLY" }, user, env: stripeEnv() });
    await expectStatus(bad, 400);
    const malformed = await api("/api/billing/checkout", { raw: "{nope", user, env: stripeEnv() });
    await expectStatus(malformed, 400);
    const unknownPack = await api("/api/billing/checkout", { body: { creditPackId: "pack-nope" }, user, env: stripeEnv() });
    await expectStatus(unknownPack, 404);
  });

  it("a plan whose price is not configured is refused with a clear 409", async () => {
    const user = await createTestUser();
    const res = await api("/api/billing/checkout", {
      body: { plan: "TEAM", interval: "YEARLY" },
      user,
      env: stripeEnv({ STRIPE_PRICE_TEAM_YEARLY: undefined }),
    });
    await expectStatus(res, 409);
    expect(await apiError(res)).toMatchObject({ code: "plan_not_configured" });
  });

  it("checkout creates one customer for the account, a trial once, and refuses a second subscription", async () => {
    const user = await createTestUser();
    const a = await api("/api/billing/checkout", { body: { plan: "SOLO", interval: "MONTHLY" }, user, env: stripeEnv() });
    const b = await api("/api/billing/checkout", { body: { plan: "SOLO", interval: "YEARLY" }, user, env: stripeEnv() });
    await expectStatus(a, 200);
    await expectStatus(b, 200);
    const customer = (await accountRow(user.accountId))!.stripeCustomerId;
    expect(customer).toMatch(/^cus_/);
    const sessionId = (await json<{ url: string }>(b)).url.split("/").pop()!;
    const session = await testStripe().checkout.sessions.retrieve(sessionId);
    expect(session.customer).toBe(customer);
    expect(session.metadata).toMatchObject({ accountId: user.accountId, plan: "SOLO", interval: "YEARLY" });

    const done = await fakeControl<{ events: never[] }>(`checkout/${sessionId}/complete`);
    await deliverAll(done.events);
    expect(await planOf(user.userId)).toMatchObject({ hasActivePlan: true, status: "trialing", billingInterval: "YEARLY" });
    const again = await api("/api/billing/checkout", { body: { plan: "TEAM", interval: "MONTHLY" }, user, env: stripeEnv() });
    await expectStatus(again, 409);
    expect(await apiError(again)).toMatchObject({ code: "already_subscribed" });

    // After cancelling, a new subscription is allowed but without a second trial.
    const subId = (await accountRow(user.accountId))!.stripeSubscriptionId!;
    await testStripe().subscriptions.cancel(subId);
    await api("/api/billing/sync-subscription", { method: "POST", user, env: stripeEnv() });
    const next = await checkoutAndPay(user.cookie, { plan: "TEAM", interval: "MONTHLY" });
    await deliverAll([next.event("checkout.session.completed")]);
    expect(await planOf(user.userId)).toMatchObject({ hasActivePlan: true, status: "active", planType: "TEAM", isInTrial: false });
  });

  it("credit packs need an active plan", async () => {
    const user = await createTestUser();
    const res = await api("/api/billing/checkout", { body: { creditPackId: "pack-1000" }, user, env: stripeEnv() });
    await expectStatus(res, 409);
    expect(await apiError(res)).toMatchObject({ code: "no_active_plan" });
  });

  it("portal needs a Stripe customer, then returns the portal URL", async () => {
    const user = await createTestUser();
    const none = await api("/api/billing/portal", { method: "POST", user, env: stripeEnv() });
    await expectStatus(none, 409);
    const { event } = await checkoutAndPay(user.cookie);
    await deliverAll([event("checkout.session.completed")]);
    const res = await api("/api/billing/portal", { method: "POST", user, env: stripeEnv() });
    await expectStatus(res, 200);
    expect((await json<{ url: string }>(res)).url).toContain("/fake-stripe/portal/");
  });

  it("sync-subscription recovers a checkout whose webhook never arrived", async () => {
    const user = await createTestUser();
    await checkoutAndPay(user.cookie, { plan: "ENTERPRISE", interval: "YEARLY" });
    expect((await planOf(user.userId)).hasActivePlan).toBe(false);
    const res = await api("/api/billing/sync-subscription", { method: "POST", user, env: stripeEnv() });
    await expectStatus(res, 200);
    const info = await json<Record<string, unknown>>(res);
    expect(info).toMatchObject({ currentPlanType: "ENTERPRISE", currentBillingInterval: "YEARLY", isTrialPeriod: true, hasActivePlan: true });
    expect(info.currentPeriodEnd).toEqual(info.trialEndDate);
    expect(info.stripeSubscriptionId).toMatch(/^sub_/);
  });

  it("account-info reports every billing field and a recent trial conversion", async () => {
    const user = await createTestUser();
    const { event } = await checkoutAndPay(user.cookie);
    await deliverAll([event("checkout.session.completed")]);
    const during = await json<Record<string, unknown>>(await api("/api/billing/account-info", { user, env: stripeEnv() }));
    for (const field of BILLING_INFO_FIELDS) expect(during, field).toHaveProperty(field);
    expect(during).toMatchObject({ isTrialPeriod: true, recentlyConverted: false, isCanceled: false, isPaused: false, currentPlanType: "SOLO" });

    const subId = (await accountRow(user.accountId))!.stripeSubscriptionId!;
    await testStripe().subscriptions.update(subId, { trial_end: "now" });
    await api("/api/billing/sync-subscription", { method: "POST", user, env: stripeEnv() });
    const after = await json<Record<string, unknown>>(await api("/api/billing/account-info", { user, env: stripeEnv() }));
    expect(after).toMatchObject({ isTrialPeriod: false, recentlyConverted: true, hasActivePlan: true, accountLabel: "Solo Account" });
  });

  it("a member of someone else's account cannot open checkout or the portal and sees no Stripe ids", async () => {
    const owner = await createTestUser();
    const member = await createTestUser();
    const { event } = await checkoutAndPay(owner.cookie, { plan: "TEAM", interval: "MONTHLY" });
    await deliverAll([event("checkout.session.completed")]);
    const db = getDb(env.DB);
    const teamId = crypto.randomUUID();
    await db.insert(teams).values({ id: teamId, accountId: owner.accountId, seats: 5 });
    await db.insert(teamMembers).values({ teamId, userId: member.userId, role: "MEMBER" });
    await db.insert(userAccounts).values({ userId: member.userId, accountId: owner.accountId, role: "MEMBER" });

    const checkout = await api("/api/billing/checkout", { body: { plan: "SOLO", interval: "MONTHLY" }, user: member, env: stripeEnv() });
    await expectStatus(checkout, 403);
    const portal = await api("/api/billing/portal", { method: "POST", user: member, env: stripeEnv() });
    await expectStatus(portal, 403);
    const info = await json<Record<string, unknown>>(await api("/api/billing/account-info", { user: member, env: stripeEnv() }));
    expect(info).toMatchObject({
      hasActivePlan: true,
      currentPlanType: "TEAM",
      stripeCustomerId: null,
      stripeSubscriptionId: null,
      canManageBilling: false,
      accountLabel: "Team Member",
    });
    const ownerInfo = await json<Record<string, unknown>>(await api("/api/billing/account-info", { user: owner, env: stripeEnv() }));
    expect(ownerInfo).toMatchObject({ accountLabel: "Team Account", canManageBilling: true });
  });
});

describe("accountLabel (spec §6)", () => {
  it("labels each kind of account", () => {
    expect(accountLabel({ hasActivePlan: false, planType: "SOLO", viaTeam: false })).toBe("No Subscription");
    expect(accountLabel({ hasActivePlan: true, planType: "SOLO", viaTeam: false, accountRole: "OWNER" })).toBe("Solo Account");
    expect(accountLabel({ hasActivePlan: true, planType: "ENTERPRISE", viaTeam: false, accountRole: "OWNER" })).toBe("Enterprise Account");
    expect(accountLabel({ hasActivePlan: true, planType: "TEAM", viaTeam: false, accountRole: "OWNER" })).toBe("Team Account");
    expect(accountLabel({ hasActivePlan: true, planType: "TEAM", viaTeam: true, teamRole: "MEMBER" })).toBe("Team Member");
    expect(accountLabel({ hasActivePlan: true, planType: "TEAM", viaTeam: true, teamRole: "ADMIN" })).toBe("Team Account");
    expect(accountLabel({ hasActivePlan: true, planType: "ENTERPRISE", viaTeam: false, accountRole: "MEMBER" })).toBe("Team Member");
  });
});
