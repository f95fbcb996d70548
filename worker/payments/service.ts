import { and, eq, isNull } from "drizzle-orm";
import { readMembership } from "../accounts/membership";
import { getPlanStatus, planFromMembership } from "../accounts/plan";
import { getTenancyAccountId } from "../accounts/service";
import type { AppContext } from "../context";
import type { Database } from "../db/client";
import { accountPlanMetadata, accounts, userAccounts, type BillingInterval, type PlanType } from "../db/schema";
import { badRequest, conflict, forbidden, HttpError, notFound } from "../lib/errors";
import { labelFor, labelRolesOf, type AccountLabel } from "./account-label";
import { creditPacks, findCreditPack, priceIdFor, trialDays, BILLING_INTERVALS, MAX_SEATS, PLAN_TYPES, type CreditPack } from "./config";
import { getLedgerState } from "../billing/service";
import { getStripe, isBillingConfigured, requireStripe, type Stripe } from "./stripe";
import { isLive, planSubscriptionUpdate, TEAM_PLAN_TYPES } from "./subscription";
import { nowDate, nowMs } from "../lib/clock";
import { billingMode, type BillingMode } from "../env";

/** The services of payments take the app context (worker/context.ts) like every other. */
export type Deps = AppContext;
export type BillingUser = { id: string; email: string; firstName?: string | null; lastName?: string | null };

/** Billing info of spec §3, plus what the pricing page needs to explain itself. */
export type BillingInfo = {
  currentPlanType: PlanType | null;
  currentBillingInterval: BillingInterval | null;
  isCanceled: boolean;
  isPaused: boolean;
  currentPeriodEnd: string | null;
  isTrialPeriod: boolean;
  trialEndDate: string | null;
  blockAdditionalPurchases: boolean;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
  recentlyConverted: boolean;
  hasActivePlan: boolean;
  status: string | null;
  cancelAtPeriodEnd: boolean;
  source: "stripe" | "admin" | null;
  viaTeam: boolean;
  /** Owners and admins of the paying account may open checkout and the portal; members may not. */
  canManageBilling: boolean;
  billingConfigured: boolean;
  accountLabel: AccountLabel;
};

/** A trial that turned into a paid subscription within this window counts as "recently converted". */
const RECENT_CONVERSION_MS = 24 * 60 * 60 * 1000;

type BillingAccount = {
  accountId: string;
  role: "OWNER" | "ADMIN" | "MEMBER";
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
};

/** The caller's tenancy account (spec: users reach their account through UserAccount) and their role in it. */
async function billingAccount(db: Database, userId: string): Promise<BillingAccount> {
  const accountId = await getTenancyAccountId(db, userId);
  if (!accountId) throw notFound("No account is linked to this user.");
  const [row] = await db
    .select({ role: userAccounts.role, stripeCustomerId: accounts.stripeCustomerId, stripeSubscriptionId: accounts.stripeSubscriptionId })
    .from(userAccounts)
    .innerJoin(accounts, eq(accounts.id, userAccounts.accountId))
    .where(and(eq(userAccounts.userId, userId), eq(userAccounts.accountId, accountId)))
    .limit(1);
  if (!row) throw notFound("No account is linked to this user.");
  return { accountId, ...row };
}

const canManage = (role: BillingAccount["role"]) => role === "OWNER" || role === "ADMIN";

export async function getBillingInfo(deps: Deps, userId: string, now = nowDate()): Promise<BillingInfo> {
  const { db } = deps;
  // Where the user stands gives both the plan and the shell's label (one read).
  const membership = await readMembership(db, userId);
  const plan = planFromMembership(membership, now);
  const own = await billingAccount(db, userId);
  // The plan may be a team's: its row and its Stripe ids are that account's.
  const planAccountId = plan.accountId ?? own.accountId;
  const [row] = await db.select().from(accountPlanMetadata).where(eq(accountPlanMetadata.accountId, planAccountId)).limit(1);
  const [acct] = await db
    .select({ stripeCustomerId: accounts.stripeCustomerId, stripeSubscriptionId: accounts.stripeSubscriptionId })
    .from(accounts)
    .where(eq(accounts.id, planAccountId))
    .limit(1);
  const manages = !plan.viaTeam && canManage(own.role);
  const ledger = await getLedgerState(deps, planAccountId).catch(() => null);
  const trialEnd = row?.trialEndDate ?? null;
  const recentlyConverted = Boolean(
    row &&
    row.source === "stripe" &&
    row.status === "active" &&
    !row.isInTrial &&
    trialEnd &&
    trialEnd.getTime() <= now.getTime() &&
    now.getTime() - trialEnd.getTime() < RECENT_CONVERSION_MS,
  );
  return {
    currentPlanType: row?.planType ?? null,
    currentBillingInterval: row?.billingInterval ?? null,
    isCanceled: row ? row.status === "canceled" || row.cancelAtPeriodEnd : false,
    isPaused: row?.status === "paused",
    currentPeriodEnd: row?.currentPeriodEnd?.toISOString() ?? null,
    isTrialPeriod: row ? row.isInTrial || row.status === "trialing" : false,
    trialEndDate: trialEnd?.toISOString() ?? null,
    blockAdditionalPurchases: ledger?.settings.blockAdditionalPurchases ?? false,
    stripeCustomerId: manages ? (acct?.stripeCustomerId ?? null) : null,
    stripeSubscriptionId: manages ? (acct?.stripeSubscriptionId ?? null) : null,
    recentlyConverted,
    hasActivePlan: plan.hasActivePlan,
    status: row?.status ?? null,
    cancelAtPeriodEnd: row?.cancelAtPeriodEnd ?? false,
    source: row?.source ?? null,
    viaTeam: plan.viaTeam,
    canManageBilling: manages,
    billingConfigured: isBillingConfigured(deps.config),
    accountLabel: labelFor(plan, labelRolesOf(membership)),
  };
}

