import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LedgerError, ledgerFor } from "../../worker/billing/ledger";
import { chargeForAi } from "../../worker/billing/service";
import { appContext, userContext } from "../../worker/context";
import { HttpError } from "../../worker/lib/errors";
import { key, seedAccount, seededLedger } from "./helpers";

describe("concurrency on one account", () => {
  it("200 concurrent reserves never hold more than the balance, and settling them never overspends", async () => {
    const { ledger } = await seededLedger();
    await ledger.purchase({ amount: 1000, idempotencyKey: key() });
    const outcomes = await Promise.allSettled(Array.from({ length: 200 }, (_, i) => ledger.reserve({ amount: 7, idempotencyKey: `c-${i}` })));
    const held = outcomes.filter((o) => o.status === "fulfilled");
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
    expect(held).toHaveLength(Math.floor(1000 / 7)); // 142
    expect(refused.every((o) => o.reason instanceof LedgerError && o.reason.code === "insufficient_credits")).toBe(true);
    const mid = await ledger.getState();
    expect(mid.balance).toMatchObject({ currentBalance: 1000, pendingSpend: 142 * 7, available: 1000 - 142 * 7 });

    // Settle all at once, a third of them above their hold: the extra is capped by what is free.
    const ids = held.map((o) => (o as PromiseFulfilledResult<Awaited<ReturnType<typeof ledger.reserve>>>).value.transactions[0]!.id);
    const settled = await Promise.all(
      ids.map((id, i) => ledger.settle({ reservationId: id, actualAmount: 7 + (i % 3 === 0 ? 5 : 0), idempotencyKey: `s-${i}` })),
    );
    const charged = settled.reduce((sum, s) => sum - s.transactions[0]!.amount, 0);
    const end = await ledger.getState();
    expect(end.balance.currentBalance).toBeGreaterThanOrEqual(0);
    expect(end.balance.pendingSpend).toBe(0);
    expect(end.balance.currentBalance).toBe(1000 - charged);
    expect(end.balance.totalSpent).toBe(charged);
    expect(charged).toBeLessThanOrEqual(1000);
    expect((await ledger.stub.audit()).problems).toEqual([]);
  });

  it("concurrent retries of the same keys create each reservation once", async () => {
    const { ledger } = await seededLedger();
    await ledger.grant({ amount: 10_000, idempotencyKey: key() });
    const calls = Array.from({ length: 200 }, (_, i) => ledger.reserve({ amount: 3, idempotencyKey: `dup-${i % 20}` }));
    const results = await Promise.all(calls);
    expect(new Set(results.map((r) => r.transactions[0]!.id)).size).toBe(20);
    expect(results.filter((r) => !r.replayed)).toHaveLength(20);
    expect((await ledger.getState()).balance.pendingSpend).toBe(60);
  });

  it("concurrent reserves respect a daily limit exactly", async () => {
    const { ledger } = await seededLedger();
    await ledger.purchase({ amount: 5000, idempotencyKey: key() });
    await ledger.updateSettings({ dailyLimit: 500 });
    const outcomes = await Promise.allSettled(Array.from({ length: 200 }, (_, i) => ledger.reserve({ amount: 7, idempotencyKey: `d-${i}` })));
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(Math.floor(500 / 7));
    expect((await ledger.getState()).balance.pendingSpend).toBe(Math.floor(500 / 7) * 7);
  });

  it("team members charging concurrently through the service share one balance and never overspend it", async () => {
    const owner = await seedAccount();
    const members = await Promise.all(Array.from({ length: 4 }, () => seedAccount()));
    await env.DB.batch(
      members.map((m) => env.DB.prepare(`INSERT INTO "UserAccount" (userId, accountId, role) VALUES (?, ?, 'MEMBER')`).bind(m.userId, owner.accountId)),
    );
    const team = ledgerFor(appContext(env), owner.accountId);
    await team.purchase({ amount: 300, idempotencyKey: key() });
    const attempts = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        chargeForAi(userContext(env, members[i % 4]!.userId), { category: "conversation", entityType: "Exercise", entityId: `ex-${i}`, estimate: 4 }).then(
          (c) => c.settle(i % 2 === 0 ? 4 : 2),
        ),
      ),
    );
    const ok = attempts.filter((a) => a.status === "fulfilled");
    const refused = attempts.filter((a): a is PromiseRejectedResult => a.status === "rejected");
    expect(refused.every((a) => a.reason instanceof HttpError && a.reason.status === 402 && a.reason.message === "Credit limit exceeded")).toBe(true);
    expect(ok.length).toBeGreaterThanOrEqual(75);
    const state = await team.getState();
    expect(state.balance.currentBalance).toBeGreaterThanOrEqual(0);
    expect(state.balance.pendingSpend).toBe(0);
    expect((await team.stub.audit()).problems).toEqual([]);
    // The members' own SOLO ledgers were never touched.
    const own = await ledgerFor(appContext(env), members[0]!.accountId).getState();
    expect(own.balance.version).toBe(0);
  });
});
