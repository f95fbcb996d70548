import { and, eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { AppContext } from "../context";
import type { Database } from "../db/client";
import { processedStripeEvents, userAccounts, users } from "../db/schema";
import type { Config, Env } from "../env";
import { getEmailSender, escapeHtml } from "../lib/email";
import { badRequest, HttpError } from "../lib/errors";
import { creditsForInvoice, findCreditPack } from "./config";
import { grantCredits, purchaseCredits, revokeCredits } from "../billing/service";
import { billingNotConfigured, cryptoProvider, getStripe, type Stripe } from "./stripe";
import { planSubscriptionUpdate, type ApplyOutcome } from "./subscription";
import { isPlanActive } from "../accounts/plan";
import { purgeSharedPagesOf } from "../share/owner-pages";
import { nowDate } from "../lib/clock";

/** Stripe's default: a signature older than five minutes is a replay. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

type Deps = { env: Env; config: Config; db: Database; stripe: Stripe };

/** What one event changes: D1 statements committed atomically with the event id, then side effects. */
type Effects = { statements: BatchItem<"sqlite">[]; after: (() => Promise<void>)[]; note?: string };

export type WebhookResult = { received: true; type: string; duplicate?: boolean; note?: string };

/**
 * POST /api/billing/webhook. Verifies the signature over the raw body, then applies the event
 * exactly once:
 * - a bad, tampered or stale signature is a 400 and changes nothing;
 * - credits move through the ledger with idempotency keys derived from Stripe ids (invoice,
 *   checkout session, refund), so running an event's effects twice is harmless;
 * - the D1 effects and the ProcessedStripeEvent row commit in ONE batch: a duplicate delivery
 *   (even a concurrent one) fails the insert, which rolls back its effects, and a crash before the
 *   commit leaves nothing recorded, so Stripe's retry redoes the work;
 * - subscription state is always re-read from Stripe, never taken from the event, so events
 *   arriving out of order converge on Stripe's current state.
 */
export async function handleWebhook(ctx: AppContext, rawBody: string, signature: string | undefined): Promise<WebhookResult> {
  const { env, config, db } = ctx;
  const stripe = getStripe(config);
  if (!stripe) throw billingNotConfigured();
  if (!config.STRIPE_WEBHOOK_SECRET) {
    throw new HttpError(503, "webhook_not_configured", "Stripe webhooks are not configured on this server (STRIPE_WEBHOOK_SECRET is missing).");
  }
  if (!signature) throw badRequest("Missing Stripe-Signature header.", "invalid_signature");

  let event: Stripe.Event;
  try {
    event = await stripe.webhooks.constructEventAsync(rawBody, signature, config.STRIPE_WEBHOOK_SECRET, SIGNATURE_TOLERANCE_SECONDS, cryptoProvider);
  } catch {
    throw badRequest("Webhook signature verification failed.", "invalid_signature");
  }

  if (await alreadyProcessed(db, event.id)) return { received: true, type: event.type, duplicate: true };

  const effects = await effectsOf({ env, config, db, stripe }, event);
  const record = db.insert(processedStripeEvents).values({ id: event.id, type: event.type, processedAt: nowDate() });
  try {
    await db.batch([record, ...effects.statements]);
  } catch (error) {
    if (await alreadyProcessed(db, event.id)) return { received: true, type: event.type, duplicate: true };
    throw error;
  }
  for (const run of effects.after) {
    try {
      await run();
    } catch (error) {
      // The event is applied; a failed notification must not make Stripe redeliver it.
      console.error(`stripe webhook ${event.id}: follow-up failed`, error);
    }
  }
  return { received: true, type: event.type, ...(effects.note ? { note: effects.note } : {}) };
}

async function alreadyProcessed(db: Database, eventId: string) {
  const [row] = await db.select({ id: processedStripeEvents.id }).from(processedStripeEvents).where(eq(processedStripeEvents.id, eventId)).limit(1);
  return Boolean(row);
}

const none = (note: string): Effects => ({ statements: [], after: [], note });

async function effectsOf(deps: Deps, event: Stripe.Event): Promise<Effects> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return checkoutCompleted(deps, event.data.object, event.id);
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
    case "customer.subscription.paused":
    case "customer.subscription.resumed":
    case "customer.subscription.pending_update_applied":
    case "customer.subscription.pending_update_expired":
      return subscriptionChanged(deps, event.data.object.id);
    case "customer.subscription.trial_will_end":
      return trialWillEnd(deps, event.data.object.id);
    case "invoice.paid":
      return invoicePaid(deps, event.data.object);
    case "invoice.payment_failed":
      return invoicePaymentFailed(deps, event.data.object);
    case "payment_intent.succeeded":
      return paymentIntentSucceeded(deps, event.data.object.id, event.id);
    case "charge.refunded":
      return chargeRefunded(deps, event.data.object.id);
    default:
      return none(`ignored ${event.type}`);
  }
}

