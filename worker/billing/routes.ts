import { Hono } from "hono";
import { requireUser } from "../auth/middleware";
import { ctxOf } from "../context";
import type { AppEnv } from "../types";
import { getUsage } from "./service";

/** Credit reads under /api/billing. The Stripe routes (checkout, webhook…) live in worker/payments. */
export const billingRoutes = new Hono<AppEnv>();

billingRoutes.get("/usage", requireUser, async (c) => c.json(await getUsage(ctxOf(c))));
