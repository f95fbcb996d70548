import { createHmac, randomBytes } from "node:crypto";
import type http from "node:http";
import type { FakeRoute } from "./server";
import { fakeNowMs } from "../clock-offset.ts";

/**
 * A fake Stripe that speaks the parts of Stripe's HTTP API Readyroom calls: form-encoded
 * requests with bracket notation, Bearer secret keys, Idempotency-Key replay, Stripe-shaped
 * objects, lists and errors (API version 2026-10-28: billing periods live on subscription items,
 * an invoice names its subscription under parent.subscription_details).
 *
 * Besides the API it serves what a browser sees of Stripe — a hosted checkout page with a "Pay"
 * button and a customer portal (cancel, pause, resume) — and delivers signed webhooks to every
 * endpoint registered with POST /v1/webhook_endpoints (the fake accepts a `secret` parameter there
 * so a test run can choose the signing secret the app was configured with).
 *
 * Fake-only controls for tests live under /__fake/stripe/ and return the events they produced, so
 * a test inside workerd can sign and post them itself:
 *   POST /__fake/stripe/checkout/{id}/complete          the customer pays the checkout session
 *   POST /__fake/stripe/subscriptions/{id}/renew        outcome=paid|failed: the next period's invoice
 *   POST /__fake/stripe/subscriptions/{id}/status       status=…: force a subscription status
 *   POST /__fake/stripe/events                          type, object: an event carrying the object's current state
 */

type Obj = Record<string, unknown> & { id: string };
type Form = Record<string, unknown>;

const API_VERSION = "2026-10-28.endive";
const DAY = 86_400;

const store = {
  customers: new Map<string, Obj>(),
  prices: new Map<string, Obj>(),
  products: new Map<string, Obj>(),
  sessions: new Map<string, Obj>(),
  portalSessions: new Map<string, Obj>(),
  subscriptions: new Map<string, Obj>(),
  invoices: new Map<string, Obj>(),
  charges: new Map<string, Obj>(),
  paymentIntents: new Map<string, Obj>(),
  refunds: new Map<string, Obj>(),
  events: new Map<string, Obj>(),
  webhookEndpoints: new Map<string, Obj & { secret: string; url: string }>(),
  /** Stripe replays the first response to a repeated Idempotency-Key for 24 h. */
  idempotency: new Map<string, { status: number; body: unknown }>(),
};

/** Internal data a real session keeps server-side (line items, subscription_data). */
const sessionInput = new Map<string, { lineItems: { price: string; quantity: number }[]; subscriptionData: Form; customerEmail?: string }>();

const now = () => Math.floor(fakeNowMs() / 1000);
const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;

// A default catalogue so a test run and `npm start` against the fake need no setup. The ids are
// what test/payments configures as STRIPE_PRICE_* and STRIPE_CREDIT_PACKS.
function seedCatalogue() {
  const plans: [string, string, number, number][] = [
    ["solo", "Readyroom Solo", 2900, 29000],
    ["team", "Readyroom Team", 9900, 99000],
    ["enterprise", "Readyroom Enterprise", 49900, 499000],
  ];
  for (const [key, name, monthly, yearly] of plans) {
    const product = { id: `prod_${key}`, object: "product", name, active: true, metadata: {} };
    store.products.set(product.id, product);
    for (const [interval, amount] of [["month", monthly], ["year", yearly]] as const) {
      const id = `price_${key}_${interval === "month" ? "monthly" : "yearly"}`;
      store.prices.set(id, price(id, product.id, amount, { interval, interval_count: 1 }));
    }
  }
  for (const [credits, amount] of [[1000, 1000], [5000, 4500]] as const) {
    const product = { id: `prod_pack_${credits}`, object: "product", name: `${credits} credits`, active: true, metadata: {} };
    store.products.set(product.id, product);
    store.prices.set(`price_pack_${credits}`, price(`price_pack_${credits}`, product.id, amount, null));
  }
}

