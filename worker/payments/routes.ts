import { Hono } from "hono";
import { z } from "zod";
import { requireUser } from "../auth/middleware";
import { appCtxOf } from "../context";
import { readJson, readLimitedText } from "../lib/http";
import type { AppEnv } from "../types";
import { BILLING_INTERVALS, MAX_SEATS, PLAN_TYPES } from "./config";
import { createCheckout, createPortal, getBillingInfo, getCatalogue, syncSubscription } from "./service";
import { handleWebhook } from "./webhook";

const checkoutBody = z.union([
  z.object({ plan: z.enum(PLAN_TYPES), interval: z.enum(BILLING_INTERVALS), seats: z.number().int().min(1).max(MAX_SEATS).optional() }).strict(),
  z.object({ creditPackId: z.string().min(1).max(100) }).strict(),
]);

/** Webhook bodies are small JSON documents; anything much larger is not from Stripe. */
const MAX_WEBHOOK_BYTES = 512 * 1024;

/**
 * Stripe side of /api/billing (the ledger's own routes, e.g. /usage, live in worker/billing).
 * requireUser is applied per route, never with use("*"): the webhook is called by Stripe, not a
 * signed-in user, and a wildcard middleware here would also run for the other /api/billing router.
 */
export const paymentRoutes = new Hono<AppEnv>()
  .post("/webhook", async (c) => {
    const raw = await readLimitedText(c.req.raw, MAX_WEBHOOK_BYTES);
    const result = await handleWebhook(appCtxOf(c), raw, c.req.header("stripe-signature"));
    return c.json(result);
  })
  .get("/account-info", requireUser, async (c) => {
    return c.json(await getBillingInfo(appCtxOf(c), c.get("user").id));
  })
  .get("/plans", requireUser, async (c) => {
    return c.json(await getCatalogue(appCtxOf(c)));
  })
  .post("/checkout", requireUser, async (c) => {
    const input = await readJson(c, checkoutBody);
    return c.json(await createCheckout(appCtxOf(c), c.get("user"), input));
  })
  .post("/portal", requireUser, async (c) => {
    return c.json(await createPortal(appCtxOf(c), c.get("user")));
  })
  .post("/sync-subscription", requireUser, async (c) => {
    return c.json(await syncSubscription(appCtxOf(c), c.get("user")));
  });
