import { describe, expect, it } from "vitest";
import { getStripe } from "../../worker/payments/stripe";
import { fakeControl, stripeConfig, testStripe } from "./helpers";

describe("fake Stripe speaks Stripe's HTTP API to the stripe SDK", () => {
  it("creates a customer and a subscription checkout, completes it, and the subscription is retrievable", async () => {
    const stripe = getStripe(stripeConfig())!;
    const customer = await stripe.customers.create({ email: "a@example.com", metadata: { accountId: "acc_1" } });
    expect(customer.id).toMatch(/^cus_/);
    expect(customer.metadata.accountId).toBe("acc_1");

    const session = await stripe.checkout.sessions.create({
      mode: "subscription",
      customer: customer.id,
      line_items: [{ price: "price_solo_monthly", quantity: 1 }],
      subscription_data: { trial_period_days: 7, metadata: { accountId: "acc_1" } },
      success_url: "http://localhost/account/pricing?checkout=success",
    });
    expect(session.url).toContain("/fake-stripe/checkout/");

    const done = await fakeControl<{ session: { subscription: string }; events: { type: string }[] }>(`checkout/${session.id}/complete`);
    expect(done.events.map((e) => e.type)).toEqual([
      "customer.subscription.created",
      "invoice.paid",
      "invoice.payment_succeeded",
      "checkout.session.completed",
    ]);
    const sub = await stripe.subscriptions.retrieve(done.session.subscription);
    expect(sub.status).toBe("trialing");
    expect(sub.metadata.accountId).toBe("acc_1");
    expect(sub.items.data[0]!.price.id).toBe("price_solo_monthly");
    expect(sub.items.data[0]!.current_period_end).toBe(sub.trial_end);

    const listed = await stripe.subscriptions.list({ customer: customer.id, status: "all" });
    expect(listed.data.map((s) => s.id)).toEqual([sub.id]);
  });

  it("answers Stripe-shaped errors the SDK turns into StripeInvalidRequestError", async () => {
    const stripe = testStripe();
    await expect(stripe.subscriptions.retrieve("sub_missing")).rejects.toMatchObject({
      type: "StripeInvalidRequestError",
      statusCode: 404,
      code: "resource_missing",
    });
  });

  it("replays a repeated Idempotency-Key instead of creating twice", async () => {
    const stripe = testStripe();
    const a = await stripe.customers.create({ email: "idem@example.com" }, { idempotencyKey: "same-key-1" });
    const b = await stripe.customers.create({ email: "idem@example.com" }, { idempotencyKey: "same-key-1" });
    expect(b.id).toBe(a.id);
  });
});
