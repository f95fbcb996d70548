import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { nowMs } from "../../worker/lib/clock";
import { api, expectStatus } from "../helpers/api";
import { createTestUser } from "../helpers/auth";
import { accountRow, balanceOf, checkoutAndPay, deliver, deliverAll, eventFor, planOf, processedCount } from "./api";
import { fakeControl, stripeEnv, testStripe } from "./helpers";

describe("POST /api/billing/webhook: signature over the raw body", () => {
  it("accepts a correctly signed event", async () => {
    const user = await createTestUser();
    const { event } = await checkoutAndPay(user.cookie);
    const res = await deliver(event("checkout.session.completed"));
    await expectStatus(res, 200);
    expect(await res.json()).toMatchObject({ received: true, type: "checkout.session.completed" });
  });

  it("rejects a tampered body with 400 and changes nothing", async () => {
    const user = await createTestUser();
    const { event } = await checkoutAndPay(user.cookie);
    const completed = event("checkout.session.completed");
    const signed = JSON.stringify(completed, null, 2);
    const { signedHeader } = await import("./helpers");
    const header = await signedHeader(signed);
    const tampered = signed.replace(user.accountId, "someone-elses-account");
    const res = await api("/api/billing/webhook", { raw: tampered, headers: { "stripe-signature": header }, env: stripeEnv() });
    await expectStatus(res, 400);
    expect(await res.json()).toEqual({ message: "Webhook signature verification failed.", code: "invalid_signature" });
    expect(await processedCount(completed.id)).toBe(0);
    expect((await planOf(user.userId)).hasActivePlan).toBe(false);
    expect((await accountRow(user.accountId))!.stripeSubscriptionId).toBeNull();
  });

  it("rejects a stale signature (older than the tolerance) and one made with another secret", async () => {
    const user = await createTestUser();
    const { event } = await checkoutAndPay(user.cookie);
    const completed = event("checkout.session.completed");
    const stale = await deliver(completed, { timestamp: Math.floor(nowMs() / 1000) - 10 * 60 });
    await expectStatus(stale, 400);
    const wrongSecret = await deliver(completed, { secret: "whsec_not_ours" });
    await expectStatus(wrongSecret, 400);
    const unsigned = await api("/api/billing/webhook", { raw: JSON.stringify(completed), env: stripeEnv() });
    await expectStatus(unsigned, 400);
    expect(await processedCount(completed.id)).toBe(0);
    expect((await planOf(user.userId)).hasActivePlan).toBe(false);
  });
});