function price(id: string, product: string, unitAmount: number, recurring: { interval: string; interval_count: number } | null): Obj {
  return {
    id,
    object: "price",
    active: true,
    currency: "usd",
    unit_amount: unitAmount,
    product,
    type: recurring ? "recurring" : "one_time",
    recurring: recurring ? { ...recurring, usage_type: "licensed", meter: null, trial_period_days: null } : null,
    lookup_key: null,
    metadata: {},
    livemode: false,
    created: now(),
  };
}

seedCatalogue();

// ---------------------------------------------------------------- form and HTTP helpers

/** Decodes Stripe's form encoding (`a[b][0][c]=v`, `expand[]=x`) into nested objects and arrays. */
export function parseForm(text: string): Form {
  const root: Form = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const keys = rawKey.match(/^[^[]+|\[[^\]]*\]/g)?.map((k) => k.replace(/^\[|\]$/g, "")) ?? [rawKey];
    let node: Record<string, unknown> | unknown[] = root;
    keys.forEach((key, i) => {
      const last = i === keys.length - 1;
      const container = node as Record<string, unknown>;
      if (Array.isArray(node) && key === "") key = String(node.length);
      if (last) {
        container[key] = value;
        return;
      }
      const nextIsIndex = /^\d*$/.test(keys[i + 1] ?? "");
      container[key] ??= nextIsIndex ? [] : {};
      node = container[key] as Record<string, unknown>;
    });
  }
  return root;
}

// Plain fields, not parameter properties: this file also runs under Node's strip-only TypeScript (e2e).
class StripeFakeError extends Error {
  status: number;
  type: string;
  code?: string;
  param?: string;
  constructor(status: number, message: string, type = "invalid_request_error", code?: string, param?: string) {
    super(message);
    this.status = status;
    this.type = type;
    this.code = code;
    this.param = param;
  }
}

const missing = (resource: string, id: string, param = "id") =>
  new StripeFakeError(404, `No such ${resource}: '${id}'`, "invalid_request_error", "resource_missing", param);

function get<T extends Obj>(map: Map<string, T>, resource: string, id: string): T {
  const found = map.get(id);
  if (!found) throw missing(resource, id);
  return found;
}

function list(data: Obj[], url: string, limit = 10) {
  const sorted = [...data].sort((a, b) => Number(b.created ?? 0) - Number(a.created ?? 0));
  return { object: "list", data: sorted.slice(0, limit), has_more: sorted.length > limit, url };
}

const bool = (v: unknown) => v === true || v === "true";
const int = (v: unknown) => (v === undefined || v === "" ? undefined : Number.parseInt(String(v), 10));
const clone = <T>(v: T): T => structuredClone(v);

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "content-type": "application/json", "request-id": newId("req"), ...headers });
  res.end(JSON.stringify(body));
}

