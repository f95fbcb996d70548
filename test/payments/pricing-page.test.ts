import { createExecutionContext, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { detectTrialConversion, needsSubscriptionSync, type BillingInfo } from "../../web/hooks/use-billing";
import { createTestUser } from "../helpers/auth";
import { checkoutAndPay, deliverAll } from "./api";
import { stripeEnv } from "./helpers";

async function pricingPage(cookie: string, testEnv?: Record<string, unknown>, query = "") {
  const request = new Request(`http://localhost/account/pricing${query}`, { headers: { cookie } });
  if (!testEnv) return SELF.fetch(request);
  const ctx = createExecutionContext();
  const res = await worker.fetch(request as never, testEnv as never, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** Page text without React's text-node separators (`<!-- -->`). */
const text = async (res: Response) => (await res.text()).replaceAll("<!-- -->", "");

describe("/account/pricing", () => {
  it("says billing is not configured when there is no Stripe key", async () => {
    const user = await createTestUser();
    const res = await pricingPage(user.cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Plans and pricing");
    expect(html).toContain("Billing is not configured on this server");
    expect(html).not.toContain("Choose Solo");
  });

  it("with Stripe shows the plans with their Stripe prices, the trial and checkout buttons", async () => {
    const user = await createTestUser();
    const html = await text(await pricingPage(user.cookie, stripeEnv()));
    expect(html).toContain("Plans and pricing");
    expect(html).not.toContain("Billing is not configured on this server");
    expect(html).toContain("Choose Solo");
    expect(html).toContain("$29.00");
    expect(html).toContain("14-day free trial");
    expect(html).toContain("No Subscription");
  });

  it("after checkout shows the current plan, its trial end, the credits and the portal button", async () => {
    const user = await createTestUser();
    const { event } = await checkoutAndPay(user.cookie, { plan: "SOLO", interval: "MONTHLY" });
    await deliverAll([event("checkout.session.completed"), event("invoice.paid")]);
    const html = await text(await pricingPage(user.cookie, stripeEnv(), "?checkout=success"));
    expect(html).toContain("Your plan is active.");
    expect(html).toContain("Solo Account");
    expect(html).toMatch(/Your trial ends on [A-Z][a-z]+ \d{1,2}, \d{4}\./);
    expect(html).toContain("Credits left: 1,000");
    expect(html).toContain("Manage subscription");
    expect(html).toContain("Buy 1,000 credits");
  });
});

const base: BillingInfo = {
  currentPlanType: "SOLO",
  currentBillingInterval: "MONTHLY",
  isCanceled: false,
  isPaused: false,
  currentPeriodEnd: "2026-12-01T00:00:00.000Z",
  isTrialPeriod: false,
  trialEndDate: null,
  blockAdditionalPurchases: false,
  stripeCustomerId: "cus_1",
  stripeSubscriptionId: "sub_1",
  recentlyConverted: false,
  hasActivePlan: true,
  status: "active",
  cancelAtPeriodEnd: false,
  source: "stripe",
  viaTeam: false,
  canManageBilling: true,
  billingConfigured: true,
  accountLabel: "Solo Account",
};

describe("client billing rules (spec §4)", () => {
  it("detects a trial conversion from the previous value or recentlyConverted", () => {
    expect(detectTrialConversion({ isTrialPeriod: true }, base)).toBe(true);
    expect(detectTrialConversion({ isTrialPeriod: false }, base)).toBe(false);
    expect(detectTrialConversion(undefined, base)).toBe(false);
    expect(detectTrialConversion({ isTrialPeriod: true }, { ...base, stripeSubscriptionId: null })).toBe(false);
    expect(detectTrialConversion(undefined, { ...base, recentlyConverted: true })).toBe(true);
  });

  it("asks for a sync when a subscription lacks its period end, or its trial end during a trial", () => {
    expect(needsSubscriptionSync(base)).toBe(false);
    expect(needsSubscriptionSync({ ...base, currentPeriodEnd: null })).toBe(true);
    expect(needsSubscriptionSync({ ...base, isTrialPeriod: true, trialEndDate: null })).toBe(true);
    expect(needsSubscriptionSync({ ...base, currentPeriodEnd: null, stripeSubscriptionId: null })).toBe(false);
  });
});
