import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { grantDefaultPlan } from "../../worker/accounts/default-plan";
import { getOwnAccountId } from "../../worker/accounts/service";
import { appContext } from "../../worker/context";
import { getDb } from "../../worker/db/client";
import { accountPlanMetadata, accounts } from "../../worker/db/schema";
import { billingMode, ConfigError, parseConfig } from "../../worker/env";
import { revokePlanSql } from "../../worker/admin/sql";
import { rawStatement } from "../../worker/db/client";
import { nowMs } from "../../worker/lib/clock";
import { api, apiError, expectStatus, json } from "../helpers/api";
import { cookieFrom, testClientIp, verificationLink } from "../helpers/auth";
import { stripeEnv } from "./helpers";

/** The suite's env as a self-hosted install runs it (npm start without Stripe keys). */
const offEnv = (overrides: Record<string, unknown> = {}) => ({ ...env, BILLING_MODE: "off", ...overrides });

/** Signs up through /api/auth and confirms the address with the e-mailed link, all in `workerEnv`; answers the session cookie the confirmation set. */
async function signUpAndConfirm(workerEnv: object) {
  const email = `mode-${crypto.randomUUID().slice(0, 10)}@example.test`;
  const signUp = await api("/api/auth/sign-up/email", {
    env: workerEnv,
    body: { email, password: "correct-horse-battery", firstName: "Rae", lastName: "Lind" },
  });
  await expectStatus(signUp, 200, "sign-up");
  const { user } = await json<{ user: { id: string } }>(signUp);
  const token = (await verificationLink(email)).searchParams.get("token")!;
  const confirmed = await api(`/api/auth/verify-email?token=${encodeURIComponent(token)}`, { env: workerEnv, ip: testClientIp() });
  await expectStatus(confirmed, 200, "confirming the address");
  const accountId = (await getOwnAccountId(getDb(env.DB), user.id))!;
  return { userId: user.id, email, accountId, cookie: cookieFrom(confirmed) };
}

async function planOf(accountId: string) {
  const [row] = await getDb(env.DB).select().from(accountPlanMetadata).where(eq(accountPlanMetadata.accountId, accountId));
  return row ?? null;
}

describe("BILLING_MODE: decided once, in worker/env.ts", () => {
  it("is off unless Stripe keys are set, stripe when they are, and what it is set to otherwise", () => {
    const config = (vars: Record<string, string>) => parseConfig({ APP_ENV: "test", ...vars });
    expect(billingMode(config({}))).toBe("off");
    expect(billingMode(config({ STRIPE_SECRET_KEY: "sk_test_x" }))).toBe("stripe");
    expect(billingMode(config({ BILLING_MODE: "off", STRIPE_SECRET_KEY: "sk_test_x" }))).toBe("off");
    expect(billingMode(config({ BILLING_MODE: "stripe" }))).toBe("stripe");
    expect(billingMode(config({ BILLING_MODE: "" }))).toBe("off");
    expect(config({}).DEFAULT_PLAN).toBe("TEAM");
    expect(() => config({ BILLING_MODE: "free" })).toThrow(ConfigError);
    expect(() => config({ DEFAULT_PLAN: "GOLD" })).toThrow(/DEFAULT_PLAN/);
  });
});

describe("BILLING_MODE=off: every confirmed account has the configured plan and credits", () => {
  it("confirming the address gives the account DEFAULT_PLAN (TEAM) and its monthly credits through the ledger", async () => {
    const workerEnv = offEnv();
    const u = await signUpAndConfirm(workerEnv);
    expect(u.cookie).toContain("readyroom.session_token=");
    expect(await planOf(u.accountId)).toMatchObject({ planType: "TEAM", status: "active", source: "admin", billingInterval: null });
    const [account] = await getDb(env.DB).select({ type: accounts.type }).from(accounts).where(eq(accounts.id, u.accountId));
    expect(account?.type).toBe("TEAM");

    // The allowance is a ledger grant: the balance and the history show it as with a subscription.
    const usage = await json(await api("/api/billing/usage", { env: workerEnv, cookie: u.cookie }));
    expect(usage).toMatchObject({ currentBalance: 5000, monthlySpend: 0 });
    const info = await json(await api("/api/billing/account-info", { env: workerEnv, cookie: u.cookie }));
    expect(info).toMatchObject({ hasActivePlan: true, currentPlanType: "TEAM", billingConfigured: false });
  });

  it("DEFAULT_PLAN and PLAN_MONTHLY_CREDITS choose the plan and its allowance", async () => {
    const workerEnv = offEnv({ DEFAULT_PLAN: "SOLO", PLAN_MONTHLY_CREDITS: JSON.stringify({ SOLO: 250, TEAM: 5000, ENTERPRISE: 20000 }) });
    const u = await signUpAndConfirm(workerEnv);
    expect(await planOf(u.accountId)).toMatchObject({ planType: "SOLO", status: "active" });
    expect(await json(await api("/api/billing/usage", { env: workerEnv, cookie: u.cookie }))).toMatchObject({ currentBalance: 250 });
  });

  it("a plan an operator revoked stays revoked: the default is given once, to an account that never had a plan", async () => {
    const workerEnv = offEnv();
    const u = await signUpAndConfirm(workerEnv);
    const ctx = appContext(workerEnv as never);
    await ctx.db.batch(revokePlanSql({ accountId: u.accountId }, nowMs()).map((s) => rawStatement(ctx.db, s)) as never);
    expect(await grantDefaultPlan(ctx, u.userId)).toBe(false);
    expect(await planOf(u.accountId)).toMatchObject({ status: "canceled" });
  });

  it("offers no checkout, even with Stripe keys configured", async () => {
    const workerEnv = stripeEnv({ BILLING_MODE: "off" });
    const u = await signUpAndConfirm(workerEnv);
    const res = await api("/api/billing/checkout", { env: workerEnv, cookie: u.cookie, body: { plan: "SOLO", interval: "MONTHLY" } });
    expect(res.status).toBe(503);
    expect((await apiError(res)).code).toBe("billing_not_configured");
  });
});

describe("BILLING_MODE=stripe: unchanged", () => {
  it("a confirmed account has no plan until one is bought (or granted)", async () => {
    const u = await signUpAndConfirm(stripeEnv());
    expect(await planOf(u.accountId)).toBeNull();
    const info = await json(await api("/api/billing/account-info", { env: stripeEnv(), cookie: u.cookie }));
    expect(info).toMatchObject({ hasActivePlan: false, currentPlanType: null, billingConfigured: true });
    expect(await grantDefaultPlan(appContext(stripeEnv() as never), u.userId)).toBe(false);
  });
});