/** What the pricing page offers: plans with their Stripe prices, and credit packs. */
export type Catalogue = {
  /** stripe: bought here; off: provided by the organisation running the server (worker/env.ts billingMode). */
  mode: BillingMode;
  /** The plan every confirmed account gets when the mode is off. */
  defaultPlan: PlanType;
  billingConfigured: boolean;
  trialDays: number;
  monthlyCredits: Record<PlanType, number>;
  plans: { planType: PlanType; interval: BillingInterval; available: boolean; amount: number | null; currency: string | null }[];
  creditPacks: (Omit<CreditPack, "priceId"> & { amount: number | null; currency: string | null })[];
};

/**
 * Prices read from Stripe, kept a few minutes per isolate: the public /pricing page shows them to
 * anyone, and must not cost six Stripe calls a view. A price change shows within PRICE_TTL_MS.
 */
const PRICE_TTL_MS = 5 * 60 * 1000;
const priceCache = new Map<string, { at: number; price: Promise<{ unit_amount: number | null; currency: string } | null> }>();

export async function getCatalogue(deps: Deps): Promise<Catalogue> {
  const stripe = getStripe(deps.config);
  const now = nowMs();
  const priceOf = (priceId: string | null) => {
    if (!stripe || !priceId) return Promise.resolve(null);
    const key = `${deps.config.STRIPE_API_BASE ?? ""} ${priceId}`;
    const hit = priceCache.get(key);
    if (hit && now - hit.at < PRICE_TTL_MS) return hit.price;
    const price = stripe.prices.retrieve(priceId).then(
      (p) => ({ unit_amount: p.unit_amount, currency: p.currency }),
      (error: unknown) => {
        console.warn(`stripe: price ${priceId} could not be read`, error);
        // A failed read is not remembered: the next view asks again.
        priceCache.delete(key);
        return null;
      },
    );
    priceCache.set(key, { at: now, price });
    return price;
  };
  const plans = await Promise.all(
    PLAN_TYPES.flatMap((planType) =>
      BILLING_INTERVALS.map(async (interval) => {
        const id = priceIdFor(deps.config, planType, interval);
        const price = await priceOf(id);
        return { planType, interval, available: Boolean(stripe && id), amount: price?.unit_amount ?? null, currency: price?.currency ?? null };
      }),
    ),
  );
  const packs = await Promise.all(
    creditPacks(deps.config).map(async (pack) => {
      const price = await priceOf(pack.priceId);
      return { id: pack.id, credits: pack.credits, amount: price?.unit_amount ?? null, currency: price?.currency ?? null };
    }),
  );
  return {
    mode: billingMode(deps.config),
    defaultPlan: deps.config.DEFAULT_PLAN,
    billingConfigured: Boolean(stripe),
    trialDays: trialDays(deps.config),
    monthlyCredits: deps.config.PLAN_MONTHLY_CREDITS,
    plans,
    creditPacks: stripe ? packs : [],
  };
}

/** The account's Stripe customer, created once (a repeated or concurrent call reuses it). */
async function ensureCustomer(deps: Deps, stripe: Stripe, account: BillingAccount, user: BillingUser): Promise<string> {
  if (account.stripeCustomerId) return account.stripeCustomerId;
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || undefined;
  const customer = await stripe.customers.create(
    { email: user.email, name, metadata: { accountId: account.accountId } },
    // Two first checkouts racing get the same customer from Stripe.
    { idempotencyKey: `readyroom-customer-${account.accountId}` },
  );
  await deps.db
    .update(accounts)
    .set({ stripeCustomerId: customer.id })
    .where(and(eq(accounts.id, account.accountId), isNull(accounts.stripeCustomerId)));
  const [row] = await deps.db.select({ id: accounts.stripeCustomerId }).from(accounts).where(eq(accounts.id, account.accountId)).limit(1);
  return row?.id ?? customer.id;
}

export type CheckoutInput = { plan: PlanType; interval: BillingInterval; seats?: number } | { creditPackId: string };

