import { rawStatement } from "../db/client";
import { and, eq, isNull, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "../db/client";
import { accountPlanMetadata, accounts, type BillingInterval, type PlanStatus, type PlanType } from "../db/schema";
import type { Config } from "../env";
import { planForPriceId, PLAN_TYPES, BILLING_INTERVALS } from "./config";
import type { Stripe } from "./stripe";
import { nowDate } from "../lib/clock";

/** What AccountPlanMetadata holds about a Stripe subscription. */
type PlanState = {
  planType: PlanType;
  billingInterval: BillingInterval | null;
  status: PlanStatus;
  isInTrial: boolean;
  trialEndDate: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** Seats bought: the subscription item's quantity (TEAM and ENTERPRISE plans; 1 otherwise). */
  seats: number;
};

/** Subscriptions that still stand for a customer relationship (anything but ended). */
const LIVE = new Set<Stripe.Subscription.Status>(["active", "trialing", "past_due", "paused", "unpaid", "incomplete"]);

export const isLive = (sub: Stripe.Subscription) => LIVE.has(sub.status);

/**
 * Stripe's status → ours. A collection pause set from the portal leaves Stripe's status "active"
 * but the account must lose its active plan (spec §4), so it reads as paused. "unpaid" (dunning
 * exhausted) grants no access: it maps to incomplete, never to an active status.
 */
function mapStatus(sub: Stripe.Subscription): PlanStatus {
  switch (sub.status) {
    case "active":
    case "trialing":
    case "past_due":
      return sub.pause_collection ? "paused" : (sub.status as "active" | "trialing" | "past_due");
    case "paused":
      return "paused";
    case "canceled":
    case "incomplete_expired":
      return "canceled";
    default:
      return "incomplete";
  }
}

const toDate = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);

/**
 * The plan a subscription stands for: its price id through configuration first; the metadata we
 * put on it at checkout as a fallback (a price renamed in configuration must not drop a customer).
 */
function planStateFromSubscription(config: Config, sub: Stripe.Subscription): PlanState | null {
  const item = sub.items.data[0];
  const fromPrice = planForPriceId(config, item?.price?.id);
  const metaPlan = sub.metadata?.plan as PlanType | undefined;
  const metaInterval = sub.metadata?.interval as BillingInterval | undefined;
  const planType = fromPrice?.planType ?? (PLAN_TYPES.includes(metaPlan as PlanType) ? (metaPlan as PlanType) : null);
  if (!planType) return null;
  const recurring = item?.price?.recurring?.interval;
  const billingInterval =
    fromPrice?.billingInterval ??
    (BILLING_INTERVALS.includes(metaInterval as BillingInterval)
      ? (metaInterval as BillingInterval)
      : recurring === "year"
        ? "YEARLY"
        : recurring === "month"
          ? "MONTHLY"
          : null);
  const periodEnds = sub.items.data.map((i) => i.current_period_end).filter((n): n is number => typeof n === "number");
  return {
    planType,
    billingInterval,
    status: mapStatus(sub),
    isInTrial: sub.status === "trialing",
    trialEndDate: toDate(sub.trial_end),
    currentPeriodEnd: periodEnds.length ? new Date(Math.max(...periodEnds) * 1000) : null,
    cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end || (sub.cancel_at && sub.status !== "canceled")),
    seats: Math.max(1, Math.floor(Number(item?.quantity ?? 1)) || 1),
  };
}

/** Plans that come with a team whose seats are the subscription's quantity. */
export const TEAM_PLAN_TYPES: readonly PlanType[] = ["TEAM", "ENTERPRISE"];

/**
 * Keeps the account's team in step with a TEAM or ENTERPRISE subscription: its seats are the
 * subscription's quantity (checkout lets the buyer choose it, the portal changes it). An account
 * without a team gets one, with the subscriber (the account's owner) as its ADMIN and a campaign
 * manager. Seats below the member count leave every member in place; no one new can join until
 * there is room again.
 */