async function subscriptionChanged(deps: Deps, subscriptionId: string, hintAccountId?: string | null): Promise<Effects> {
  return (await applySubscription(deps, subscriptionId, hintAccountId)).effects;
}

async function applySubscription(deps: Deps, subscriptionId: string, hintAccountId?: string | null) {
  const sub = await deps.stripe.subscriptions.retrieve(subscriptionId);
  const outcome = await planSubscriptionUpdate(deps, sub, hintAccountId);
  if (!outcome.applied) {
    console.warn(`stripe: subscription ${subscriptionId} not applied: ${outcome.reason}`);
    return { sub, accountId: null, effects: none(outcome.reason) };
  }
  return { sub, accountId: outcome.accountId, effects: { statements: outcome.statements, after: planEndedEffects(deps, outcome) } as Effects };
}

/**
 * A plan that is no longer active (ended, canceled, paused, unpaid) takes the account's share pages
 * down: they answer 404 from the commit on (worker/share/standing.ts); this drops their edge copies.
 */
function planEndedEffects(deps: Deps, outcome: Extract<ApplyOutcome, { applied: true }>): Effects["after"] {
  if (isPlanActive({ ...outcome.state, source: "stripe" })) return [];
  return [() => purgeSharedPagesOf(deps, { accountId: outcome.accountId })];
}

async function checkoutCompleted(deps: Deps, payload: Stripe.Checkout.Session, eventId: string): Promise<Effects> {
  // Re-read: an async payment method may have settled (or failed) since the event was created.
  const session = await deps.stripe.checkout.sessions.retrieve(payload.id);
  const accountId = session.metadata?.accountId ?? session.client_reference_id;
  if (session.mode === "subscription" && session.subscription) {
    const subscriptionId = typeof session.subscription === "string" ? session.subscription : session.subscription.id;
    return subscriptionChanged(deps, subscriptionId, accountId);
  }
  if (session.mode === "payment" && session.metadata?.kind === "credit_pack") {
    if (session.payment_status !== "paid") return none("credit pack not paid yet");
    if (!accountId) return none("credit pack without an account");
    const pack = findCreditPack(deps.config, session.metadata.creditPackId ?? "");
    const credits = pack?.credits ?? Number.parseInt(session.metadata.credits ?? "", 10);
    if (!Number.isSafeInteger(credits) || credits <= 0) return none("credit pack with no credit amount");
    const paymentIntent = typeof session.payment_intent === "string" ? session.payment_intent : (session.payment_intent?.id ?? null);
    return purchase(deps, {
      accountId,
      credits,
      paymentIntent,
      idempotencyKey: `stripe:checkout:${session.id}`,
      metadata: {
        source: "stripe",
        stripeCheckoutSessionId: session.id,
        stripePaymentIntentId: paymentIntent,
        creditPackId: session.metadata.creditPackId ?? null,
        eventId,
      },
    });
  }
  return none("checkout session without a known purpose");
}

