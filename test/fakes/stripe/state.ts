import { randomBytes } from "node:crypto";
import { fakeNowMs } from "../../clock-offset.ts";

/** The fake Stripe's memory (one per process), its clock and ids, and the default catalogue. */

export type Obj = Record<string, unknown> & { id: string };
export type Form = Record<string, unknown>;

export const API_VERSION = "2026-10-28.endive";
export const DAY = 86_400;

export const store = {
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
export const sessionInput = new Map<string, { lineItems: { price: string; quantity: number }[]; subscriptionData: Form; customerEmail?: string }>();

export const now = () => Math.floor(fakeNowMs() / 1000);
export const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;

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
    for (const [interval, amount] of [
      ["month", monthly],
      ["year", yearly],
    ] as const) {
      const id = `price_${key}_${interval === "month" ? "monthly" : "yearly"}`;
      store.prices.set(id, price(id, product.id, amount, { interval, interval_count: 1 }));
    }
  }
  for (const [credits, amount] of [
    [1000, 1000],
    [5000, 4500],
  ] as const) {
    const product = { id: `prod_pack_${credits}`, object: "product", name: `${credits} credits`, active: true, metadata: {} };
    store.products.set(product.id, product);
    store.prices.set(`price_pack_${credits}`, price(`price_pack_${credits}`, product.id, amount, null));
  }
}

export function price(id: string, product: string, unitAmount: number, recurring: { interval: string; interval_count: number } | null): Obj {
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
