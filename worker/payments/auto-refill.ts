import { eq } from "drizzle-orm";
import type { LedgerEvent } from "../billing/ledger-types";
import type { AppContext } from "../context";
import { accounts } from "../db/schema";
import type { Config } from "../env";
import { creditPacks, type CreditPack } from "./config";
import { getStripe, Stripe } from "./stripe";

/** The pack an auto-refill buys: the one of exactly that size, else the smallest that covers it, else the largest. */
function packForRefill(config: Config, credits: number): CreditPack | null {
  const packs = [...creditPacks(config)].sort((a, b) => a.credits - b.credits);
  return packs.find((p) => p.credits === credits) ?? packs.find((p) => p.credits >= credits) ?? packs.at(-1) ?? null;
}

export type AutoRefillOutcome = { charged: true; paymentIntentId: string; credits: number } | { charged: false; reason: string };

/**
 * Handler for the ledger's `auto_refill` event (registered in worker/composition.ts): charges the
 * customer's saved card off-session for a credit pack. It only starts the payment; the credits are
 * added when Stripe's `payment_intent.succeeded` webhook arrives (worker/payments/webhook.ts), so
 * a declined or abandoned payment never adds credits. Keyed by the ledger event id, a redelivered
 * event cannot charge twice.
 *
 * Returning normally acknowledges the event; only an unexpected failure (Stripe unreachable)
 * throws, so the ledger offers it again later.
 */
export async function requestAutoRefill(ctx: AppContext, event: LedgerEvent): Promise<AutoRefillOutcome> {
  const { config } = ctx;
  const stripe = getStripe(config);
  const skip = (reason: string): AutoRefillOutcome => {
    console.warn(`[payments] auto-refill for ${event.accountId} not charged: ${reason}`);
    return { charged: false, reason };
  };
  if (!stripe) return skip("billing is not configured on this server");
  const wanted = event.payload.autoRefillAmount ?? 0;
  if (wanted <= 0) return skip("no auto-refill amount");
  const pack = packForRefill(config, wanted);
  if (!pack) return skip("no credit pack is configured");
  const [account] = await ctx.db.select({ customer: accounts.stripeCustomerId }).from(accounts).where(eq(accounts.id, event.accountId)).limit(1);
  if (!account?.customer) return skip("the account has no Stripe customer");
  const customer = await stripe.customers.retrieve(account.customer);
  if (customer.deleted) return skip("the Stripe customer was deleted");
  const pm = customer.invoice_settings?.default_payment_method;
  const paymentMethod = typeof pm === "string" ? pm : (pm?.id ?? null);
  if (!paymentMethod) return skip("no saved payment method");
  const price = await stripe.prices.retrieve(pack.priceId);
  if (!price.unit_amount) return skip(`price ${pack.priceId} has no amount`);
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount: price.unit_amount,
        currency: price.currency,
        customer: account.customer,
        payment_method: paymentMethod,
        off_session: true,
        confirm: true,
        metadata: { kind: "auto_refill", accountId: event.accountId, credits: String(pack.credits), creditPackId: pack.id, ledgerEventId: event.id },
      },
      { idempotencyKey: `readyroom-auto-refill-${event.id}` },
    );
    return { charged: true, paymentIntentId: intent.id, credits: pack.credits };
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) return skip(`card declined (${error.code ?? "card_error"})`);
    throw error;
  }
}

/** The LedgerEventHandler shape worker/billing/service.ts expects for `auto_refill`. */
export const autoRefillHandler = async (ctx: AppContext, event: LedgerEvent): Promise<void> => {
  await requestAutoRefill(ctx, event);
};
