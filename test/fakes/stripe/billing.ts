import { DAY, type Form, newId, now, type Obj, sessionInput, store } from "./state.ts";
import { bool, clone, get, int, StripeFakeError } from "./http.ts";
import { emit } from "./events.ts";

/** What the fake does with customers, subscriptions, invoices, checkout and refunds: Stripe's billing rules as far as Readyroom relies on them. */

export function createCustomer(form: Form): Obj {
  const customer: Obj = {
    id: newId("cus"),
    object: "customer",
    created: now(),
    email: (form.email as string) ?? null,
    name: (form.name as string) ?? null,
    metadata: (form.metadata as Form) ?? {},
    invoice_settings: { default_payment_method: null, custom_fields: null, footer: null },
    livemode: false,
  };
  store.customers.set(customer.id, customer);
  return customer;
}

function periodEnd(start: number, priceObj: Obj) {
  const recurring = priceObj.recurring as { interval: string; interval_count: number } | null;
  const count = recurring?.interval_count ?? 1;
  const date = new Date(start * 1000);
  if (recurring?.interval === "year") date.setUTCFullYear(date.getUTCFullYear() + count);
  else date.setUTCMonth(date.getUTCMonth() + count);
  return Math.floor(date.getTime() / 1000);
}

export function subscriptionPrice(sub: Obj): Obj {
  return ((sub.items as { data: Obj[] }).data[0]?.price as Obj) ?? {};
}

function setPeriod(sub: Obj, start: number, end: number) {
  for (const item of (sub.items as { data: Obj[] }).data) {
    item.current_period_start = start;
    item.current_period_end = end;
  }
}