function html(res: http.ServerResponse, status: number, body: string) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8" });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Stripe</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}
button{font:inherit;padding:.5rem 1rem;margin:.25rem 0;cursor:pointer}</style></head><body>${body}</body></html>`);
}

function redirect(res: http.ServerResponse, location: string) {
  res.writeHead(303, { location });
  res.end();
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// ---------------------------------------------------------------- events and webhooks

function emit(type: string, object: Obj, previous?: Record<string, unknown>): Obj {
  const event: Obj = {
    id: newId("evt"),
    object: "event",
    api_version: API_VERSION,
    created: now(),
    type,
    livemode: false,
    pending_webhooks: store.webhookEndpoints.size,
    request: { id: null, idempotency_key: null },
    data: { object: clone(object), ...(previous ? { previous_attributes: previous } : {}) },
  };
  store.events.set(event.id, event);
  return event;
}

export function signPayload(payload: string, secret: string, timestamp = now()) {
  const signature = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

/** Delivers events in order to every registered endpoint, as Stripe would (one POST each). */
async function deliver(events: Obj[]) {
  for (const endpoint of store.webhookEndpoints.values()) {
    for (const event of events) {
      const payload = JSON.stringify(event, null, 2);
      try {
        await fetch(endpoint.url, {
          method: "POST",
          headers: { "content-type": "application/json", "stripe-signature": signPayload(payload, endpoint.secret) },
          body: payload,
        });
      } catch (error) {
        console.warn(`fake stripe: webhook to ${endpoint.url} failed:`, error);
      }
    }
  }
}

// ---------------------------------------------------------------- domain operations

function createCustomer(form: Form): Obj {
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

function subscriptionPrice(sub: Obj): Obj {
  return ((sub.items as { data: Obj[] }).data[0]?.price as Obj) ?? {};
}

function setPeriod(sub: Obj, start: number, end: number) {
  for (const item of (sub.items as { data: Obj[] }).data) {
    item.current_period_start = start;
    item.current_period_end = end;
  }
}

function createSubscription(customer: string, priceId: string, opts: { trialDays?: number; metadata?: Form; quantity?: number }): Obj {
  const priceObj = get(store.prices, "price", priceId);
  if (!priceObj.recurring) throw new StripeFakeError(400, "The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.");
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
      data: [{ id: newId("si"), object: "subscription_item", price: clone(priceObj), quantity: opts.quantity ?? 1, subscription: id, current_period_start: start, current_period_end: trialEnd ?? periodEnd(start, priceObj), created: start, metadata: {} }],
      has_more: false,
      url: `/v1/subscription_items?subscription=${id}`,
    },
  };
  store.subscriptions.set(id, sub);
  return sub;
}

function pay(customer: string, amount: number, metadata: Form = {}) {
  const pi: Obj = { id: newId("pi"), object: "payment_intent", amount, amount_received: amount, currency: "usd", customer, status: "succeeded", metadata, latest_charge: null, created: now() };
  const charge: Obj = { id: newId("ch"), object: "charge", amount, amount_captured: amount, amount_refunded: 0, refunded: false, currency: "usd", customer, payment_intent: pi.id, status: "succeeded", paid: true, metadata: {}, created: now() };
  pi.latest_charge = charge.id;
  store.paymentIntents.set(pi.id, pi);
  store.charges.set(charge.id, charge);
  return { pi, charge };
}

function createInvoice(sub: Obj, reason: string, paid: boolean): Obj {
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
      data: [{ id: newId("il"), object: "line_item", amount, currency: "usd", quantity: 1, period: { start: item!.current_period_start, end: item!.current_period_end }, pricing: { type: "price_details", price_details: { price: priceObj.id, product: priceObj.product }, unit_amount_decimal: String(priceObj.unit_amount) } }],
    },
    livemode: false,
  };
  if (paid && amount > 0) pay(String(sub.customer), amount, { invoice: invoice.id });
  store.invoices.set(invoice.id, invoice);
  sub.latest_invoice = invoice.id;
  return invoice;
}

/** The customer pays a checkout session: what Stripe does behind its hosted page. */
function completeCheckout(sessionId: string): { session: Obj; events: Obj[] } {
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

function updateSubscription(sub: Obj, form: Form): Obj[] {
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

function cancelSubscription(sub: Obj): Obj[] {
  if (sub.status === "canceled") return [];
  sub.status = "canceled";
  sub.canceled_at = now();
  sub.ended_at = now();
  sub.cancel_at_period_end = false;
  return [emit("customer.subscription.deleted", sub)];
}

function renew(sub: Obj, outcome: string): Obj[] {
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

function refund(form: Form): { refund: Obj; events: Obj[] } {
  const chargeId = form.charge ? String(form.charge) : (get(store.paymentIntents, "payment_intent", String(form.payment_intent)).latest_charge as string);
  const charge = get(store.charges, "charge", chargeId);
  const remaining = Number(charge.amount) - Number(charge.amount_refunded);
  const amount = int(form.amount) ?? remaining;
  if (amount <= 0 || amount > remaining) throw new StripeFakeError(400, `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`, "invalid_request_error", "amount_too_large", "amount");
  const created: Obj = { id: newId("re"), object: "refund", amount, charge: charge.id, payment_intent: charge.payment_intent, currency: "usd", status: "succeeded", metadata: (form.metadata as Form) ?? {}, created: now() };
  store.refunds.set(created.id, created);
  charge.amount_refunded = Number(charge.amount_refunded) + amount;
  charge.refunded = charge.amount_refunded === charge.amount;
  return { refund: created, events: [emit("refund.created", created), emit("charge.refunded", charge)] };
}

function findByType(type: string, id: string): Obj {
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

// ---------------------------------------------------------------- routing

type Handler = (ctx: { form: Form; query: Form; params: string[]; origin: string }) => unknown | Promise<unknown>;

const api: [string, RegExp, Handler][] = [
  ["POST", /^\/v1\/customers$/, ({ form }) => createCustomer(form)],
  ["GET", /^\/v1\/customers\/([^/]+)$/, ({ params }) => get(store.customers, "customer", params[0]!)],
  ["POST", /^\/v1\/customers\/([^/]+)$/, ({ params, form }) => {
    const customer = get(store.customers, "customer", params[0]!);
    for (const key of ["email", "name"]) if (key in form) customer[key] = form[key];
    if (form.metadata) customer.metadata = { ...(customer.metadata as Form), ...(form.metadata as Form) };
    if (form.invoice_settings) customer.invoice_settings = { ...(customer.invoice_settings as Form), ...(form.invoice_settings as Form) };
    return customer;
  }],
  ["GET", /^\/v1\/customers$/, ({ query }) =>
    list([...store.customers.values()].filter((c) => !query.email || c.email === query.email), "/v1/customers", int(query.limit))],

  ["GET", /^\/v1\/prices\/([^/]+)$/, ({ params }) => get(store.prices, "price", params[0]!)],
  ["GET", /^\/v1\/prices$/, ({ query }) => list([...store.prices.values()], "/v1/prices", int(query.limit) ?? 100)],
  ["POST", /^\/v1\/prices$/, ({ form }) => {
    const recurring = form.recurring as Form | undefined;
    const created = price(String(form.lookup_key ?? newId("price")), String(form.product ?? "prod_custom"), int(form.unit_amount) ?? 0, recurring ? { interval: String(recurring.interval), interval_count: int(recurring.interval_count) ?? 1 } : null);
    store.prices.set(created.id, created);
    return created;
  }],

  ["POST", /^\/v1\/checkout\/sessions$/, ({ form, origin }) => {
    const mode = String(form.mode ?? "");
    if (!["subscription", "payment"].includes(mode)) throw new StripeFakeError(400, "Invalid mode: must be one of payment, setup, or subscription", "invalid_request_error", undefined, "mode");
    const items = (form.line_items as Form[] | undefined) ?? [];
    if (items.length === 0) throw new StripeFakeError(400, "line_items is required", "invalid_request_error", "parameter_missing", "line_items");
    const lineItems = items.map((li) => ({ price: String(li.price), quantity: int(li.quantity) ?? 1 }));
    for (const li of lineItems) {
      const p = get(store.prices, "price", li.price);
      if (mode === "payment" && p.recurring) throw new StripeFakeError(400, "You specified `payment` mode but passed a recurring price.");
      if (mode === "subscription" && !p.recurring) throw new StripeFakeError(400, "You must provide at least one recurring price in `subscription` mode when using prices.");
    }
    if (form.customer) get(store.customers, "customer", String(form.customer));
    if (!form.success_url) throw new StripeFakeError(400, "success_url is required for hosted Checkout", "invalid_request_error", "parameter_missing", "success_url");
    const id = newId("cs");
    const amount = lineItems.reduce((s, li) => s + Number(store.prices.get(li.price)!.unit_amount) * li.quantity, 0);
    const session: Obj = {
      id,
      object: "checkout.session",
      mode,
      status: "open",
      payment_status: "unpaid",
      customer: (form.customer as string) ?? null,
      customer_email: (form.customer_email as string) ?? null,
      client_reference_id: (form.client_reference_id as string) ?? null,
      metadata: (form.metadata as Form) ?? {},
      payment_intent_data: form.payment_intent_data ?? null,
      success_url: form.success_url,
      cancel_url: form.cancel_url ?? null,
      url: `${origin}/fake-stripe/checkout/${id}`,
      subscription: null,
      payment_intent: null,
      invoice: null,
      amount_total: amount,
      currency: "usd",
      created: now(),
      expires_at: now() + DAY,
      livemode: false,
    };
    store.sessions.set(id, session);
    sessionInput.set(id, { lineItems, subscriptionData: (form.subscription_data as Form) ?? {}, customerEmail: form.customer_email as string | undefined });
    return session;
  }],
  ["GET", /^\/v1\/checkout\/sessions\/([^/]+)$/, ({ params }) => get(store.sessions, "checkout session", params[0]!)],
  ["GET", /^\/v1\/checkout\/sessions$/, ({ query }) =>
    list(
      [...store.sessions.values()].filter(
        (s) =>
          (!query.payment_intent || s.payment_intent === query.payment_intent) &&
          (!query.customer || s.customer === query.customer) &&
          (!query.subscription || s.subscription === query.subscription),
      ),
      "/v1/checkout/sessions",
      int(query.limit),
    )],

  ["POST", /^\/v1\/billing_portal\/sessions$/, ({ form, origin }) => {
    const customer = get(store.customers, "customer", String(form.customer ?? ""));
    const session: Obj = { id: newId("bps"), object: "billing_portal.session", customer: customer.id, return_url: form.return_url ?? null, url: "", created: now(), livemode: false };
    session.url = `${origin}/fake-stripe/portal/${session.id}`;
    store.portalSessions.set(session.id, session);
    return session;
  }],

  ["GET", /^\/v1\/subscriptions\/([^/]+)$/, ({ params }) => get(store.subscriptions, "subscription", params[0]!)],
  ["GET", /^\/v1\/subscriptions$/, ({ query }) => {
    const status = String(query.status ?? "");
    return list(
      [...store.subscriptions.values()].filter(
        (s) =>
          (!query.customer || s.customer === query.customer) &&
          (status === "all" ? true : status ? s.status === status : s.status !== "canceled"),
      ),
      "/v1/subscriptions",
      int(query.limit),
    );
  }],
  ["POST", /^\/v1\/subscriptions$/, async ({ form }) => {
    get(store.customers, "customer", String(form.customer ?? ""));
    const items = (form.items as Form[] | undefined) ?? [];
    const sub = createSubscription(String(form.customer), String(items[0]?.price), { trialDays: int(form.trial_period_days), metadata: form.metadata as Form, quantity: int(items[0]?.quantity) });
    const invoice = createInvoice(sub, "subscription_create", true);
    await deliver([emit("customer.subscription.created", sub), emit("invoice.paid", invoice)]);
    return sub;
  }],
  ["POST", /^\/v1\/subscriptions\/([^/]+)$/, async ({ params, form }) => {
    const sub = get(store.subscriptions, "subscription", params[0]!);
    if (sub.status === "canceled") throw new StripeFakeError(400, "A canceled subscription can only update its cancellation_details and metadata.");
    await deliver(updateSubscription(sub, form));
    return sub;
  }],
  ["DELETE", /^\/v1\/subscriptions\/([^/]+)$/, async ({ params }) => {
    const sub = get(store.subscriptions, "subscription", params[0]!);
    await deliver(cancelSubscription(sub));
    return sub;
  }],
  ["POST", /^\/v1\/subscriptions\/([^/]+)\/resume$/, async ({ params }) => {
    const sub = get(store.subscriptions, "subscription", params[0]!);
    if (sub.status !== "paused") throw new StripeFakeError(400, "Only a paused subscription can be resumed.");
    sub.status = "active";
    await deliver([emit("customer.subscription.resumed", sub), emit("customer.subscription.updated", sub, { status: "paused" })]);
    return sub;
  }],

  ["GET", /^\/v1\/invoices\/([^/]+)$/, ({ params }) => get(store.invoices, "invoice", params[0]!)],
  ["GET", /^\/v1\/invoices$/, ({ query }) =>
    list(
      [...store.invoices.values()].filter(
        (i) =>
          (!query.customer || i.customer === query.customer) &&
          (!query.subscription || (i.parent as { subscription_details?: { subscription?: string } }).subscription_details?.subscription === query.subscription),
      ),
      "/v1/invoices",
      int(query.limit),
    )],
  ["GET", /^\/v1\/charges\/([^/]+)$/, ({ params }) => get(store.charges, "charge", params[0]!)],
  ["POST", /^\/v1\/payment_intents$/, async ({ form }) => {
    const customer = get(store.customers, "customer", String(form.customer ?? ""));
    const amount = int(form.amount) ?? 0;
    if (amount <= 0) throw new StripeFakeError(400, "Invalid positive integer", "invalid_request_error", "parameter_invalid_integer", "amount");
    const paymentMethod = (form.payment_method as string | undefined) ?? ((customer.invoice_settings as Form).default_payment_method as string | null);
    if (!bool(form.confirm) || !paymentMethod) {
      const pi: Obj = { id: newId("pi"), object: "payment_intent", amount, currency: form.currency ?? "usd", customer: customer.id, status: "requires_payment_method", metadata: (form.metadata as Form) ?? {}, latest_charge: null, created: now() };
      store.paymentIntents.set(pi.id, pi);
      return pi;
    }
    // Stripe's test card that always declines.
    if (paymentMethod === "pm_card_chargeDeclined") {
      const pi: Obj = { id: newId("pi"), object: "payment_intent", amount, currency: form.currency ?? "usd", customer: customer.id, status: "requires_payment_method", metadata: (form.metadata as Form) ?? {}, latest_charge: null, created: now() };
      store.paymentIntents.set(pi.id, pi);
      await deliver([emit("payment_intent.payment_failed", pi)]);
      throw Object.assign(new StripeFakeError(402, "Your card was declined.", "card_error", "card_declined"), { extra: { decline_code: "generic_decline", payment_intent: pi } });
    }
    const { pi } = pay(customer.id, amount, (form.metadata as Form) ?? {});
    pi.payment_method = paymentMethod;
    await deliver([emit("payment_intent.succeeded", pi)]);
    return pi;
  }],
  ["GET", /^\/v1\/payment_intents\/([^/]+)$/, ({ params }) => get(store.paymentIntents, "payment_intent", params[0]!)],
  ["GET", /^\/v1\/refunds$/, ({ query }) =>
    list(
      [...store.refunds.values()].filter((r) => (!query.charge || r.charge === query.charge) && (!query.payment_intent || r.payment_intent === query.payment_intent)),
      "/v1/refunds",
      int(query.limit) ?? 100,
    )],
  ["POST", /^\/v1\/refunds$/, async ({ form }) => {
    const result = refund(form);
    await deliver(result.events);
    return result.refund;
  }],
  ["GET", /^\/v1\/events\/([^/]+)$/, ({ params }) => get(store.events, "event", params[0]!)],
  ["POST", /^\/v1\/webhook_endpoints$/, ({ form }) => {
    if (!form.url) throw new StripeFakeError(400, "Missing required param: url.", "invalid_request_error", "parameter_missing", "url");
    const endpoint = { id: newId("we"), object: "webhook_endpoint", url: String(form.url), secret: String(form.secret ?? `whsec_${randomBytes(16).toString("hex")}`), enabled_events: form.enabled_events ?? ["*"], status: "enabled", created: now() };
    store.webhookEndpoints.set(endpoint.id, endpoint);
    return endpoint;
  }],
  ["DELETE", /^\/v1\/webhook_endpoints\/([^/]+)$/, ({ params }) => {
    get(store.webhookEndpoints, "webhook endpoint", params[0]!);
    store.webhookEndpoints.delete(params[0]!);
    return { id: params[0], object: "webhook_endpoint", deleted: true };
  }],
];

const controls: [string, RegExp, Handler][] = [
  ["POST", /^\/__fake\/stripe\/checkout\/([^/]+)\/complete$/, async ({ params }) => {
    const result = completeCheckout(params[0]!);
    await deliver(result.events);
    return result;
  }],
  ["POST", /^\/__fake\/stripe\/subscriptions\/([^/]+)\/renew$/, async ({ params, form }) => {
    const events = renew(get(store.subscriptions, "subscription", params[0]!), String(form.outcome ?? "paid"));
    await deliver(events);
    return { events };
  }],
  ["POST", /^\/__fake\/stripe\/subscriptions\/([^/]+)\/status$/, ({ params, form }) => {
    const sub = get(store.subscriptions, "subscription", params[0]!);
    const previous = { status: sub.status };
    sub.status = String(form.status);
    return { subscription: sub, events: [emit("customer.subscription.updated", sub, previous)] };
  }],
  ["POST", /^\/__fake\/stripe\/events$/, ({ form }) => {
    const type = String(form.type ?? "");
    const object = findByType(type, String(form.object ?? ""));
    return { event: emit(type, object) };
  }],
];

const STRIPE_PATHS = /^\/(v1\/(customers|prices|checkout|billing_portal|subscriptions|invoices|charges|payment_intents|refunds|events|webhook_endpoints)(\/|$|\?)|__fake\/stripe\/|fake-stripe\/)/;

export const stripeFake: FakeRoute = async (req, res, body) => {
  const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
  if (!STRIPE_PATHS.test(url.pathname)) return false;
  const origin = `http://${req.headers.host}`;
  const method = req.method ?? "GET";

  if (url.pathname.startsWith("/fake-stripe/")) {
    await hostedPages(req, res, url, body, method);
    return true;
  }

  const isApi = url.pathname.startsWith("/v1/");
  if (isApi && !/^Bearer sk_(test|live)_\S+$/.test(req.headers.authorization ?? "")) {
    send(res, 401, { error: { type: "invalid_request_error", message: "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY')." } });
    return true;
  }

  const idemKey = isApi && method === "POST" ? (req.headers["idempotency-key"] as string | undefined) : undefined;
  if (idemKey) {
    const replay = store.idempotency.get(`${req.headers.authorization} ${idemKey}`);
    if (replay) {
      send(res, replay.status, replay.body, { "idempotent-replayed": "true" });
      return true;
    }
  }

  const table = isApi ? api : controls;
  const form = method === "GET" || method === "DELETE" ? {} : parseForm(body);
  const query = parseForm(url.search.slice(1));
  for (const [m, pattern, handler] of table) {
    const match = m === method ? pattern.exec(url.pathname) : null;
    if (!match) continue;
    try {
      const result = await handler({ form, query, params: match.slice(1), origin });
      if (idemKey) store.idempotency.set(`${req.headers.authorization} ${idemKey}`, { status: 200, body: result });
      send(res, 200, result);
    } catch (error) {
      if (!(error instanceof StripeFakeError)) throw error;
      const extra = (error as StripeFakeError & { extra?: Form }).extra ?? {};
      send(res, error.status, { error: { type: error.type, message: error.message, code: error.code, param: error.param, ...extra } });
    }
    return true;
  }
  send(res, 404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${url.pathname}).` } });
  return true;
};

// ---------------------------------------------------------------- hosted pages (what a browser sees)

async function hostedPages(req: http.IncomingMessage, res: http.ServerResponse, url: URL, body: string, method: string) {
  const checkout = /^\/fake-stripe\/checkout\/([^/]+)(\/(pay|cancel))?$/.exec(url.pathname);
  if (checkout) {
    const session = store.sessions.get(checkout[1]!);
    if (!session) return html(res, 404, "<h1>Checkout session not found</h1>");
    if (method === "POST" && checkout[3] === "pay") {
      try {
        const result = completeCheckout(session.id);
        await deliver(result.events);
      } catch (error) {
        return html(res, 400, `<h1>Payment failed</h1><p>${escapeHtml(String((error as Error).message))}</p>`);
      }
      return redirect(res, String(session.success_url).replace("{CHECKOUT_SESSION_ID}", session.id));
    }
    if (method === "POST" && checkout[3] === "cancel") {
      session.status = "expired";
      return redirect(res, String(session.cancel_url ?? session.success_url));
    }
    const input = sessionInput.get(session.id)!;
    const lines = input.lineItems
      .map((li) => {
        const p = store.prices.get(li.price)!;
        const product = store.products.get(String(p.product));
        const per = (p.recurring as { interval?: string } | null)?.interval;
        return `<li>${escapeHtml(String(product?.name ?? p.id))}: $${(Number(p.unit_amount) / 100).toFixed(2)}${per ? ` / ${per}` : ""}</li>`;
      })
      .join("");
    const trial = int(input.subscriptionData.trial_period_days);
    return html(
      res,
      200,
      `<h1>Fake Stripe Checkout</h1><p>Test mode: no card is charged.</p><ul>${lines}</ul>${trial ? `<p>${trial}-day free trial</p>` : ""}
