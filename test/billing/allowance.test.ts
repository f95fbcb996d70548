import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { allowanceKey, ensurePlanAllowance, nextMonthStart } from "../../worker/billing/allowance";
import { ledgerFor } from "../../worker/billing/ledger";
import type { TransactionView } from "../../worker/billing/ledger-types";
import { chargeForAi, getUsage } from "../../worker/billing/service";
import { appContext, userContext } from "../../worker/context";
import { nowMs } from "../../worker/lib/clock";
import { createTestUser } from "../helpers/auth";
import { seedAccount, httpErrorOf } from "./helpers";

const app = appContext(env);

type PlanRow = { planType?: string; status?: string; source?: "admin" | "stripe"; currentPeriodEnd?: number | null };

/** A bare account (no sign-up) with a plan row as the admin CLI or the Stripe webhook writes it. */
async function accountWithPlan(plan: PlanRow | null) {
  const ids = await seedAccount();
  if (plan) {
    await env.DB.prepare(
      `INSERT INTO "AccountPlanMetadata" (id, accountId, planType, billingInterval, status, currentPeriodEnd, source, createdAt, updatedAt)
       VALUES (?, ?, ?, 'MONTHLY', ?, ?, ?, ?, ?)`,
    )
      .bind(
        crypto.randomUUID(),
        ids.accountId,
        plan.planType ?? "SOLO",
        plan.status ?? "active",
        plan.currentPeriodEnd ?? null,
        plan.source ?? "admin",
        nowMs(),
        nowMs(),
      )
      .run();
  }
  return { ...ids, ledger: ledgerFor(app, ids.accountId) };
}

async function grants(accountId: string) {
  const txs = (await ledgerFor(app, accountId).stub.listTransactions({ limit: 100 })) as TransactionView[];
  return txs.filter((t) => t.type === "GRANT");
}

describe("monthly allowance of admin-granted plans", () => {
  it("lets a user whose plan was granted by the admin CLI charge AI credits right away", async () => {
    // createTestUser writes the plan as `npm run admin -- grant-plan` does (source 'admin').
    const user = await createTestUser({ plan: "SOLO" });
    const charge = await chargeForAi(userContext(env, user.userId), { category: "conversation", estimate: 10 });
    expect(charge.held).toBe(10);
    expect((await charge.settle(4)).balance.currentBalance).toBe(996);

    const res = await SELF.fetch("http://localhost/api/billing/usage", { headers: { cookie: user.cookie } });
    expect(await res.json()).toMatchObject({ currentBalance: 996, monthlySpend: 4 });
  });

  it("shows the allowance in the usage before any AI call, per plan (PLAN_MONTHLY_CREDITS defaults)", async () => {
    for (const [planType, credits] of [
      ["SOLO", 1000],
      ["TEAM", 5000],
      ["ENTERPRISE", 20000],
    ] as const) {
      const { userId } = await accountWithPlan({ planType });
      expect(await getUsage(userContext(env, userId))).toMatchObject({ currentBalance: credits, monthlySpend: 0 });
    }
  });

  it("grants once per UTC month, keyed admin-allowance:{accountId}:{YYYY-MM}, expiring when the month ends", async () => {
    const { accountId, userId, ledger } = await accountWithPlan({ planType: "TEAM" });
    // Two concurrent first calls (neither remembered by the isolate yet): the ledger applies one.
    const [a, b] = await Promise.all([ensurePlanAllowance(app, ledger), ensurePlanAllowance(app, ledger)]);
    expect([a?.replayed, b?.replayed].sort()).toEqual([false, true]);
    // Later calls are no-ops, whichever path reaches the ledger.
    expect(await ensurePlanAllowance(app, ledger)).toBeNull();
    await getUsage(userContext(env, userId));
    await (await chargeForAi(userContext(env, userId), { category: "conversation", estimate: 3 })).settle(3);

    const now = nowMs();
    const [grant] = await grants(accountId);
    expect(await grants(accountId)).toHaveLength(1);
    expect(grant).toMatchObject({ amount: 5000, idempotencyKey: allowanceKey(accountId, now), expiresAt: nextMonthStart(now) });
    expect(grant!.idempotencyKey).toBe(`admin-allowance:${accountId}:${new Date(now).toISOString().slice(0, 7)}`);
    expect((await ledger.getState()).balance).toMatchObject({ currentBalance: 4997, totalGranted: 5000 });

    // The next month brings the next allowance.
    const nextMonth = nextMonthStart(now) + 60_000;
    expect(await ensurePlanAllowance(app, ledger, nextMonth)).toMatchObject({ replayed: false });
    expect(await grants(accountId)).toHaveLength(2);
  });

  it("expires with an admin plan whose period ends before the month does", async () => {
    const now = Date.UTC(2031, 4, 10);
    const end = Date.UTC(2031, 4, 20);
    const { accountId, ledger } = await accountWithPlan({ currentPeriodEnd: end });
    await ensurePlanAllowance(app, ledger, now);
    expect(await grants(accountId)).toMatchObject([{ amount: 1000, expiresAt: end, idempotencyKey: `admin-allowance:${accountId}:2031-05` }]);
  });

  it("uses PLAN_MONTHLY_CREDITS when configured; 0 grants nothing", async () => {
    const configured = { ...env, PLAN_MONTHLY_CREDITS: JSON.stringify({ SOLO: 250, TEAM: 0, ENTERPRISE: 9 }) };
    const solo = await accountWithPlan({ planType: "SOLO" });
    expect(await getUsage(userContext(configured, solo.userId))).toMatchObject({ currentBalance: 250 });
    const team = await accountWithPlan({ planType: "TEAM" });
    expect(await getUsage(userContext(configured, team.userId))).toMatchObject({ currentBalance: 0 });
    expect(await grants(team.accountId)).toHaveLength(0);
  });

  it("gives a Stripe-sourced plan no admin allowance (its credits come from invoice.paid)", async () => {
    const { accountId, userId } = await accountWithPlan({ source: "stripe" });
    expect(await httpErrorOf(chargeForAi(userContext(env, userId), { category: "conversation", estimate: 1 }))).toMatchObject({
      status: 402,
      message: "Credit limit exceeded",
    });
    expect(await getUsage(userContext(env, userId))).toMatchObject({ currentBalance: 0 });
    expect(await grants(accountId)).toHaveLength(0);
  });

  it("grants nothing without an active plan and refuses the reservation with 402", async () => {
    for (const plan of [null, { status: "canceled" }, { status: "paused" }, { currentPeriodEnd: nowMs() - 1000 }]) {
      const { accountId, userId } = await accountWithPlan(plan);
      expect(await httpErrorOf(chargeForAi(userContext(env, userId), { category: "conversation", estimate: 1 }))).toMatchObject({
        status: 402,
        code: "credit_limit_exceeded",
        message: "Credit limit exceeded",
      });
      expect(await getUsage(userContext(env, userId))).toMatchObject({ currentBalance: 0 });
      expect(await grants(accountId)).toHaveLength(0);
    }
  });
});
