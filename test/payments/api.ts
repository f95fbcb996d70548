import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { getPlanStatus } from "../../worker/accounts/plan";
import { app } from "../../worker/app";
import { getLedgerState } from "../../worker/billing/service";
import { getDb } from "../../worker/db/client";
import { accounts, processedStripeEvents } from "../../worker/db/schema";
import type { Stripe } from "../../worker/payments/stripe";
import { fakeControl, signedHeader, stripeEnv } from "./helpers";

/** Calls the API with Stripe configured (the suite's default env has billing off). */
export async function api(path: string, init: { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string>; rawBody?: string } = {}, testEnv: Record<string, unknown> = stripeEnv()) {
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const request = new Request(`http://localhost${path}`, {
    method: init.method ?? (init.body !== undefined || init.rawBody !== undefined ? "POST" : "GET"),
    headers,
    body: init.rawBody ?? (init.body !== undefined ? JSON.stringify(init.body) : undefined),
  });
  const ctx = createExecutionContext();
  const res = await app.fetch(request, testEnv as never, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** Posts an event as Stripe would: the exact bytes it signed. */
export async function deliver(event: Stripe.Event | { id: string }, opts: { timestamp?: number; secret?: string } = {}) {
  const payload = JSON.stringify(event, null, 2);
  return api("/api/billing/webhook", { rawBody: payload, headers: { "stripe-signature": await signedHeader(payload, opts), "content-type": "application/json" } });
}

export async function deliverAll(events: Stripe.Event[]) {
  for (const event of events) {
    const res = await deliver(event);
    if (res.status !== 200) throw new Error(`webhook ${event.type} answered ${res.status}: ${await res.text()}`);
  }
}

/** Starts a checkout through our API and pays it on the fake; returns the events Stripe produced. */
export async function checkoutAndPay(cookie: string, body: Record<string, string> = { plan: "SOLO", interval: "MONTHLY" }) {
  const res = await api("/api/billing/checkout", { body, cookie });
  if (res.status !== 200) throw new Error(`checkout answered ${res.status}: ${await res.text()}`);
  const { url } = (await res.json()) as { url: string };
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
  return (await getLedgerState(env, accountId)).balance;
}

export async function accountRow(accountId: string) {
  const [row] = await getDb(env.DB).select().from(accounts).where(eq(accounts.id, accountId));
  return row;
}

export async function processedCount(eventId: string) {
  return (await getDb(env.DB).select().from(processedStripeEvents).where(eq(processedStripeEvents.id, eventId))).length;
}