<form method="post" action="/fake-stripe/checkout/${session.id}/pay"><button type="submit">Pay</button></form>
<form method="post" action="/fake-stripe/checkout/${session.id}/cancel"><button type="submit">Cancel</button></form>`,
    );
  }

  const portal = /^\/fake-stripe\/portal\/([^/]+)(\/(cancel|pause|resume|cancel-now))?$/.exec(url.pathname);
  if (portal) {
    const session = store.portalSessions.get(portal[1]!);
    if (!session) return html(res, 404, "<h1>Portal session not found</h1>");
    const subs = [...store.subscriptions.values()].filter((s) => s.customer === session.customer);
    if (method === "POST" && portal[3]) {
      const sub = get(store.subscriptions, "subscription", String(parseForm(body).subscription ?? ""));
      if (sub.customer !== session.customer) return html(res, 404, "<h1>Subscription not found</h1>");
      const action = portal[3];
      const events =
        action === "cancel"
          ? updateSubscription(sub, { cancel_at_period_end: "true" })
          : action === "pause"
            ? updateSubscription(sub, { pause_collection: { behavior: "void" } })
            : action === "resume"
              ? updateSubscription(sub, { pause_collection: "", cancel_at_period_end: "false" })
              : cancelSubscription(sub);
      await deliver(events);
      return redirect(res, `/fake-stripe/portal/${session.id}`);
    }
    const rows = subs
      .map((s) => {
        const product = store.products.get(String(subscriptionPrice(s).product));
        const actions = ["cancel", "pause", "resume", "cancel-now"]
          .map((a) => `<form method="post" action="/fake-stripe/portal/${session.id}/${a}"><input type="hidden" name="subscription" value="${s.id}"><button type="submit">${a === "cancel" ? "Cancel at period end" : a === "cancel-now" ? "Cancel now" : a[0]!.toUpperCase() + a.slice(1)}</button></form>`)
          .join("");
        return `<section><h2>${escapeHtml(String(product?.name ?? s.id))}</h2><p>Status: ${s.status}${s.pause_collection ? " (paused)" : ""}${s.cancel_at_period_end ? " (cancels at period end)" : ""}</p>${s.status === "canceled" ? "" : actions}</section>`;
      })
      .join("");
    return html(res, 200, `<h1>Fake Stripe customer portal</h1>${rows || "<p>No subscriptions.</p>"}${session.return_url ? `<p><a href="${escapeHtml(String(session.return_url))}">Return to Readyroom</a></p>` : ""}`);
  }
  html(res, 404, "<h1>Not found</h1>");
}
