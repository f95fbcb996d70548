import { createExecutionContext, createScheduledController, env, runDurableObjectAlarm, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ledgerFor } from "../../worker/billing/ledger";
import worker from "../../worker/index";
import { creditsForUsage, estimateCredits } from "../../worker/billing/pricing";
import {
  adjustCredits,
  chargeForAi,
  expireGrants,
  getUsage,
  grantCredits,
  purchaseCredits,
  refundSpend,
  updateCreditSettings,
} from "../../worker/billing/service";
import { appContext, userContext } from "../../worker/context";
import { nowMs } from "../../worker/lib/clock";
import { createTestUser } from "../helpers/auth";
import { key, seedAccount, httpErrorOf } from "./helpers";
import { expectConsoleError } from "../helpers/console";

const app = appContext(env);

describe("chargeForAi", () => {
  it("reserves, then settles from real token usage and records the Action", async () => {
    const { accountId, userId } = await seedAccount();
    await grantCredits(app, { accountId, amount: 50, idempotencyKey: key() });
    const charge = await chargeForAi(userContext(env, userId), { category: "conversation", entityType: "Exercise", entityId: "ex-9", estimate: 10 });
    expect(charge).toMatchObject({ accountId, held: 10 });
    const settled = await charge.settle({ inputTokens: 1200, outputTokens: 2100 });
    expect(settled).toMatchObject({ charged: 4, uncharged: 0 });
    expect(settled.balance.currentBalance).toBe(46);
    expect(settled.transaction.metadata).toMatchObject({ usage: { inputTokens: 1200, outputTokens: 2100 }, reserved: 10, actual: 4 });
    // A retried settle (e.g. the stream handler ran twice) charges nothing more.
    expect((await charge.settle({ inputTokens: 1200, outputTokens: 2100 })).balance.currentBalance).toBe(46);
    // Release after settle is a harmless no-op.
    await charge.release();
    expect((await ledgerFor(app, accountId).getState()).balance.currentBalance).toBe(46);

    await ledgerFor(app, accountId).flushMirror();
    const action = await env.DB.prepare(`SELECT accountId, userId, category, entityType, entityId, completedAt FROM "Action" WHERE id = ?`)
      .bind(charge.actionId)
      .first<Record<string, unknown>>();
    expect(action).toMatchObject({ accountId, userId, category: "conversation", entityType: "Exercise", entityId: "ex-9" });
    expect(action!.completedAt).toEqual(expect.any(Number));
    const tx = await env.DB.prepare(`SELECT type, status, amount, actionId FROM "Transaction" WHERE id = ?`).bind(charge.reservationId).first();
    expect(tx).toEqual({ type: "SPEND", status: "COMPLETED", amount: -4, actionId: charge.actionId });
  });

  it("release on failure gives the credits back", async () => {
    const { accountId, userId } = await seedAccount();
    await grantCredits(app, { accountId, amount: 10, idempotencyKey: key() });
    const charge = await chargeForAi(userContext(env, userId), { category: "document-chat", estimate: 10 });
    expect((await ledgerFor(app, accountId).getState()).balance.available).toBe(0);
    await charge.release();
    await charge.release();
    expect((await ledgerFor(app, accountId).getState()).balance).toMatchObject({ available: 10, pendingSpend: 0, totalSpent: 0 });
  });

  it("answers 402 Credit limit exceeded when the balance or a limit does not allow the call", async () => {
    const { accountId, userId } = await seedAccount();
    const empty = await httpErrorOf(chargeForAi(userContext(env, userId), { category: "conversation", estimate: 1 }));
    expect(empty).toMatchObject({ status: 402, code: "credit_limit_exceeded", message: "Credit limit exceeded" });
    await purchaseCredits(app, { accountId, amount: 100, idempotencyKey: key() });
    await updateCreditSettings(app, { accountId, dailyLimit: 5 });
    const limited = await httpErrorOf(chargeForAi(userContext(env, userId), { category: "conversation", estimate: 6 }));
    expect(limited).toMatchObject({ status: 402, message: "Credit limit exceeded" });
    await expect(chargeForAi(userContext(env, userId), { category: "conversation", estimate: 5 })).resolves.toMatchObject({ held: 5 });
    // A user with no account at all cannot be charged either.
    expect((await httpErrorOf(chargeForAi(userContext(env, crypto.randomUUID()), { category: "x", estimate: 1 }))).status).toBe(402);
  });

  it("maps other ledger refusals to clear 4xx errors", async () => {
    const { accountId, userId } = await seedAccount();
    await purchaseCredits(app, { accountId, amount: 10, idempotencyKey: key() });
    await updateCreditSettings(app, { accountId, blockAdditionalPurchases: true });
    expect(await httpErrorOf(purchaseCredits(app, { accountId, amount: 10, idempotencyKey: key() }))).toMatchObject({ status: 409, code: "purchases_blocked" });
    expect(await httpErrorOf(refundSpend(app, { accountId, transactionId: "missing", idempotencyKey: key() }))).toMatchObject({ status: 404 });
    expect(await httpErrorOf(adjustCredits(app, { accountId, amount: -50, idempotencyKey: key() }))).toMatchObject({ status: 402 });
    expect(await httpErrorOf(chargeForAi(userContext(env, userId), { category: "x", estimate: 0 }))).toMatchObject({ status: 400 });
  });

  it("prices usage at one credit per started thousand tokens", () => {
    expect(creditsForUsage({ inputTokens: 0, outputTokens: 0 })).toBe(0);
    expect(creditsForUsage({ inputTokens: 1, outputTokens: 0 })).toBe(1);
    expect(creditsForUsage({ inputTokens: 999, outputTokens: 1 })).toBe(1);
    expect(creditsForUsage({ inputTokens: 1000, outputTokens: 1 })).toBe(2);
    expect(estimateCredits({ promptTokens: 0, maxOutputTokens: 0 })).toBe(1);
  });
});

