import { getUsage } from "../billing/service";
import type { AppContext } from "../context";
import { getBillingInfo, getCatalogue, syncSubscription, type BillingUser } from "./service";

/**
 * Everything /account/pricing shows, in one call: the caller's plan, the catalogue and their credit
 * usage. Back from Stripe Checkout, the subscription is read from Stripe first rather than waiting
 * for the webhook, so the page shows the plan just bought.
 */
export async function getPricingPage(ctx: AppContext, user: BillingUser, options: { returningFromCheckout: boolean }) {
  if (options.returningFromCheckout && ctx.config.STRIPE_SECRET_KEY) {
    await syncSubscription(ctx, user).catch((error: unknown) => console.warn("pricing: sync after checkout failed", error));
  }
  const [info, catalogue, usage] = await Promise.all([
    getBillingInfo(ctx, user.id),
    getCatalogue(ctx),
    // The usage card is a hint: the page still opens when the ledger does not answer.
    getUsage({ ...ctx, user: { id: user.id } }).catch(() => null),
  ]);
  return { info, catalogue, usage };
}