export async function createCheckout(deps: Deps, user: BillingUser, input: CheckoutInput): Promise<{ url: string }> {
  const stripe = requireStripe(deps.config);
  const account = await billingAccount(deps.db, user.id);
  if (!canManage(account.role)) throw forbidden("Only the account owner or an admin can manage billing.");
  const pricingUrl = `${deps.config.APP_URL}/account/pricing`;

  if ("creditPackId" in input) {
    const pack = findCreditPack(deps.config, input.creditPackId);
    if (!pack) throw notFound("No such credit pack.");
    const plan = await getPlanStatus(deps.db, user.id);
    if (!plan.hasActivePlan) throw conflict("Credit packs are available with an active plan. Choose a plan first.", "no_active_plan");
    const ledger = await getLedgerState(deps, account.accountId).catch(() => null);
    if (ledger?.settings.blockAdditionalPurchases) throw conflict("This account does not accept additional credit purchases.", "purchases_blocked");
    const customer = await ensureCustomer(deps, stripe, account, user);
    const metadata = { kind: "credit_pack", accountId: account.accountId, creditPackId: pack.id, credits: String(pack.credits) };
    const session = await stripe.checkout.sessions.create({
      mode: "payment",
      customer,
      client_reference_id: account.accountId,
      line_items: [{ price: pack.priceId, quantity: 1 }],
      metadata,
      payment_intent_data: { metadata },
      success_url: `${pricingUrl}?checkout=credits&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${pricingUrl}?checkout=canceled`,
    });
    if (!session.url) throw new HttpError(502, "stripe_error", "Stripe did not return a checkout page.");
    return { url: session.url };
  }

  const priceId = priceIdFor(deps.config, input.plan, input.interval);
  if (!priceId) throw conflict(`The ${input.plan} plan billed ${input.interval.toLowerCase()} is not offered on this server.`, "plan_not_configured");
  const [row] = await deps.db.select().from(accountPlanMetadata).where(eq(accountPlanMetadata.accountId, account.accountId)).limit(1);
  if (row?.source === "stripe" && account.stripeSubscriptionId && row.status !== "canceled" && row.status !== "incomplete") {
    throw conflict("This account already has a subscription. Change, pause or cancel it in the billing portal.", "already_subscribed");
  }
  const customer = await ensureCustomer(deps, stripe, account, user);
  // One free trial per account: never again after a trial or an earlier subscription.
  const days = trialDays(deps.config);
  const offerTrial = days > 0 && !row?.trialEndDate && !account.stripeSubscriptionId;
  const metadata = { kind: "subscription", accountId: account.accountId, plan: input.plan, interval: input.interval };
  // Team plans are bought per seat: the buyer picks the number (and may change it on Stripe's page);
  // the subscription's quantity becomes Team.seats (subscription.ts, teamSeatStatements).
  const perSeat = TEAM_PLAN_TYPES.includes(input.plan);
  if (!perSeat && input.seats !== undefined && input.seats !== 1) throw badRequest("Only Team and Enterprise plans are bought per seat.", "validation_error");
  const session = await stripe.checkout.sessions.create({
    mode: "subscription",
    customer,
    client_reference_id: account.accountId,
    line_items: [
      perSeat
        ? { price: priceId, quantity: input.seats ?? 1, adjustable_quantity: { enabled: true, minimum: 1, maximum: MAX_SEATS } }
        : { price: priceId, quantity: 1 },
    ],
    metadata,
    subscription_data: { metadata, ...(offerTrial ? { trial_period_days: days } : {}) },
    success_url: `${pricingUrl}?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${pricingUrl}?checkout=canceled`,
  });
  if (!session.url) throw new HttpError(502, "stripe_error", "Stripe did not return a checkout page.");
  return { url: session.url };
}

export async function createPortal(deps: Deps, user: BillingUser): Promise<{ url: string }> {
  const stripe = requireStripe(deps.config);
  const account = await billingAccount(deps.db, user.id);
  if (!canManage(account.role)) throw forbidden("Only the account owner or an admin can manage billing.");
  if (!account.stripeCustomerId) throw conflict("There is no subscription to manage yet. Choose a plan first.", "no_customer");
  const session = await stripe.billingPortal.sessions.create({ customer: account.stripeCustomerId, return_url: `${deps.config.APP_URL}/account/pricing` });
  return { url: session.url };
}

/**
 * Re-reads the account's subscription from Stripe and records its current state (the client asks
 * for this when the period end is missing). Without a linked subscription it looks for the
 * customer's newest live one, so a lost checkout webhook is recovered too.
 */
export async function syncSubscription(deps: Deps, user: BillingUser): Promise<BillingInfo> {
  const stripe = requireStripe(deps.config);
  const account = await billingAccount(deps.db, user.id);
  let sub: Stripe.Subscription | null = null;
  if (account.stripeSubscriptionId) {
    sub = await stripe.subscriptions.retrieve(account.stripeSubscriptionId);
  } else if (account.stripeCustomerId) {
    const list = await stripe.subscriptions.list({ customer: account.stripeCustomerId, status: "all", limit: 10 });
    sub = list.data.find(isLive) ?? list.data[0] ?? null;
  }
  if (sub) {
    const outcome = await planSubscriptionUpdate({ ...deps, stripe }, sub, account.accountId);
    if (outcome.applied && outcome.accountId === account.accountId) {
      const [first, ...rest] = outcome.statements;
      if (first) await deps.db.batch([first, ...rest]);
    }
  }
  return getBillingInfo(deps, user.id);
}