/** Adds paid credits; if the account stopped accepting purchases meanwhile, the money goes back. */
async function purchase(
  deps: Deps,
  input: { accountId: string; credits: number; paymentIntent: string | null; idempotencyKey: string; metadata: Record<string, unknown> },
): Promise<Effects> {
  try {
    await purchaseCredits(deps, { accountId: input.accountId, amount: input.credits, idempotencyKey: input.idempotencyKey, metadata: input.metadata });
  } catch (error) {
    if (error instanceof HttpError && error.code === "purchases_blocked" && input.paymentIntent) {
      await deps.stripe.refunds.create(
        { payment_intent: input.paymentIntent, metadata: { reason: "purchases_blocked", accountId: input.accountId } },
        { idempotencyKey: `readyroom-refund-blocked-${input.paymentIntent}` },
      );
      return none("purchases blocked: payment refunded");
    }
    throw error;
  }
  return { statements: [], after: [] };
}

/** An off-session auto-refill payment went through (worker/payments/auto-refill.ts started it). */
async function paymentIntentSucceeded(deps: Deps, paymentIntentId: string, eventId: string): Promise<Effects> {
  const intent = await deps.stripe.paymentIntents.retrieve(paymentIntentId);
  if (intent.metadata?.kind !== "auto_refill") return none("payment intent not started by an auto-refill");
  if (intent.status !== "succeeded") return none(`auto-refill payment is ${intent.status}`);
  const credits = Number.parseInt(intent.metadata.credits ?? "", 10);
  const accountId = intent.metadata.accountId;
  if (!accountId || !Number.isSafeInteger(credits) || credits <= 0) return none("auto-refill payment without account or credits");
  return purchase(deps, {
    accountId,
    credits,
    paymentIntent: intent.id,
    idempotencyKey: `stripe:payment_intent:${intent.id}`,
    metadata: { source: "stripe", kind: "auto_refill", stripePaymentIntentId: intent.id, creditPackId: intent.metadata.creditPackId ?? null, eventId },
  });
}

function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const sub = invoice.parent?.subscription_details?.subscription;
  return typeof sub === "string" ? sub : (sub?.id ?? null);
}

async function invoicePaid(deps: Deps, payload: Stripe.Invoice): Promise<Effects> {
  const subscriptionId = invoiceSubscriptionId(payload);
  if (!subscriptionId) return none("invoice without a subscription");
  const sub = await deps.stripe.subscriptions.retrieve(subscriptionId);
  const outcome = await planSubscriptionUpdate(deps, sub);
  if (!outcome.applied) return none(outcome.reason);
  const invoice = await deps.stripe.invoices.retrieve(payload.id);
  if (invoice.status !== "paid") return { statements: outcome.statements, after: planEndedEffects(deps, outcome), note: "invoice no longer paid" };
  const amount = creditsForInvoice(deps.config, outcome.state.planType, outcome.state.billingInterval);
  if (amount > 0) {
    const line = invoice.lines?.data?.[0];
    const periodEnd = line?.period?.end ?? invoice.period_end;
    await grantCredits(deps, {
      accountId: outcome.accountId,
      amount,
      // One grant per invoice, whatever happens to the event that carried it.
      idempotencyKey: `stripe:invoice:${invoice.id}`,
      // Plan credits are for the period the invoice pays for.
      expiresAt: periodEnd ? periodEnd * 1000 : null,
      metadata: {
        source: "stripe",
        stripeInvoiceId: invoice.id,
        stripeSubscriptionId: sub.id,
        planType: outcome.state.planType,
        billingInterval: outcome.state.billingInterval,
      },
    });
  }
  return { statements: outcome.statements, after: planEndedEffects(deps, outcome) };
}

async function invoicePaymentFailed(deps: Deps, payload: Stripe.Invoice): Promise<Effects> {
  const subscriptionId = invoiceSubscriptionId(payload);
  if (!subscriptionId) return none("invoice without a subscription");
  // Stripe marks the subscription past_due; its current status is what we record.
  return subscriptionChanged(deps, subscriptionId);
}

