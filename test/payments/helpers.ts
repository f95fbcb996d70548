import { env } from "cloudflare:test";
import { parseConfig } from "../../worker/env";
import { Stripe, cryptoProvider } from "../../worker/payments/stripe";

const WEBHOOK_SECRET = "whsec_test_readyroom";

/**
 * The Worker's env with Stripe configured against the fake Stripe server. Tests hand it to the app
 * directly, so the rest of the suite keeps the local default (billing not configured).
 */
export function stripeEnv(overrides: Record<string, unknown> = {}) {
  return {
    ...env,
    STRIPE_SECRET_KEY: "sk_test_readyroom",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: env.FAKE_ORIGIN,
    STRIPE_PRICE_SOLO_MONTHLY: "price_solo_monthly",
    STRIPE_PRICE_SOLO_YEARLY: "price_solo_yearly",
    STRIPE_PRICE_TEAM_MONTHLY: "price_team_monthly",
    STRIPE_PRICE_TEAM_YEARLY: "price_team_yearly",
    STRIPE_PRICE_ENTERPRISE_MONTHLY: "price_enterprise_monthly",
    STRIPE_PRICE_ENTERPRISE_YEARLY: "price_enterprise_yearly",
    STRIPE_TRIAL_DAYS: "14",
    STRIPE_CREDIT_PACKS: JSON.stringify([
      { id: "pack-1000", credits: 1000, priceId: "price_pack_1000" },
      { id: "pack-5000", credits: 5000, priceId: "price_pack_5000" },
    ]),
    PLAN_MONTHLY_CREDITS: JSON.stringify({ SOLO: 1000, TEAM: 5000, ENTERPRISE: 20000 }),
    ...overrides,
  };
}

export const stripeConfig = () => parseConfig(stripeEnv());

/** A Stripe client on the fake, as a test's own view of "Stripe's side". */
export function testStripe() {
  const origin = new URL(env.FAKE_ORIGIN);
  return new Stripe("sk_test_readyroom", {
    httpClient: Stripe.createFetchHttpClient(),
    host: origin.hostname,
    port: origin.port,
    protocol: "http",
  });
}

/** Calls a fake-only control endpoint of the fake Stripe (form-encoded, like the API). */
export async function fakeControl<T = { events: Stripe.Event[] }>(path: string, params: Record<string, string> = {}): Promise<T> {
  const res = await fetch(`${env.FAKE_ORIGIN}/__fake/stripe/${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", authorization: "Bearer sk_test_readyroom" },
    body: new URLSearchParams(params).toString(),
  });
  if (!res.ok) throw new Error(`fake stripe control ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Signs a payload as Stripe does (t=…,v1=HMAC-SHA256). */
export async function signedHeader(payload: string, opts: { secret?: string; timestamp?: number } = {}) {
  return Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: opts.secret ?? WEBHOOK_SECRET,
    timestamp: opts.timestamp,
    cryptoProvider,
  });
}