describe("low-balance e-mail", () => {
  it("e-mails the account owner once per crossing, through the injected sender", async () => {
    const { accountId, userId } = await seedAccount();
    await purchaseCredits(app, { accountId, amount: 100, idempotencyKey: key() });
    await updateCreditSettings(app, { accountId, lowBalanceAlert: 50 });
    const spend = async (n: number) => (await chargeForAi(userContext(env, userId), { category: "conversation", estimate: n })).settle(n);
    await spend(30);
    await spend(30); // 40 left: alert
    await spend(5);
    const mails = await env.DB.prepare(`SELECT "to", subject, text, kind FROM "EmailOutbox" WHERE "to" = ?`)
      .bind(`${userId}@example.test`)
      .all<Record<string, string>>();
    expect(mails.results).toHaveLength(1);
    expect(mails.results[0]).toMatchObject({ kind: "low-balance", subject: "Your Readyroom credit balance is low" });
    expect(mails.results[0]!.text).toContain("40 credits left");
  });

  it("a failing handler leaves the event to be offered again", async () => {
    expectConsoleError(/low_balance event for .* not delivered: Error: mail down/);
    const { accountId } = await seedAccount();
    await purchaseCredits(app, { accountId, amount: 100, idempotencyKey: key() });
    await updateCreditSettings(app, { accountId, lowBalanceAlert: 50 });
    const seen: string[] = [];
    await adjustCredits(app, {
      accountId,
      amount: -60,
      idempotencyKey: key(),
      handlers: {
        low_balance: async () => {
          throw new Error("mail down");
        },
      },
    });
    const later = nowMs() + 10 * 60_000;
    const ledger = ledgerFor(app, accountId);
    const r = await ledger.adjust({ amount: 1, idempotencyKey: key(), now: later });
    seen.push(...r.events.map((e) => e.kind));
    expect(seen).toEqual(["low_balance"]);
  });
});

