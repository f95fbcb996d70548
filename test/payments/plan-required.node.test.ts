import { describe, expect, it } from "vitest";
import type { Membership } from "../../worker/accounts/membership";
import type { PlanStatus } from "../../worker/accounts/plan";
import { parseConfig } from "../../worker/env";
import { planRequiredView } from "../../worker/payments/plan-required";

const noPlan: PlanStatus = {
  hasActivePlan: false,
  planType: null,
  billingInterval: null,
  status: null,
  isPaused: false,
  isCanceled: false,
  isInTrial: false,
  trialEndDate: null,
  currentPeriodEnd: null,
  viaTeam: false,
  accountId: "own",
  accountType: "SOLO",
};
const link = (accountId: string, role: "OWNER" | "ADMIN" | "MEMBER") => ({
  accountId,
  type: "SOLO" as const,
  role,
  collaborateEnabled: false,
  modelSelectionEnabled: false,
  featureFlags: null,
  plan: null,
});
const solo: Membership = { links: [link("own", "OWNER")], teams: [], teamPlans: [] };
const member: Membership = {
  links: [link("team-account", "MEMBER"), link("own", "OWNER")],
  teams: [{ teamId: "t", accountId: "team-account", role: "MEMBER", collaborateRole: "STANDARD_USER" }],
  teamPlans: [],
};

const config = (vars: Record<string, string>) => parseConfig({ APP_ENV: "test", ...vars });
const stripe = config({ BILLING_MODE: "stripe", STRIPE_SECRET_KEY: "sk_test_x", STRIPE_TRIAL_DAYS: "14" });

describe("a page that needs a plan says why and what to do (planRequiredView)", () => {
  it("never had a plan, with Stripe: choose a plan, with the trial", () => {
    expect(planRequiredView(stripe, noPlan, solo, false)).toEqual({ reason: "no_plan", trialDays: 14, contact: null });
  });
  it("the trial is not offered again once used", () => {
    expect(planRequiredView(stripe, { ...noPlan, status: "canceled", trialEndDate: new Date(0) }, solo, false)).toMatchObject({
      reason: "ended",
      trialDays: 0,
    });
  });
  it("a paused plan is resumed, not bought again", () => {
    expect(planRequiredView(stripe, { ...noPlan, status: "paused", isPaused: true }, solo, false).reason).toBe("paused");
  });
  it("a team member asks the team's administrator", () => {
    expect(planRequiredView(stripe, noPlan, member, false).reason).toBe("team_plan");
  });
  it("someone only in campaigns is pointed to Collaborate", () => {
    expect(planRequiredView(stripe, noPlan, solo, true).reason).toBe("campaign");
  });
  it("stripe mode without Stripe: ask the server's administrator", () => {
    expect(planRequiredView(config({ BILLING_MODE: "stripe" }), noPlan, solo, false).reason).toBe("not_configured");
  });
  it("billing off: the organisation provides plans, and OPERATOR_CONTACT says where to ask", () => {
    expect(planRequiredView(config({ OPERATOR_CONTACT: "ops@county.example" }), noPlan, solo, false)).toEqual({
      reason: "billing_off",
      trialDays: 0,
      contact: "ops@county.example",
    });
  });
});
