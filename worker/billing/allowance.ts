import { eq } from "drizzle-orm";
import { isPlanActive } from "../accounts/plan";
import { accountPlanMetadata } from "../db/schema";
import type { AppContext } from "../context";
import type { LedgerClient } from "./ledger";
import type { OpSuccess } from "./ledger-types";
import { nowMs } from "../lib/clock";

/**
 * Monthly credits for plans granted by the admin CLI (source 'admin': self-hosted installs without
 * Stripe, and the seeded demo user). Stripe plans get theirs from invoice.paid; an admin plan has no
 * invoice, so its allowance is granted lazily, on the account's first credit use or usage read of
 * each UTC month. The amount is PLAN_MONTHLY_CREDITS (worker/env.ts, the same setting invoice.paid
 * uses; defaults SOLO 1000, TEAM 5000, ENTERPRISE 20000) whatever the billing interval: the
 * allowance is monthly. A plan change mid-month takes effect from the next month's allowance.
 */

/** `YYYY-MM` of `now` in UTC. */
function allowanceMonth(now: number): string {
  return new Date(now).toISOString().slice(0, 7);
}

export function allowanceKey(accountId: string, now: number): string {
  return `admin-allowance:${accountId}:${allowanceMonth(now)}`;
}

/** Start of the next UTC month: like a Stripe grant expiring at its period end, with no grace. */
export function nextMonthStart(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/*
 * Idempotency keys this isolate has already granted (or seen replayed): after the first call of the
 * month the hot path costs a Map lookup. Bounded so a long-lived isolate cannot grow it forever;
 * forgetting only costs one more D1 read and an idempotent ledger call.
 */
const granted = new Set<string>();
const MAX_REMEMBERED = 10_000;

/**
 * Grants this month's allowance to `ledger`'s account when its plan is active and admin-granted.
 * Answers the ledger result (the caller delivers its events), or null when nothing was due.
 * Repeats within the month are no-ops: the ledger dedupes by `admin-allowance:{accountId}:{YYYY-MM}`.
 */
export async function ensurePlanAllowance(ctx: AppContext, ledger: LedgerClient, now = nowMs()): Promise<OpSuccess | null> {
  const idempotencyKey = allowanceKey(ledger.accountId, now);
  if (granted.has(idempotencyKey)) return null;
  const [plan] = await ctx.db
    .select({
      planType: accountPlanMetadata.planType,
      status: accountPlanMetadata.status,
      currentPeriodEnd: accountPlanMetadata.currentPeriodEnd,
      source: accountPlanMetadata.source,
    })
    .from(accountPlanMetadata)
    .where(eq(accountPlanMetadata.accountId, ledger.accountId))
    .limit(1);
  if (!plan || plan.source !== "admin" || !isPlanActive(plan, new Date(now))) return null;
  const amount = ctx.config.PLAN_MONTHLY_CREDITS[plan.planType];
  if (!amount) return null;
  // An admin grant with an end date: its credits end with it, like Stripe's at the period end.
  const periodEnd = plan.currentPeriodEnd?.getTime() ?? Infinity;
  const result = await ledger.grant({
    amount,
    idempotencyKey,
    expiresAt: Math.min(nextMonthStart(now), periodEnd),
    metadata: { source: "admin", kind: "monthly-allowance", planType: plan.planType, month: allowanceMonth(now) },
    now,
  });
  if (granted.size >= MAX_REMEMBERED) granted.clear();
  granted.add(idempotencyKey);
  return result;
}
