import type { Membership } from "../accounts/membership";
import type { PlanStatus } from "../accounts/plan";
import { billingMode, type Config } from "../env";
import { trialDays } from "./config";
import { isBillingConfigured } from "./stripe";

/**
 * Why a signed-in user cannot open a page that needs a plan, and so what they can do about it
 * (web/components/shell/plan-required.tsx words it). The access guard decides *that* a plan is
 * needed (worker/auth/guard.ts); this decides *which* way forward applies:
 *  - campaign:       they only take part in campaigns, which Collaborate holds;
 *  - billing_off:    plans come from the organisation running the server (BILLING_MODE=off);
 *  - team_plan:      their plan comes from a team whose plan is not active: its admin renews it;
 *  - not_configured: stripe mode without Stripe: only the server's administrator can grant one;
 *  - paused / ended: their own plan is paused, or ended;
 *  - no_plan:        they have never had one: choose a plan (with the trial, when one is offered).
 */
export type PlanRequiredReason = "campaign" | "billing_off" | "team_plan" | "not_configured" | "paused" | "ended" | "no_plan";

export type PlanRequiredView = {
  reason: PlanRequiredReason;
  /** Days of free trial a first checkout starts with (0: none, or already used). */
  trialDays: number;
  /** OPERATOR_CONTACT: where to ask for a plan when the organisation provides it. */
  contact: string | null;
};

export function planRequiredView(config: Config, plan: PlanStatus, membership: Membership, isCampaignOnly: boolean): PlanRequiredView {
  const ownAccountId = membership.links.find((link) => link.role === "OWNER")?.accountId ?? null;
  const inSomeoneElsesTeam = plan.viaTeam || membership.links[0]?.role !== "OWNER" || membership.teams.some((team) => team.accountId !== ownAccountId);
  const reason: PlanRequiredReason = isCampaignOnly
    ? "campaign"
    : billingMode(config) === "off"
      ? "billing_off"
      : inSomeoneElsesTeam
        ? "team_plan"
        : !isBillingConfigured(config)
          ? "not_configured"
          : plan.isPaused
            ? "paused"
            : plan.status
              ? "ended"
              : "no_plan";
  const trialOffered = reason === "no_plan" && !plan.trialEndDate;
  return { reason, trialDays: trialOffered ? trialDays(config) : 0, contact: config.OPERATOR_CONTACT ?? null };
}