describe("subscription lifecycle through webhooks, as the access guard sees it", () => {
  it("checkout completed activates the plan (trial) for getPlanStatus and links the Stripe ids", async () => {
    const user = await createTestUser();
    expect((await planOf(user.userId)).hasActivePlan).toBe(false);
    const { event, session } = await checkoutAndPay(user.cookie, { plan: "TEAM", interval: "YEARLY" });
    await deliverAll([event("checkout.session.completed")]);
    const plan = await planOf(user.userId);
    expect(plan).toMatchObject({ hasActivePlan: true, planType: "TEAM", billingInterval: "YEARLY", status: "trialing", isInTrial: true });
    expect(plan.trialEndDate).toBeInstanceOf(Date);
    const row = await accountRow(user.accountId);
    expect(row!.stripeSubscriptionId).toBe(session.subscription);
    expect(row!.stripeCustomerId).toBe(session.customer);
  });

  it("a duplicate delivery of the same event is a no-op", async () => {
    const user = await createTestUser();
    const { event } = await checkoutAndPay(user.cookie);
    const paid = event("invoice.paid");
    const first = await deliver(paid);
    expect(await first.json()).not.toHaveProperty("duplicate");
    const before = await balanceOf(user.accountId);
    const second = await deliver(paid);
    await expectStatus(second, 200);
    expect(await second.json()).toMatchObject({ duplicate: true });
    expect(await processedCount(paid.id)).toBe(1);
    expect((await balanceOf(user.accountId)).currentBalance).toBe(before.currentBalance);
  });

  it("concurrent duplicate deliveries apply once", async () => {
    const user = await createTestUser();
    const { event } = await checkoutAndPay(user.cookie);
    const paid = event("invoice.paid");
    const results = await Promise.all([deliver(paid), deliver(paid), deliver(paid)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(await processedCount(paid.id)).toBe(1);
    expect((await balanceOf(user.accountId)).totalGranted).toBe(1000);
  });

  it("all of a checkout's events, in Stripe's order or reversed, end in the same state", async () => {
    for (const order of ["forward", "reversed"] as const) {
      const user = await createTestUser();
      const { events } = await checkoutAndPay(user.cookie, { plan: "SOLO", interval: "YEARLY" });
      await deliverAll(order === "forward" ? events : [...events].reverse());
      expect(await planOf(user.userId), order).toMatchObject({ hasActivePlan: true, planType: "SOLO", billingInterval: "YEARLY", status: "trialing" });
      // A yearly invoice grants twelve months of the plan's credits.
      expect((await balanceOf(user.accountId)).totalGranted, order).toBe(12_000);
    }
  });

  it("invoice.paid grants the plan's monthly credits once per invoice, even from distinct events", async () => {
    const user = await createTestUser();
    const { event } = await checkoutAndPay(user.cookie, { plan: "SOLO", interval: "MONTHLY" });
    const paid = event("invoice.paid");
    await deliverAll([event("checkout.session.completed"), paid]);
    expect((await balanceOf(user.accountId)).currentBalance).toBe(1000);
    // Stripe may send a second, differently-identified event about the same invoice.
    const invoiceId = (paid.data.object as { id: string }).id;
    await deliverAll([await eventFor("invoice.paid", invoiceId), event("invoice.payment_succeeded")]);
    const balance = await balanceOf(user.accountId);
    expect(balance.currentBalance).toBe(1000);
    expect(balance.totalGranted).toBe(1000);
    // The next period's invoice grants again.
    const subId = (await accountRow(user.accountId))!.stripeSubscriptionId!;
    const renewal = await fakeControl(`subscriptions/${subId}/renew`, { outcome: "paid" });
    await deliverAll(renewal.events);
    expect((await balanceOf(user.accountId)).totalGranted).toBe(2000);
    expect((await planOf(user.userId)).status).toBe("active");
  });

  it("reordered events: deleted delivered before a stale updated leaves the plan canceled", async () => {
    const user = await createTestUser();
    const { event } = await checkoutAndPay(user.cookie);
    await deliverAll([event("checkout.session.completed")]);
    const subId = (await accountRow(user.accountId))!.stripeSubscriptionId!;
    // An "updated" event taken while the subscription was still live…
    const staleUpdated = await eventFor("customer.subscription.updated", subId);
    expect((staleUpdated.data.object as { status: string }).status).toBe("trialing");
    await testStripe().subscriptions.cancel(subId);
    const deleted = await eventFor("customer.subscription.deleted", subId);
    // …arrives after the deletion.
    await deliverAll([deleted, staleUpdated]);
    const plan = await planOf(user.userId);
    expect(plan.hasActivePlan).toBe(false);
    expect(plan.status).toBe("canceled");
    expect(plan.isCanceled).toBe(true);
  });

  it("pausing removes the active plan and resuming restores it; past_due keeps it", async () => {
    const user = await createTestUser();
    const { event } = await checkoutAndPay(user.cookie);
    await deliverAll([event("checkout.session.completed")]);
    const subId = (await accountRow(user.accountId))!.stripeSubscriptionId!;
    const stripe = testStripe();

    await stripe.subscriptions.update(subId, { pause_collection: { behavior: "void" } });
    await deliverAll([await eventFor("customer.subscription.updated", subId)]);
    expect(await planOf(user.userId)).toMatchObject({ hasActivePlan: false, isPaused: true, status: "paused" });

    await stripe.subscriptions.update(subId, { pause_collection: "" });
    await deliverAll([await eventFor("customer.subscription.resumed", subId)]);
    expect(await planOf(user.userId)).toMatchObject({ hasActivePlan: true, isPaused: false });

    const failed = await fakeControl(`subscriptions/${subId}/renew`, { outcome: "failed" });
    await deliverAll(failed.events.filter((e) => e.type === "invoice.payment_failed"));
    expect(await planOf(user.userId)).toMatchObject({ hasActivePlan: true, status: "past_due" });
  });

  it("cancel at period end keeps access until Stripe ends the subscription", async () => {
    const user = await createTestUser();
    const { event } = await checkoutAndPay(user.cookie);
    await deliverAll([event("checkout.session.completed")]);
    const subId = (await accountRow(user.accountId))!.stripeSubscriptionId!;
    await testStripe().subscriptions.update(subId, { cancel_at_period_end: true });
    await deliverAll([await eventFor("customer.subscription.updated", subId)]);
    expect((await planOf(user.userId)).hasActivePlan).toBe(true);
    const info = await (await api("/api/billing/account-info", { user, env: stripeEnv() })).json();
    expect(info).toMatchObject({ isCanceled: true, cancelAtPeriodEnd: true, hasActivePlan: true });

    const end = await fakeControl(`subscriptions/${subId}/renew`, { outcome: "paid" });
    expect(end.events.map((e) => e.type)).toEqual(["customer.subscription.deleted"]);
    await deliverAll(end.events);
    expect(await planOf(user.userId)).toMatchObject({ hasActivePlan: false, status: "canceled" });
  });

  it("an event about an old, ended subscription does not overwrite the account's newer one", async () => {
    const user = await createTestUser();
    const first = await checkoutAndPay(user.cookie);
    await deliverAll([first.event("checkout.session.completed")]);
    const oldSub = (await accountRow(user.accountId))!.stripeSubscriptionId!;
    await testStripe().subscriptions.cancel(oldSub);
    await deliverAll([await eventFor("customer.subscription.deleted", oldSub)]);
    const second = await checkoutAndPay(user.cookie, { plan: "ENTERPRISE", interval: "MONTHLY" });
    await deliverAll([second.event("checkout.session.completed")]);
    expect((await planOf(user.userId)).planType).toBe("ENTERPRISE");
    // A late redelivery about the old subscription.
    await deliverAll([await eventFor("customer.subscription.updated", oldSub)]);
    expect(await planOf(user.userId)).toMatchObject({ hasActivePlan: true, planType: "ENTERPRISE" });
    expect((await accountRow(user.accountId))!.stripeSubscriptionId).toBe(second.session.subscription);
  });

  it("trial_will_end e-mails the account owner", async () => {
    const user = await createTestUser();
    const { event } = await checkoutAndPay(user.cookie);
    await deliverAll([event("checkout.session.completed")]);
    const subId = (await accountRow(user.accountId))!.stripeSubscriptionId!;
    await deliverAll([await eventFor("customer.subscription.trial_will_end", subId)]);
    const mail = await env.DB.prepare(`SELECT "subject", "text", "kind" FROM "EmailOutbox" WHERE "to" = ?`)
      .bind(user.email)
      .all<{ subject: string; text: string; kind: string }>();
    expect(mail.results).toHaveLength(1);
    expect(mail.results[0]).toMatchObject({ subject: "Your Readyroom trial ends soon", kind: "trial-ending" });
  });
});

describe("credit packs", () => {
  it("a paid pack is purchased once; a partial refund revokes its share", async () => {
    const user = await createTestUser({ plan: "SOLO" });
    const { event, session } = await checkoutAndPay(user.cookie, { creditPackId: "pack-1000" });
    const completed = event("checkout.session.completed");
    await deliverAll([completed]);
    await deliver(await eventFor("checkout.session.completed", session.id));
    expect((await balanceOf(user.accountId)).currentBalance).toBe(1000);

    const refund = await testStripe().refunds.create({ payment_intent: session.payment_intent as string, amount: 500 });
    await deliverAll([await eventFor("charge.refunded", refund.charge as string)]);
    expect((await balanceOf(user.accountId)).currentBalance).toBe(500);
    // The same refund reported again takes nothing more.
    await deliverAll([await eventFor("charge.refunded", refund.charge as string)]);
    expect((await balanceOf(user.accountId)).currentBalance).toBe(500);
  });
});
