import type { Config } from "../env";
import type { BillingInterval, PlanType } from "../db/schema";

export const PLAN_TYPES = ["SOLO", "TEAM", "ENTERPRISE"] as const satisfies readonly PlanType[];
export const BILLING_INTERVALS = ["MONTHLY", "YEARLY"] as const satisfies readonly BillingInterval[];

export type CreditPack = { id: string; credits: number; priceId: string };

/** The price id configured for a plan and interval, or null when that checkout is not offered. */
export function priceIdFor(config: Config, plan: PlanType, interval: BillingInterval): string | null {
  return config[`STRIPE_PRICE_${plan}_${interval}`] ?? null;
}

/** Reverse lookup: which plan and interval a Stripe price id stands for. */
export function planForPriceId(config: Config, priceId: string | null | undefined): { planType: PlanType; billingInterval: BillingInterval } | null {
  if (!priceId) return null;
  for (const planType of PLAN_TYPES) {
    for (const billingInterval of BILLING_INTERVALS) {
      if (priceIdFor(config, planType, billingInterval) === priceId) return { planType, billingInterval };
    }
  }
  return null;
}

export function creditPacks(config: Config): CreditPack[] {
  return config.STRIPE_CREDIT_PACKS;
}

export function findCreditPack(config: Config, id: string): CreditPack | null {
  return config.STRIPE_CREDIT_PACKS.find((p) => p.id === id) ?? null;
}

/** Credits one paid invoice grants: a month's worth, or twelve for a yearly plan. */
export function creditsForInvoice(config: Config, plan: PlanType, interval: BillingInterval | null): number {
  const monthly = config.PLAN_MONTHLY_CREDITS[plan];
  return interval === "YEARLY" ? monthly * 12 : monthly;
}

export function trialDays(config: Config): number {
  return config.STRIPE_TRIAL_DAYS;
}

/** Seats a TEAM or ENTERPRISE checkout may buy (the subscription's quantity; Team.seats follows it). */
export const MAX_SEATS = 500;