describe("GET /api/billing/usage", () => {
  it("answers the caller's usage; team members see their team's ledger", async () => {
    const user = await createTestUser({ plan: "SOLO" });
    // A Stripe subscriber: the balance is exactly what is granted here (no admin monthly allowance).
    await env.DB.prepare(`UPDATE "AccountPlanMetadata" SET source = 'stripe' WHERE accountId = ?`).bind(user.accountId).run();
    await grantCredits(app, { accountId: user.accountId, amount: 80, idempotencyKey: key() });
    await (await chargeForAi(userContext(env, user.userId), { category: "conversation", estimate: 10 })).settle(7);
    await env.DB.prepare(`UPDATE "Account" SET stripeSubscriptionId = 'sub_123' WHERE id = ?`).bind(user.accountId).run();
    const res = await SELF.fetch("http://localhost/api/billing/usage", { headers: { cookie: user.cookie } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ monthlySpend: 7, currentBalance: 73, stripeSubscriptionId: "sub_123", hasUnlimitedUsage: false });

    const member = await seedAccount();
    await env.DB.prepare(`INSERT INTO "UserAccount" (userId, accountId, role) VALUES (?, ?, 'MEMBER')`).bind(member.userId, user.accountId).run();
    expect(await getUsage(userContext(env, member.userId))).toMatchObject({ currentBalance: 73, monthlySpend: 7 });
  });

  it("is 401 when signed out", async () => {
    const res = await SELF.fetch("http://localhost/api/billing/usage");
    expect(res.status).toBe(401);
  });
});

describe("D1 copy through the alarm", () => {
  it("is written by the object's alarm without anyone asking", async () => {
    const { accountId } = await seedAccount();
    const ledger = ledgerFor(app, accountId);
    const g = await ledger.grant({ amount: 5, idempotencyKey: key() });
    // The alarm is due 50 ms after the write: run it now, unless it is already running on its own
    // (then runDurableObjectAlarm answers false at once), in which case wait for what it writes.
    await runDurableObjectAlarm(ledger.stub);
    const read = () => env.DB.prepare(`SELECT amount FROM "Transaction" WHERE id = ?`).bind(g.transactions[0]!.id).first();
    let row = await read();
    for (let i = 0; row === null && i < 50; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      row = await read();
    }
    expect(row).toEqual({ amount: 5 });
    expect(await ledger.flushMirror()).toBe(0);
  });
});

describe("expireGrants cron task", () => {
  it("expires due grants on every account found in the D1 copy, once", async () => {
    const a = await seedAccount();
    const b = await seedAccount();
    const now = nowMs();
    await grantCredits(app, { accountId: a.accountId, amount: 30, expiresAt: now - 1000, idempotencyKey: key() });
    await grantCredits(app, { accountId: b.accountId, amount: 20, expiresAt: now - 1000, idempotencyKey: key() });
    await grantCredits(app, { accountId: b.accountId, amount: 9, expiresAt: now + 86_400_000, idempotencyKey: key() });
    await ledgerFor(app, a.accountId).flushMirror();
    await ledgerFor(app, b.accountId).flushMirror();
    const first = await expireGrants(app, now);
    expect(first.failed).toBe(0);
    expect(first.expired).toBeGreaterThanOrEqual(2);
    expect((await ledgerFor(app, a.accountId).getState()).balance.currentBalance).toBe(0);
    expect((await ledgerFor(app, b.accountId).getState()).balance).toMatchObject({ currentBalance: 9, totalExpired: 20 });
    await ledgerFor(app, a.accountId).flushMirror();
    await ledgerFor(app, b.accountId).flushMirror();
    // Other files share this database, so the run's totals may include their accounts: "once" is
    // proven on these two accounts' ledgers.
    const second = await expireGrants(app, now);
    expect(second.failed).toBe(0);
    expect((await ledgerFor(app, a.accountId).getState()).balance.totalExpired).toBe(30);
    expect((await ledgerFor(app, b.accountId).getState()).balance.totalExpired).toBe(20);
  });
});

describe("credit-expiry cron trigger", () => {
  it("the hourly Cron Trigger runs expireGrants through the Worker's scheduled handler", async () => {
    const { accountId } = await seedAccount();
    const t = nowMs();
    await grantCredits(app, { accountId, amount: 12, expiresAt: t - 1, idempotencyKey: key() });
    await ledgerFor(app, accountId).flushMirror();
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "0 * * * *", scheduledTime: t }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await ledgerFor(app, accountId).getState()).balance).toMatchObject({ currentBalance: 0, totalExpired: 12 });
    const run = await env.DB.prepare(`SELECT error FROM "SchedulerTaskState" WHERE name = 'credit-expiry'`).first<{ error: string | null }>();
    expect(run).toEqual({ error: null });
  });
});