function teamSeatStatements(db: Database, accountId: string, seats: number, now: number): BatchItem<"sqlite">[] {
  const teamOf = sql`(SELECT "id" FROM "Team" WHERE "accountId" = ${accountId} ORDER BY "createdAt", "id" LIMIT 1)`;
  return [
    rawStatement(
      db,
      sql`INSERT INTO "Team" ("id", "seats", "accountId", "createdAt", "updatedAt")
SELECT ${crypto.randomUUID()}, ${seats}, ${accountId}, ${now}, ${now} WHERE NOT EXISTS (SELECT 1 FROM "Team" WHERE "accountId" = ${accountId})`,
    ),
    rawStatement(db, sql`UPDATE "Team" SET "seats" = ${seats}, "updatedAt" = ${now} WHERE "id" = ${teamOf} AND "seats" <> ${seats}`),
    rawStatement(
      db,
      sql`INSERT INTO "TeamMember" ("id", "teamId", "userId", "role", "collaborateRole", "joinedAt")
SELECT ${crypto.randomUUID()}, ${teamOf}, ua."userId", 'ADMIN', 'CAMPAIGN_MANAGER', ${now} FROM "UserAccount" ua
WHERE ua."accountId" = ${accountId} AND ua."role" = 'OWNER' AND NOT EXISTS (SELECT 1 FROM "TeamMember" WHERE "teamId" = ${teamOf})
ORDER BY ua."createdAt" LIMIT 1
ON CONFLICT ("teamId", "userId") DO NOTHING`,
    ),
  ];
}

const customerId = (sub: { customer: string | { id: string } | null }) => (typeof sub.customer === "string" ? sub.customer : (sub.customer?.id ?? null));

/**
 * Which of our accounts a subscription belongs to: the accountId we put in its metadata at
 * checkout, else the account already linked to its customer, else the caller's hint (the checkout
 * session's client_reference_id).
 */
async function resolveAccountId(db: Database, sub: Stripe.Subscription, hint?: string | null): Promise<string | null> {
  const candidates = [sub.metadata?.accountId, hint].filter((v): v is string => Boolean(v));
  for (const id of candidates) {
    const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, id)).limit(1);
    if (row) return row.id;
  }
  const customer = customerId(sub);
  if (customer) {
    const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.stripeCustomerId, customer)).limit(1);
    if (row) return row.id;
  }
  return null;
}

export type ApplyOutcome =
  | { applied: true; accountId: string; state: PlanState; statements: BatchItem<"sqlite">[] }
  | { applied: false; accountId: string | null; reason: string };

/**
 * Decides what a subscription's CURRENT state (just read from Stripe) means for its account, and
 * returns the D1 statements that record it — the caller commits them in one batch with the event
 * id. Arrival order of webhooks therefore does not matter: every event re-reads the subscription.
 *
 * One account, one subscription: an event about a different subscription than the one the account
 * holds only takes over when it is live and the held one is not (or is older), so a late event of
 * an old, canceled subscription cannot overwrite a newer one.
 */
export async function planSubscriptionUpdate(
  deps: { db: Database; config: Config; stripe: Stripe },
  sub: Stripe.Subscription,
  hintAccountId?: string | null,
): Promise<ApplyOutcome> {
  const { db, config, stripe } = deps;
  const accountId = await resolveAccountId(db, sub, hintAccountId);
  if (!accountId) return { applied: false, accountId: null, reason: "no account for this subscription" };
  const state = planStateFromSubscription(config, sub);
  if (!state) return { applied: false, accountId, reason: `price ${sub.items.data[0]?.price?.id} is not a configured plan` };

  const [account] = await db
    .select({ stripeSubscriptionId: accounts.stripeSubscriptionId, stripeCustomerId: accounts.stripeCustomerId })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  const held = account?.stripeSubscriptionId;
  if (held && held !== sub.id) {
    if (!isLive(sub)) return { applied: false, accountId, reason: "an ended subscription other than the account's current one" };
    const current = await stripe.subscriptions.retrieve(held).catch(() => null);
    if (current && isLive(current) && current.created >= sub.created) {
      return { applied: false, accountId, reason: "the account holds a newer live subscription" };
    }
  }

  const customer = customerId(sub);
  const now = nowDate();
  const { seats: _seats, ...planColumns } = state;
  const values = { ...planColumns, source: "stripe" as const, updatedAt: now };
  const statements: BatchItem<"sqlite">[] = [
    db
      .update(accounts)
      .set({ stripeSubscriptionId: sub.id, ...(customer ? { stripeCustomerId: customer } : {}) })
      .where(
        and(
          eq(accounts.id, accountId),
          // Never re-point an account linked to another customer: the customer id is unique.
          customer ? or(isNull(accounts.stripeCustomerId), eq(accounts.stripeCustomerId, customer)) : undefined,
        ),
      ),
    db
      .insert(accountPlanMetadata)
      .values({ accountId, ...values })
      .onConflictDoUpdate({ target: accountPlanMetadata.accountId, set: values }),
  ];
  if (TEAM_PLAN_TYPES.includes(state.planType) && isLive(sub)) statements.push(...teamSeatStatements(db, accountId, state.seats, now.getTime()));
  return { applied: true, accountId, state, statements };
}
