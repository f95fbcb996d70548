import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { getPlanStatus } from "../../worker/accounts/plan";
import { getLedgerState } from "../../worker/billing/service";
import { appContext } from "../../worker/context";
import { getDb } from "../../worker/db/client";
import { accounts, processedStripeEvents } from "../../worker/db/schema";
import type { Stripe } from "../../worker/payments/stripe";
import { api, expectStatus, json } from "../helpers/api";
import { fakeControl, signedHeader, stripeEnv } from "./helpers";

/** Posts an event as Stripe would: the exact bytes it signed. */
export async function deliver(event: Stripe.Event | { id: string }, opts: { timestamp?: number; secret?: string } = {}) {
  const payload = JSON.stringify(event, null, 2);
  return api("/api/billing/webhook", { raw: payload, headers: { "stripe-signature": await signedHeader(payload, opts) }, env: stripeEnv() });
}

export async function deliverAll(events: Stripe.Event[]) {
  for (const event of events) {
    await expectStatus(await deliver(event), 200, `webhook ${event.type}`);
  }
}

/** Starts a checkout through our API and pays it on the fake; returns the events Stripe produced. */
export async function checkoutAndPay(cookie: string, body: Record<string, string> = { plan: "SOLO", interval: "MONTHLY" }) {
  const res = await api("/api/billing/checkout", { body, cookie, env: stripeEnv() });
  await expectStatus(res, 200, "checkout");
  const { url } = await json<{ url: string }>(res);
  const sessionId = url.split("/").pop()!;
  const done = await fakeControl<{ session: Stripe.Checkout.Session; events: Stripe.Event[] }>(`checkout/${sessionId}/complete`);
  return { url, session: done.session, events: done.events, event: (type: string) => done.events.find((e) => e.type === type)! };
}

/** A fresh event carrying the object's current state on the fake (as a redelivery or a later event would). */
export async function eventFor(type: string, objectId: string) {
  return (await fakeControl<{ event: Stripe.Event }>("events", { type, object: objectId })).event;
}

export const planOf = (userId: string) => getPlanStatus(getDb(env.DB), userId);

export async function balanceOf(accountId: string) {
  return (await getLedgerState(appContext(env), accountId)).balance;
}

export async function accountRow(accountId: string) {
  const [row] = await getDb(env.DB).select().from(accounts).where(eq(accounts.id, accountId));
  return row;
}

export async function processedCount(eventId: string) {
  return (await getDb(env.DB).select().from(processedStripeEvents).where(eq(processedStripeEvents.id, eventId))).length;
}
