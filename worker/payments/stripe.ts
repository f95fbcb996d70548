import Stripe from "stripe";
import { billingMode, type Config } from "../env";
import { HttpError } from "../lib/errors";

export { Stripe };

/** Said wherever billing would need Stripe and none is configured: nothing pretends to charge. */
const BILLING_NOT_CONFIGURED = "Billing is not configured on this server.";

export const billingNotConfigured = () => new HttpError(503, "billing_not_configured", BILLING_NOT_CONFIGURED);

/** Stripe is used only in the stripe billing mode: with BILLING_MODE=off a configured key is left alone. */
export function isBillingConfigured(config: Config): boolean {
  return billingMode(config) === "stripe" && Boolean(config.STRIPE_SECRET_KEY);
}

const clients = new Map<string, Stripe>();

/**
 * The Stripe client, or null when no secret key is configured. Workers have no Node sockets, so it
 * uses the fetch HTTP client; STRIPE_API_BASE points it elsewhere (tests: the fake Stripe server).
 */
export function getStripe(config: Config): Stripe | null {
  const key = config.STRIPE_SECRET_KEY;
  if (!key || !isBillingConfigured(config)) return null;
  const cacheKey = `${key} ${config.STRIPE_API_BASE ?? ""}`;
  const hit = clients.get(cacheKey);
  if (hit) return hit;
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
  const client = new Stripe(key, {
    httpClient: Stripe.createFetchHttpClient(),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === "http:" ? 80 : 443),
          protocol: base.protocol === "http:" ? ("http" as const) : ("https" as const),
        }
      : {}),
  });
  clients.set(cacheKey, client);
  return client;
}

export function requireStripe(config: Config): Stripe {
  const stripe = getStripe(config);
  if (!stripe) throw billingNotConfigured();
  return stripe;
}

export const cryptoProvider = Stripe.createSubtleCryptoProvider();
