import { Hono } from "hono";
import { z } from "zod";
import { requireUser } from "../auth/middleware";
import { appCtxOf, ctxOf } from "../context";
import { readLimitedText } from "../lib/http";
import { bodyLimit, crossSiteAllowed, describe } from "../lib/route-meta";
import { jsonBody } from "../lib/validate";
import { BILLING_INTERVALS, MAX_SEATS, PLAN_TYPES } from "./config";
import { createCheckout, createPortal, getBillingInfo, getCatalogue, syncSubscription } from "./service";
import { handleWebhook } from "./webhook";
import type { AppEnv } from "../types";
import { getUsage } from "../billing/service";

const checkoutBody = z.union([
  z.object({ plan: z.enum(PLAN_TYPES), interval: z.enum(BILLING_INTERVALS), seats: z.number().int().min(1).max(MAX_SEATS).optional() }).strict(),
  z.object({ creditPackId: z.string().min(1).max(100) }).strict(),
]);

/** Webhook bodies are small JSON documents; anything much larger is not from Stripe. */
const MAX_WEBHOOK_BYTES = 512 * 1024;

/**
 * /api/billing: credits (worker/billing) and Stripe (this folder), one router for the prefix. The webhook comes first and
 * alone: Stripe calls it cross-site and unsigned-in, and proves itself by its signature instead.
 */
export const billingRoutes = new Hono<AppEnv>()
  .post(
    "/webhook",
    describe({ summary: "Stripe webhook (signed by Stripe; not for integrators)", internal: true }),
    crossSiteAllowed(),
    bodyLimit(MAX_WEBHOOK_BYTES),
    async (c) => {
      const raw = await readLimitedText(c.req.raw, MAX_WEBHOOK_BYTES);
      return c.json(await handleWebhook(appCtxOf(c), raw, c.req.header("stripe-signature")));
    },
  )
  .use(requireUser)
  .get("/usage", describe({ summary: "Credit balance and usage of the caller's account" }), async (c) => c.json(await getUsage(ctxOf(c))))
  .get("/account-info", describe({ summary: "Plan, subscription and seats of the caller's account" }), async (c) =>
    c.json(await getBillingInfo(appCtxOf(c), c.get("user").id)),
  )
  .get("/plans", describe({ summary: "Plans and credit packs on sale" }), async (c) => c.json(await getCatalogue(appCtxOf(c))))
  .post("/checkout", describe({ summary: "Start a Stripe Checkout for a plan or a credit pack", errors: [402, 409] }), jsonBody(checkoutBody), async (c) =>
    c.json(await createCheckout(appCtxOf(c), c.get("user"), c.req.valid("json"))),
  )
  .post("/portal", describe({ summary: "Open the Stripe customer portal" }), async (c) => c.json(await createPortal(appCtxOf(c), c.get("user"))))
  .post("/sync-subscription", describe({ summary: "Re-read the subscription from Stripe" }), async (c) =>
    c.json(await syncSubscription(appCtxOf(c), c.get("user"))),
  );

export type BillingRoutes = typeof billingRoutes;
