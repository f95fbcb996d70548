import { randomBytes } from "node:crypto";
import type { FakeRoute } from "./server";
import { DAY, type Form, newId, now, type Obj, price, sessionInput, store } from "./stripe/state.ts";
import { bool, get, int, list, parseForm, send, StripeFakeError } from "./stripe/http.ts";
import { deliver, emit } from "./stripe/events.ts";
import {
  cancelSubscription,
  completeCheckout,
  createCustomer,
  createInvoice,
  createSubscription,
  findByType,
  pay,
  refund,
  renew,
  updateSubscription,
} from "./stripe/billing.ts";
import { hostedPages } from "./stripe/hosted-pages.ts";

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

type Handler = (ctx: { form: Form; query: Form; params: string[]; origin: string }) => unknown | Promise<unknown>;

const api: [string, RegExp, Handler][] = [
  ["POST", /^\/v1\/customers$/, ({ form }) => createCustomer(form)],
  ["GET", /^\/v1\/customers\/([^/]+)$/, ({ params }) => get(store.customers, "customer", params[0]!)],
  [
    "POST",
    /^\/v1\/customers\/([^/]+)$/,
    ({ params, form }) => {
      const customer = get(store.customers, "customer", params[0]!);
      for (const key of ["email", "name"]) if (key in form) customer[key] = form[key];
      if (form.metadata) customer.metadata = { ...(customer.metadata as Form), ...(form.metadata as Form) };
      if (form.invoice_settings) customer.invoice_settings = { ...(customer.invoice_settings as Form), ...(form.invoice_settings as Form) };
      return customer;
    },
  ],
  [
    "GET",
    /^\/v1\/customers$/,
    ({ query }) =>
      list(
        [...store.customers.values()].filter((c) => !query.email || c.email === query.email),
        "/v1/customers",
        int(query.limit),
      ),
  ],

  ["GET", /^\/v1\/prices\/([^/]+)$/, ({ params }) => get(store.prices, "price", params[0]!)],
  ["GET", /^\/v1\/prices$/, ({ query }) => list([...store.prices.values()], "/v1/prices", int(query.limit) ?? 100)],
  [
    "POST",
    /^\/v1\/prices$/,
    ({ form }) => {
      const recurring = form.recurring as Form | undefined;
      const created = price(
        String(form.lookup_key ?? newId("price")),
        String(form.product ?? "prod_custom"),
        int(form.unit_amount) ?? 0,
        recurring ? { interval: String(recurring.interval), interval_count: int(recurring.interval_count) ?? 1 } : null,
      );
      store.prices.set(created.id, created);
      return created;
    },
  ],

  [
    "POST",
    /^\/v1\/checkout\/sessions$/,
    ({ form, origin }) => {
      const mode = String(form.mode ?? "");
      if (!["subscription", "payment"].includes(mode))
        throw new StripeFakeError(400, "Invalid mode: must be one of payment, setup, or subscription", "invalid_request_error", undefined, "mode");
      const items = (form.line_items as Form[] | undefined) ?? [];
      if (items.length === 0) throw new StripeFakeError(400, "line_items is required", "invalid_request_error", "parameter_missing", "line_items");
      const lineItems = items.map((li) => ({ price: String(li.price), quantity: int(li.quantity) ?? 1 }));
      for (const li of lineItems) {
        const p = get(store.prices, "price", li.price);
        if (mode === "payment" && p.recurring) throw new StripeFakeError(400, "You specified `payment` mode but passed a recurring price.");
        if (mode === "subscription" && !p.recurring)
          throw new StripeFakeError(400, "You must provide at least one recurring price in `subscription` mode when using prices.");
      }
      if (form.customer) get(store.customers, "customer", String(form.customer));
      if (!form.success_url)
        throw new StripeFakeError(400, "success_url is required for hosted Checkout", "invalid_request_error", "parameter_missing", "success_url");
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
    },
  ],
  ["GET", /^\/v1\/checkout\/sessions\/([^/]+)$/, ({ params }) => get(store.sessions, "checkout session", params[0]!)],
  [
    "GET",
    /^\/v1\/checkout\/sessions$/,
    ({ query }) =>
      list(
        [...store.sessions.values()].filter(
          (s) =>
            (!query.payment_intent || s.payment_intent === query.payment_intent) &&
            (!query.customer || s.customer === query.customer) &&
            (!query.subscription || s.subscription === query.subscription),
        ),
        "/v1/checkout/sessions",
        int(query.limit),
      ),
  ],

  [
    "POST",
    /^\/v1\/billing_portal\/sessions$/,
    ({ form, origin }) => {
      const customer = get(store.customers, "customer", String(form.customer ?? ""));
      const session: Obj = {
        id: newId("bps"),
        object: "billing_portal.session",
        customer: customer.id,
        return_url: form.return_url ?? null,
        url: "",
        created: now(),
        livemode: false,
      };
      session.url = `${origin}/fake-stripe/portal/${session.id}`;
      store.portalSessions.set(session.id, session);
      return session;
    },
  ],

  ["GET", /^\/v1\/subscriptions\/([^/]+)$/, ({ params }) => get(store.subscriptions, "subscription", params[0]!)],
  [
    "GET",
    /^\/v1\/subscriptions$/,
    ({ query }) => {
      const status = String(query.status ?? "");
      return list(
        [...store.subscriptions.values()].filter(
          (s) => (!query.customer || s.customer === query.customer) && (status === "all" ? true : status ? s.status === status : s.status !== "canceled"),
        ),
        "/v1/subscriptions",
        int(query.limit),
      );
    },
  ],
  [
    "POST",
    /^\/v1\/subscriptions$/,
    async ({ form }) => {
      get(store.customers, "customer", String(form.customer ?? ""));
      const items = (form.items as Form[] | undefined) ?? [];
      const sub = createSubscription(String(form.customer), String(items[0]?.price), {
        trialDays: int(form.trial_period_days),
        metadata: form.metadata as Form,
        quantity: int(items[0]?.quantity),
      });
      const invoice = createInvoice(sub, "subscription_create", true);
      await deliver([emit("customer.subscription.created", sub), emit("invoice.paid", invoice)]);
      return sub;
    },
  ],
  [
    "POST",
    /^\/v1\/subscriptions\/([^/]+)$/,
    async ({ params, form }) => {
      const sub = get(store.subscriptions, "subscription", params[0]!);
      if (sub.status === "canceled") throw new StripeFakeError(400, "A canceled subscription can only update its cancellation_details and metadata.");
      await deliver(updateSubscription(sub, form));
      return sub;
    },
  ],
  [
    "DELETE",
    /^\/v1\/subscriptions\/([^/]+)$/,
    async ({ params }) => {
      const sub = get(store.subscriptions, "subscription", params[0]!);
      await deliver(cancelSubscription(sub));
      return sub;
    },
  ],
  [
    "POST",
    /^\/v1\/subscriptions\/([^/]+)\/resume$/,
    async ({ params }) => {
      const sub = get(store.subscriptions, "subscription", params[0]!);
      if (sub.status !== "paused") throw new StripeFakeError(400, "Only a paused subscription can be resumed.");
      sub.status = "active";
      await deliver([emit("customer.subscription.resumed", sub), emit("customer.subscription.updated", sub, { status: "paused" })]);
      return sub;
    },
  ],

  ["GET", /^\/v1\/invoices\/([^/]+)$/, ({ params }) => get(store.invoices, "invoice", params[0]!)],
  [
    "GET",
    /^\/v1\/invoices$/,
    ({ query }) =>
      list(
        [...store.invoices.values()].filter(
          (i) =>
            (!query.customer || i.customer === query.customer) &&
            (!query.subscription ||
              (i.parent as { subscription_details?: { subscription?: string } }).subscription_details?.subscription === query.subscription),
        ),
        "/v1/invoices",
        int(query.limit),
      ),
  ],
  ["GET", /^\/v1\/charges\/([^/]+)$/, ({ params }) => get(store.charges, "charge", params[0]!)],
  [
    "POST",
    /^\/v1\/payment_intents$/,
    async ({ form }) => {
      const customer = get(store.customers, "customer", String(form.customer ?? ""));
      const amount = int(form.amount) ?? 0;
      if (amount <= 0) throw new StripeFakeError(400, "Invalid positive integer", "invalid_request_error", "parameter_invalid_integer", "amount");
      const paymentMethod = (form.payment_method as string | undefined) ?? ((customer.invoice_settings as Form).default_payment_method as string | null);
      if (!bool(form.confirm) || !paymentMethod) {
        const pi: Obj = {
          id: newId("pi"),
          object: "payment_intent",
          amount,
          currency: form.currency ?? "usd",
          customer: customer.id,
          status: "requires_payment_method",
          metadata: (form.metadata as Form) ?? {},
          latest_charge: null,
          created: now(),
        };
        store.paymentIntents.set(pi.id, pi);
        return pi;
      }
      // Stripe's test card that always declines.
      if (paymentMethod === "pm_card_chargeDeclined") {
        const pi: Obj = {
          id: newId("pi"),
          object: "payment_intent",
          amount,
          currency: form.currency ?? "usd",
          customer: customer.id,
          status: "requires_payment_method",
          metadata: (form.metadata as Form) ?? {},
          latest_charge: null,
          created: now(),
        };
        store.paymentIntents.set(pi.id, pi);
        await deliver([emit("payment_intent.payment_failed", pi)]);
        throw Object.assign(new StripeFakeError(402, "Your card was declined.", "card_error", "card_declined"), {
          extra: { decline_code: "generic_decline", payment_intent: pi },
        });
      }
      const { pi } = pay(customer.id, amount, (form.metadata as Form) ?? {});
      pi.payment_method = paymentMethod;
      await deliver([emit("payment_intent.succeeded", pi)]);
      return pi;
    },
  ],
  ["GET", /^\/v1\/payment_intents\/([^/]+)$/, ({ params }) => get(store.paymentIntents, "payment_intent", params[0]!)],
  [
    "GET",
    /^\/v1\/refunds$/,
    ({ query }) =>
      list(
        [...store.refunds.values()].filter(
          (r) => (!query.charge || r.charge === query.charge) && (!query.payment_intent || r.payment_intent === query.payment_intent),
        ),
        "/v1/refunds",
        int(query.limit) ?? 100,
      ),
  ],
  [
    "POST",
    /^\/v1\/refunds$/,
    async ({ form }) => {
      const result = refund(form);
      await deliver(result.events);
      return result.refund;
    },
  ],
  ["GET", /^\/v1\/events\/([^/]+)$/, ({ params }) => get(store.events, "event", params[0]!)],
  [
    "POST",
    /^\/v1\/webhook_endpoints$/,
    ({ form }) => {
      if (!form.url) throw new StripeFakeError(400, "Missing required param: url.", "invalid_request_error", "parameter_missing", "url");
      const endpoint = {
        id: newId("we"),
        object: "webhook_endpoint",
        url: String(form.url),
        secret: String(form.secret ?? `whsec_${randomBytes(16).toString("hex")}`),
        enabled_events: form.enabled_events ?? ["*"],
        status: "enabled",
        created: now(),
      };
      store.webhookEndpoints.set(endpoint.id, endpoint);
      return endpoint;
    },
  ],
  [
    "DELETE",
    /^\/v1\/webhook_endpoints\/([^/]+)$/,
    ({ params }) => {
      get(store.webhookEndpoints, "webhook endpoint", params[0]!);
      store.webhookEndpoints.delete(params[0]!);
      return { id: params[0], object: "webhook_endpoint", deleted: true };
    },
  ],
];

