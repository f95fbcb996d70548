import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adjustCredits, ledgerEventHandlers, sendLowBalanceEmail, updateCreditSettings } from "../../worker/billing/service";
import type { LedgerEvent } from "../../worker/billing/ledger-types";
import { appContext } from "../../worker/context";
import { nowMs } from "../../worker/lib/clock";
import { autoRefillHandler, requestAutoRefill, type AutoRefillOutcome } from "../../worker/payments/auto-refill";
import { createTestUser } from "../helpers/auth";
import { accountRow, balanceOf, checkoutAndPay, deliverAll, eventFor } from "./api";
import { stripeEnv, testStripe } from "./helpers";

const refillEvent = (accountId: string, autoRefillAmount: number): LedgerEvent => ({
  id: crypto.randomUUID(),
  kind: "auto_refill",
  accountId,
  userId: null,
  payload: { currentBalance: 10, threshold: 100, autoRefillAmount },
  createdAt: nowMs(),
});

async function subscribedUser() {
  const user = await createTestUser();
  const { event } = await checkoutAndPay(user.cookie);
  await deliverAll([event("checkout.session.completed"), event("invoice.paid")]);
  return user;
}

describe("auto-refill through Stripe", () => {
  it("a low balance crossing charges the saved card once, and the webhook adds the pack's credits once", async () => {
    const user = await subscribedUser();
    expect((await balanceOf(user.accountId)).currentBalance).toBe(1000);
    await updateCreditSettings(appContext(env), { accountId: user.accountId, lowBalanceAlert: 500, autoRefillAmount: 1000 });

    const outcomes: AutoRefillOutcome[] = [];
    await adjustCredits(appContext(env), {
      accountId: user.accountId,
      amount: -600,
      idempotencyKey: `test-spend-${user.accountId}`,
      handlers: { auto_refill: async (_e, ev) => void outcomes.push(await requestAutoRefill(appContext(stripeEnv()), ev)) },
    });
    expect(outcomes).toHaveLength(1);
    const outcome = outcomes[0];
    if (!outcome!.charged) throw new Error(`not charged: ${outcome!.reason}`);
    expect(outcome!.credits).toBe(1000);
    // Nothing is added before Stripe confirms the payment.
    expect((await balanceOf(user.accountId)).currentBalance).toBe(400);

    const succeeded = await eventFor("payment_intent.succeeded", outcome!.paymentIntentId);
    await deliverAll([succeeded, await eventFor("payment_intent.succeeded", outcome!.paymentIntentId)]);
    const balance = await balanceOf(user.accountId);
    expect(balance.currentBalance).toBe(1400);
    expect(balance.totalPurchased).toBe(1000);
  });

  it("a redelivered ledger event does not charge twice", async () => {
    const user = await subscribedUser();
    const event = refillEvent(user.accountId, 1000);
    const first = await requestAutoRefill(appContext(stripeEnv()), event);
    const second = await requestAutoRefill(appContext(stripeEnv()), event);
    expect(first.charged && second.charged).toBe(true);
    expect(first).toEqual(second);
    const intents = await testStripe().paymentIntents.retrieve((first as { paymentIntentId: string }).paymentIntentId);
    expect(intents.metadata).toMatchObject({ kind: "auto_refill", accountId: user.accountId, credits: "1000" });
  });

  it("a declined card, no saved card, or no Stripe adds nothing and does not throw", async () => {
    const user = await subscribedUser();
    const customer = (await accountRow(user.accountId))!.stripeCustomerId!;
    await testStripe().customers.update(customer, { invoice_settings: { default_payment_method: "pm_card_chargeDeclined" } });
    const declined = await requestAutoRefill(appContext(stripeEnv()), refillEvent(user.accountId, 1000));
    expect(declined).toMatchObject({ charged: false });
    expect((declined as { reason: string }).reason).toContain("declined");

    const noCustomer = await createTestUser({ plan: "SOLO" });
    expect(await requestAutoRefill(appContext(stripeEnv()), refillEvent(noCustomer.accountId, 1000))).toMatchObject({
      charged: false,
      reason: "the account has no Stripe customer",
    });
    expect(await requestAutoRefill(appContext({ ...env }), refillEvent(user.accountId, 1000))).toMatchObject({
      charged: false,
      reason: "billing is not configured on this server",
    });
    expect((await balanceOf(user.accountId)).currentBalance).toBe(1000);
  });

  it("refunding an auto-refill charge takes its credits back", async () => {
    const user = await subscribedUser();
    const outcome = await requestAutoRefill(appContext(stripeEnv()), refillEvent(user.accountId, 1000));
    if (!outcome.charged) throw new Error(outcome.reason);
    await deliverAll([await eventFor("payment_intent.succeeded", outcome.paymentIntentId)]);
    expect((await balanceOf(user.accountId)).currentBalance).toBe(2000);
    const refund = await testStripe().refunds.create({ payment_intent: outcome.paymentIntentId });
    await deliverAll([await eventFor("charge.refunded", refund.charge as string)]);
    expect((await balanceOf(user.accountId)).currentBalance).toBe(1000);
  });
});

describe("wiring", () => {
  it("the Worker's composition gives the ledger's auto_refill events to payments (billing does not import payments)", async () => {
    // Served by the Worker entry as deployed (worker/index.ts calls composeFeatures at load).
    expect((await SELF.fetch("http://localhost/api/health")).status).toBe(200);
    expect(ledgerEventHandlers()).toEqual({ low_balance: sendLowBalanceEmail, auto_refill: autoRefillHandler });
  });
});