export function createSubscription(customer: string, priceId: string, opts: { trialDays?: number; metadata?: Form; quantity?: number }): Obj {
  const priceObj = get(store.prices, "price", priceId);
  if (!priceObj.recurring)
    throw new StripeFakeError(400, "The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.");
  const start = now();
  const trialEnd = opts.trialDays ? start + opts.trialDays * DAY : null;
  const id = newId("sub");
  const sub: Obj = {
    id,
    object: "subscription",
    customer,
    status: trialEnd ? "trialing" : "active",
    created: start,
    start_date: start,
    billing_cycle_anchor: trialEnd ?? start,
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    pause_collection: null,
    trial_start: trialEnd ? start : null,
    trial_end: trialEnd,
    metadata: opts.metadata ?? {},
    latest_invoice: null,
    livemode: false,
    items: {
      object: "list",
      data: [
        {
          id: newId("si"),
          object: "subscription_item",
          price: clone(priceObj),
          quantity: opts.quantity ?? 1,
          subscription: id,
          current_period_start: start,
          current_period_end: trialEnd ?? periodEnd(start, priceObj),
          created: start,
          metadata: {},
        },
      ],
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
  };
  store.subscriptions.set(id, sub);
  return sub;
}

export function pay(customer: string, amount: number, metadata: Form = {}) {
  const pi: Obj = {
    id: newId("pi"),
    object: "payment_intent",
    amount,
    amount_received: amount,
    currency: "usd",
    customer,
    status: "succeeded",
    metadata,
    latest_charge: null,
    created: now(),
  };
  const charge: Obj = {
    id: newId("ch"),
    object: "charge",
    amount,
    amount_captured: amount,
    amount_refunded: 0,
    refunded: false,
    currency: "usd",
    customer,
    payment_intent: pi.id,
    status: "succeeded",
    paid: true,
    metadata: {},
    created: now(),
  };
  pi.latest_charge = charge.id;
  store.paymentIntents.set(pi.id, pi);
  store.charges.set(charge.id, charge);
  return { pi, charge };
}

export function createInvoice(sub: Obj, reason: string, paid: boolean): Obj {
  const priceObj = subscriptionPrice(sub);
  const item = (sub.items as { data: Obj[] }).data[0];
  const amount = sub.status === "trialing" ? 0 : Number(priceObj.unit_amount);
  const invoice: Obj = {
    id: newId("in"),
    object: "invoice",
    customer: sub.customer,
    status: paid ? "paid" : "open",
    billing_reason: reason,
    currency: "usd",
    amount_due: amount,
    amount_paid: paid ? amount : 0,
    amount_remaining: paid ? 0 : amount,
    attempt_count: 1,
    created: now(),
    period_start: item!.current_period_start,
    period_end: item!.current_period_end,
    parent: { type: "subscription_details", quote_details: null, subscription_details: { subscription: sub.id, metadata: clone(sub.metadata) } },
    lines: {
      object: "list",
      has_more: false,
      data: [
        {
          id: newId("il"),
          object: "line_item",
          amount,
          currency: "usd",
          quantity: 1,
          period: { start: item!.current_period_start, end: item!.current_period_end },
          pricing: {
            type: "price_details",
            price_details: { price: priceObj.id, product: priceObj.product },
            unit_amount_decimal: String(priceObj.unit_amount),
          },
        },
      ],
    },
    livemode: false,
  };
  if (paid && amount > 0) pay(String(sub.customer), amount, { invoice: invoice.id });
  store.invoices.set(invoice.id, invoice);
  sub.latest_invoice = invoice.id;
  return invoice;
}

/** The customer pays a checkout session: what Stripe does behind its hosted page. */
export function completeCheckout(sessionId: string): { session: Obj; events: Obj[] } {
  const session = get(store.sessions, "checkout session", sessionId);
  if (session.status !== "open") throw new StripeFakeError(400, `This Checkout Session is ${session.status}.`);
  const input = sessionInput.get(sessionId)!;
  const events: Obj[] = [];
  let customer = session.customer as string | null;
  if (!customer) {
    const created = createCustomer({ email: input.customerEmail });
    customer = created.id;
    events.push(emit("customer.created", created));
  }
  session.customer = customer;
  session.status = "complete";
  session.payment_status = "paid";
  // Paying through Checkout saves the card as the customer's default, as Stripe does for subscriptions.
  const customerObj = get(store.customers, "customer", customer);
  const settings = customerObj.invoice_settings as Form;
  settings.default_payment_method ??= newId("pm");
  if (session.mode === "subscription") {
    const subData = input.subscriptionData;
    const sub = createSubscription(customer, input.lineItems[0]!.price, {
      quantity: input.lineItems[0]!.quantity,
      trialDays: int(subData.trial_period_days),
      metadata: (subData.metadata as Form) ?? {},
    });
    session.subscription = sub.id;
    if (sub.status === "trialing") session.payment_status = "no_payment_required";
    events.push(emit("customer.subscription.created", sub));
    const invoice = createInvoice(sub, "subscription_create", true);
    session.invoice = invoice.id;
    events.push(emit("invoice.paid", invoice), emit("invoice.payment_succeeded", invoice));
  } else {
    const amount = input.lineItems.reduce((sum, li) => sum + Number(get(store.prices, "price", li.price).unit_amount) * li.quantity, 0);
    const { pi } = pay(customer, amount, ((session.payment_intent_data as Form)?.metadata as Form) ?? {});
    session.payment_intent = pi.id;
    session.amount_total = amount;
  }
  events.push(emit("checkout.session.completed", session));
  return { session, events };
}

export function updateSubscription(sub: Obj, form: Form): Obj[] {
  const previous: Record<string, unknown> = {};
  const set = (key: string, value: unknown) => {
    previous[key] = clone(sub[key]);
    sub[key] = value;
  };
  if ("cancel_at_period_end" in form) set("cancel_at_period_end", bool(form.cancel_at_period_end));
  if ("pause_collection" in form) {
    const pause = form.pause_collection as Form | string;
    set("pause_collection", pause === "" ? null : { behavior: (pause as Form).behavior ?? "void", resumes_at: int((pause as Form).resumes_at) ?? null });
  }
  if (form.metadata) set("metadata", { ...(sub.metadata as Form), ...(form.metadata as Form) });
  if (Array.isArray(form.items) && form.items.length > 0) {
    const change = form.items[0] as Form;
    previous.items = clone(sub.items);
    const item = (sub.items as { data: Obj[] }).data[0]!;
    // A price change, a quantity change (seats, as the portal makes it), or both.
    if (change.price) item.price = clone(get(store.prices, "price", String(change.price)));
    if (change.quantity !== undefined) item.quantity = int(change.quantity) ?? 1;
  }
  if (form.trial_end === "now" && sub.status === "trialing") {
    set("status", "active");
    set("trial_end", now());
  }
  return [emit("customer.subscription.updated", sub, previous)];
}

export function cancelSubscription(sub: Obj): Obj[] {
  if (sub.status === "canceled") return [];
  sub.status = "canceled";
  sub.canceled_at = now();
  sub.ended_at = now();
  sub.cancel_at_period_end = false;
  return [emit("customer.subscription.deleted", sub)];
}

export function renew(sub: Obj, outcome: string): Obj[] {
  const events: Obj[] = [];
  const previous = { status: sub.status, items: clone(sub.items) };
  if (sub.status === "canceled") throw new StripeFakeError(400, "A canceled subscription cannot renew.");
  if (sub.cancel_at_period_end) return cancelSubscription(sub);
  const item = (sub.items as { data: Obj[] }).data[0];
  const start = Number(item!.current_period_end);
  if (outcome === "failed") {
    sub.status = "past_due";
    const invoice = createInvoice(sub, "subscription_cycle", false);
    invoice.amount_due = Number(subscriptionPrice(sub).unit_amount);
    events.push(emit("customer.subscription.updated", sub, previous), emit("invoice.payment_failed", invoice));
    return events;
  }
  if (sub.status === "trialing") events.push(emit("customer.subscription.trial_will_end", sub));
  sub.status = "active";
  setPeriod(sub, start, periodEnd(start, subscriptionPrice(sub)));
  const invoice = createInvoice(sub, "subscription_cycle", true);
  events.push(emit("customer.subscription.updated", sub, previous), emit("invoice.paid", invoice), emit("invoice.payment_succeeded", invoice));
  return events;
}

export function refund(form: Form): { refund: Obj; events: Obj[] } {
  const chargeId = form.charge ? String(form.charge) : (get(store.paymentIntents, "payment_intent", String(form.payment_intent)).latest_charge as string);
  const charge = get(store.charges, "charge", chargeId);
  const remaining = Number(charge.amount) - Number(charge.amount_refunded);
  const amount = int(form.amount) ?? remaining;
  if (amount <= 0 || amount > remaining)
    throw new StripeFakeError(
      400,
      `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
      "invalid_request_error",
      "amount_too_large",
      "amount",
    );
  const created: Obj = {
    id: newId("re"),
    object: "refund",
    amount,
    charge: charge.id,
    payment_intent: charge.payment_intent,
    currency: "usd",
    status: "succeeded",
    metadata: (form.metadata as Form) ?? {},
    created: now(),
  };
  store.refunds.set(created.id, created);
  charge.amount_refunded = Number(charge.amount_refunded) + amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  return { refund: created, events: [emit("refund.created", created), emit("charge.refunded", charge)] };
}

export function findByType(type: string, id: string): Obj {
  const maps: Record<string, [Map<string, Obj>, string]> = {
    "customer.subscription": [store.subscriptions, "subscription"],
    invoice: [store.invoices, "invoice"],
    charge: [store.charges, "charge"],
    customer: [store.customers, "customer"],
    "checkout.session": [store.sessions, "checkout session"],
    payment_intent: [store.paymentIntents, "payment_intent"],
  };
  for (const [prefix, [map, name]] of Object.entries(maps)) if (type.startsWith(prefix)) return get(map, name, id);
  throw new StripeFakeError(400, `fake: no object kind for event type ${type}`);
}