const controls: [string, RegExp, Handler][] = [
  [
    "POST",
    /^\/__fake\/stripe\/checkout\/([^/]+)\/complete$/,
    async ({ params }) => {
      const result = completeCheckout(params[0]!);
      await deliver(result.events);
      return result;
    },
  ],
  [
    "POST",
    /^\/__fake\/stripe\/subscriptions\/([^/]+)\/renew$/,
    async ({ params, form }) => {
      const events = renew(get(store.subscriptions, "subscription", params[0]!), String(form.outcome ?? "paid"));
      await deliver(events);
      return { events };
    },
  ],
  [
    "POST",
    /^\/__fake\/stripe\/subscriptions\/([^/]+)\/status$/,
    ({ params, form }) => {
      const sub = get(store.subscriptions, "subscription", params[0]!);
      const previous = { status: sub.status };
      sub.status = String(form.status);
      return { subscription: sub, events: [emit("customer.subscription.updated", sub, previous)] };
    },
  ],
  [
    "POST",
    /^\/__fake\/stripe\/events$/,
    ({ form }) => {
      const type = String(form.type ?? "");
      const object = findByType(type, String(form.object ?? ""));
      return { event: emit(type, object) };
    },
  ],
];

const STRIPE_PATHS =
  /^\/(v1\/(customers|prices|checkout|billing_portal|subscriptions|invoices|charges|payment_intents|refunds|events|webhook_endpoints)(\/|$|\?)|__fake\/stripe\/|fake-stripe\/)/;

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
    send(res, 401, {
      error: {
        type: "invalid_request_error",
        message:
          "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      },
    });
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
