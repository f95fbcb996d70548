import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { accountPlanMetadata, accounts } from "../db/schema";
import { billingMode } from "../env";
import { getOwnAccountId } from "./service";

/**
 * BILLING_MODE=off (self-hosted installs, npm start): an account gets DEFAULT_PLAN when its owner's
 * address is confirmed (the sign-up link, or a provider's sign-in that arrives verified). It is
 * written as an operator's grant (source admin, no end, no interval), so its credits come through
 * the ledger's monthly allowance like every admin grant (worker/billing/allowance.ts) and an
 * operator can change or revoke it with npm run admin or the console. Only an account that has
 * never had a plan gets one: a revoked plan stays revoked, a bought one is left alone.
 * Answers whether a plan was granted.
 */
export async function grantDefaultPlan(ctx: AppContext, userId: string): Promise<boolean> {
  if (billingMode(ctx.config) !== "off") return false;
  const accountId = await getOwnAccountId(ctx.db, userId);
  if (!accountId) return false;
  const planType = ctx.config.DEFAULT_PLAN;
  const inserted = await ctx.db
    .insert(accountPlanMetadata)
    .values({ accountId, planType, billingInterval: null, status: "active", source: "admin" })
    .onConflictDoNothing()
    .returning({ id: accountPlanMetadata.id });
  if (inserted.length === 0) return false;
  // The account's type follows its plan, as an admin grant sets it (enterprise features read it).
  await ctx.db.update(accounts).set({ type: planType }).where(eq(accounts.id, accountId));
  return true;
}