async function trialWillEnd(deps: Deps, subscriptionId: string): Promise<Effects> {
  const { sub, accountId, effects } = await applySubscription(deps, subscriptionId);
  // Only a subscription still in its trial gets the reminder (the trial may have ended already).
  if (!accountId || sub.status !== "trialing" || !sub.trial_end) return effects;
  const trialEnd = new Date(sub.trial_end * 1000);
  effects.after.push(() => sendTrialEndingEmail(deps, accountId, trialEnd));
  return effects;
}

async function sendTrialEndingEmail(deps: Deps, accountId: string, trialEnd: Date) {
  const recipients = await deps.db
    .select({ email: users.email, firstName: users.firstName })
    .from(userAccounts)
    .innerJoin(users, eq(users.id, userAccounts.userId))
    .where(and(eq(userAccounts.accountId, accountId), inArray(userAccounts.role, ["OWNER", "ADMIN"])));
  const when = trialEnd.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
  const manage = `${deps.config.APP_URL}/account/pricing`;
  const sender = getEmailSender(deps.env, deps.config);
  for (const r of recipients) {
    const greeting = r.firstName ? `Hello ${r.firstName},` : "Hello,";
    const text = `${greeting}\n\nYour Readyroom trial ends on ${when}. Your subscription then continues on the plan you chose. To change or cancel it, visit ${manage}.\n`;
    await sender.send({
      to: r.email,
      subject: "Your Readyroom trial ends soon",
      kind: "trial-ending",
      text,
      html: `<p>${escapeHtml(greeting)}</p><p>Your Readyroom trial ends on ${escapeHtml(when)}. Your subscription then continues on the plan you chose.</p><p><a href="${escapeHtml(manage)}">Manage your plan</a></p>`,
    });
  }
}

/** What a payment bought, if it bought credits: a credit-pack checkout, or an auto-refill charge. */
async function creditsBoughtWith(deps: Deps, paymentIntent: string) {
  const sessions = await deps.stripe.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 });
  const session = sessions.data[0];
  if (session) {
    if (session.metadata?.kind !== "credit_pack") return null;
    const pack = findCreditPack(deps.config, session.metadata.creditPackId ?? "");
    return {
      accountId: session.metadata.accountId ?? session.client_reference_id,
      credits: pack?.credits ?? Number.parseInt(session.metadata.credits ?? "", 10),
      source: { stripeCheckoutSessionId: session.id },
    };
  }
  const intent = await deps.stripe.paymentIntents.retrieve(paymentIntent);
  if (intent.metadata?.kind !== "auto_refill") return null;
  return {
    accountId: intent.metadata.accountId ?? null,
    credits: Number.parseInt(intent.metadata.credits ?? "", 10),
    source: { stripePaymentIntentId: intent.id },
  };
}

/**
 * A refunded credit pack takes its credits back: each refund on the charge revokes its share of
 * the pack (a partial refund, part of it), keyed by the refund id. Refunds of subscription
 * invoices change no credits; the subscription's own events decide the plan.
 */
async function chargeRefunded(deps: Deps, chargeId: string): Promise<Effects> {
  const charge = await deps.stripe.charges.retrieve(chargeId);
  const paymentIntent = typeof charge.payment_intent === "string" ? charge.payment_intent : (charge.payment_intent?.id ?? null);
  if (!paymentIntent) return none("charge without a payment intent");
  const bought = await creditsBoughtWith(deps, paymentIntent);
  if (!bought) return none("refund of something other than credits");
  const { accountId, credits, source } = bought;
  if (!accountId || !Number.isSafeInteger(credits) || credits <= 0 || charge.amount <= 0) return none("credit pack refund without account or amount");
  const refunds = await deps.stripe.refunds.list({ charge: charge.id, limit: 100 });
  for (const refund of refunds.data) {
    if (refund.status !== "succeeded") continue;
    const amount = Math.floor((credits * refund.amount) / charge.amount);
    if (amount <= 0) continue;
    await revokeCredits(deps, {
      accountId,
      amount,
      idempotencyKey: `stripe:refund:${refund.id}`,
      metadata: { source: "stripe", stripeRefundId: refund.id, stripeChargeId: charge.id, ...source },
    });
  }
  return { statements: [], after: [] };
}
