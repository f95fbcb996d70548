import { env, evictDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LedgerError, ledgerFor } from "../../worker/billing/ledger";
import { ALLOWED_TRANSITIONS } from "../../worker/billing/ledger-types";
import { appContext } from "../../worker/context";
import { key, seededLedger } from "./helpers";

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 22, 12, 0, 0); // Sun 22 Nov 2026 12:00 UTC

async function refusal(p: Promise<unknown>): Promise<LedgerError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof LedgerError) return err;
    throw err;
  }
  throw new Error("expected a ledger refusal");
}

describe("credit ledger operations", () => {
  it("grant adds granted credits and records a COMPLETED GRANT", async () => {
    const { ledger, userId, accountId } = await seededLedger();
    const r = await ledger.grant({ amount: 500, userId, idempotencyKey: key(), expiresAt: T0 + DAY, metadata: { reason: "plan" } });
    expect(r.replayed).toBe(false);
    expect(r.transactions[0]).toMatchObject({
      type: "GRANT",
      status: "COMPLETED",
      amount: 500,
      accountId,
      userId,
      expiresAt: T0 + DAY,
      expired: false,
      metadata: { reason: "plan" },
    });
    expect(r.balance).toMatchObject({ currentBalance: 500, grantedCreditsAvailable: 500, totalGranted: 500, pendingSpend: 0, version: 1 });
  });

  it("purchase adds non-expiring credits; blockAdditionalPurchases refuses it", async () => {
    const { ledger } = await seededLedger();
    const r = await ledger.purchase({ amount: 1000, idempotencyKey: key() });
    expect(r.balance).toMatchObject({ currentBalance: 1000, grantedCreditsAvailable: 0, totalPurchased: 1000 });
    await ledger.updateSettings({ blockAdditionalPurchases: true });
    const err = await refusal(ledger.purchase({ amount: 10, idempotencyKey: key() }));
    expect(err.code).toBe("purchases_blocked");
    expect((await ledger.getState()).balance.currentBalance).toBe(1000);
  });

  it("reserve holds credits as a PENDING SPEND with its Action; settle charges the actual amount", async () => {
    const { ledger, userId } = await seededLedger();
    await ledger.grant({ amount: 100, idempotencyKey: key() });
    const action = { id: crypto.randomUUID(), category: "conversation", entityType: "Exercise", entityId: "ex-1" };
    const r = await ledger.reserve({ amount: 40, userId, idempotencyKey: key(), action });
    const reservation = r.transactions[0];
    expect(reservation).toMatchObject({ type: "SPEND", status: "PENDING", amount: -40, actionId: action.id });
    expect(r.balance).toMatchObject({ currentBalance: 100, pendingSpend: 40, available: 60 });

    const s = await ledger.settle({ reservationId: reservation!.id, actualAmount: 25, idempotencyKey: key() });
    expect(s.transactions[0]).toMatchObject({ id: reservation!.id, status: "COMPLETED", amount: -25, metadata: { reserved: 40, actual: 25 } });
    expect(s.balance).toMatchObject({
      currentBalance: 75,
      pendingSpend: 0,
      totalSpent: 25,
      dailySpend: 25,
      monthlySpend: 25,
      yearlySpend: 25,
      grantedCreditsAvailable: 75,
    });
  });

  it("settle above the reservation charges only up to what is available and records the rest", async () => {
    const { ledger } = await seededLedger();
    await ledger.purchase({ amount: 50, idempotencyKey: key() });
    const a = await ledger.reserve({ amount: 10, idempotencyKey: key() });
    const b = await ledger.reserve({ amount: 30, idempotencyKey: key() });
    // 50 − 40 held = 10 free: a may take its 10 plus those 10, never b's 30.
    const s = await ledger.settle({ reservationId: a.transactions[0]!.id, actualAmount: 35, idempotencyKey: key() });
    expect(s.transactions[0]).toMatchObject({ amount: -20, metadata: { reserved: 10, actual: 35, uncharged: 15 } });
    expect(s.balance).toMatchObject({ currentBalance: 30, pendingSpend: 30, available: 0 });
    const s2 = await ledger.settle({ reservationId: b.transactions[0]!.id, actualAmount: 30, idempotencyKey: key() });
    expect(s2.balance).toMatchObject({ currentBalance: 0, pendingSpend: 0 });
  });

  it("release gives the hold back and marks the SPEND FAILED", async () => {
    const { ledger } = await seededLedger();
    await ledger.grant({ amount: 10, idempotencyKey: key() });
    const r = await ledger.reserve({ amount: 10, idempotencyKey: key() });
    const rel = await ledger.release({ reservationId: r.transactions[0]!.id, idempotencyKey: key() });
    expect(rel.transactions[0]).toMatchObject({ status: "FAILED", amount: -10 });
    expect(rel.balance).toMatchObject({ currentBalance: 10, pendingSpend: 0, totalSpent: 0 });
  });

  it("reserve beyond the available balance is refused (insufficient_credits) and changes nothing", async () => {
    const { ledger } = await seededLedger();
    await ledger.grant({ amount: 30, idempotencyKey: key() });
    await ledger.reserve({ amount: 20, idempotencyKey: key() });
    const before = (await ledger.getState()).balance;
    const err = await refusal(ledger.reserve({ amount: 11, idempotencyKey: key() }));
    expect(err.code).toBe("insufficient_credits");
    expect(err.message).toBe("Credit limit exceeded");
    expect(err.details).toMatchObject({ available: 10, requested: 11 });
    expect((await ledger.getState()).balance).toEqual(before);
    // A refused key was not recorded: the same key succeeds once credits allow it.
  });

  it("revoke takes at most the available credits, never held ones; can target one grant", async () => {
    const { ledger } = await seededLedger();
    const g1 = await ledger.grant({ amount: 40, idempotencyKey: key() });
    await ledger.purchase({ amount: 60, idempotencyKey: key() });
    await ledger.reserve({ amount: 50, idempotencyKey: key() });
    const r = await ledger.revoke({ amount: 500, idempotencyKey: key() });
    expect(r.transactions[0]).toMatchObject({ type: "REVOKE", status: "COMPLETED", amount: -50, metadata: { requested: 500 } });
    expect(r.balance).toMatchObject({ currentBalance: 50, pendingSpend: 50, totalRevoked: 50, available: 0, grantedCreditsAvailable: 0 });

    const { ledger: l2 } = await seededLedger();
    const a = await l2.grant({ amount: 40, idempotencyKey: key() });
    await l2.grant({ amount: 25, idempotencyKey: key() });
    const targeted = await l2.revoke({ amount: 100, grantTransactionId: a.transactions[0]!.id, idempotencyKey: key() });
    expect(targeted.transactions[0]!.amount).toBe(-40);
    expect(targeted.balance).toMatchObject({ currentBalance: 25, grantedCreditsAvailable: 25 });
    expect((await refusal(l2.revoke({ amount: 1, grantTransactionId: crypto.randomUUID(), idempotencyKey: key() }))).code).toBe("not_found");
    void g1;
  });

  it("adjust corrects both ways but never below zero", async () => {
    const { ledger } = await seededLedger();
    const up = await ledger.adjust({ amount: 15, idempotencyKey: key() });
    expect(up.transactions[0]).toMatchObject({ type: "ADJUSTMENT", amount: 15, status: "COMPLETED" });
    const down = await ledger.adjust({ amount: -5, idempotencyKey: key() });
    expect(down.balance).toMatchObject({ currentBalance: 10, totalAdjusted: 10 });
    expect((await refusal(ledger.adjust({ amount: -11, idempotencyKey: key() }))).code).toBe("insufficient_credits");
    expect((await refusal(ledger.adjust({ amount: 0, idempotencyKey: key() }))).code).toBe("invalid_input");
  });

  it("refund reverses a completed SPEND (credits back, limits windows relieved) and nothing else", async () => {
    const { ledger } = await seededLedger();
    const g = await ledger.grant({ amount: 100, idempotencyKey: key() });
    const r = await ledger.reserve({ amount: 30, idempotencyKey: key() });
    const refundPending = await refusal(ledger.refund({ transactionId: r.transactions[0]!.id, idempotencyKey: key() }));
    expect(refundPending.code).toBe("invalid_transition");
    await ledger.settle({ reservationId: r.transactions[0]!.id, actualAmount: 30, idempotencyKey: key() });
    const refunded = await ledger.refund({ transactionId: r.transactions[0]!.id, idempotencyKey: key() });
    expect(refunded.transactions[0]).toMatchObject({ status: "REVERSED", amount: -30 });
    expect(refunded.balance).toMatchObject({ currentBalance: 100, totalSpent: 30, totalRefunded: 30, dailySpend: 0, monthlySpend: 0 });
    expect((await refusal(ledger.refund({ transactionId: r.transactions[0]!.id, idempotencyKey: key() }))).code).toBe("invalid_transition");
    expect((await refusal(ledger.refund({ transactionId: g.transactions[0]!.id, idempotencyKey: key() }))).code).toBe("invalid_transition");
    expect((await refusal(ledger.refund({ transactionId: "nope", idempotencyKey: key() }))).code).toBe("not_found");
  });

  it("enforces the status transitions: nothing leaves FAILED or REVERSED, COMPLETED cannot be settled or released", async () => {
    expect(ALLOWED_TRANSITIONS).toEqual({ PENDING: ["COMPLETED", "FAILED"], COMPLETED: ["REVERSED"], FAILED: [], REVERSED: [] });
    const { ledger } = await seededLedger();
    await ledger.grant({ amount: 100, idempotencyKey: key() });
    const failed = (await ledger.reserve({ amount: 5, idempotencyKey: key() })).transactions[0];
    await ledger.release({ reservationId: failed!.id, idempotencyKey: key() });
    for (const attempt of [
      ledger.settle({ reservationId: failed!.id, actualAmount: 5, idempotencyKey: key() }),
      ledger.release({ reservationId: failed!.id, idempotencyKey: key() }),
      ledger.refund({ transactionId: failed!.id, idempotencyKey: key() }),
    ]) {
      expect((await refusal(attempt)).code).toBe("invalid_transition");
    }
    const done = (await ledger.reserve({ amount: 5, idempotencyKey: key() })).transactions[0];
    await ledger.settle({ reservationId: done!.id, actualAmount: 5, idempotencyKey: key() });
    expect((await refusal(ledger.settle({ reservationId: done!.id, actualAmount: 1, idempotencyKey: key() }))).code).toBe("invalid_transition");
    expect((await refusal(ledger.release({ reservationId: done!.id, idempotencyKey: key() }))).code).toBe("invalid_transition");
    await ledger.refund({ transactionId: done!.id, idempotencyKey: key() });
    expect((await refusal(ledger.settle({ reservationId: done!.id, actualAmount: 1, idempotencyKey: key() }))).code).toBe("invalid_transition");
    const grant = (await ledger.grant({ amount: 1, idempotencyKey: key() })).transactions[0];
    expect((await refusal(ledger.settle({ reservationId: grant!.id, actualAmount: 1, idempotencyKey: key() }))).code).toBe("invalid_transition");
    const audit = await ledger.stub.audit();
    expect(audit.problems).toEqual([]);
  });

  it("rejects malformed amounts and keys", async () => {
    const { ledger } = await seededLedger();
    for (const amount of [0, -1, 1.5, Number.NaN]) {
      expect((await refusal(ledger.grant({ amount, idempotencyKey: key() }))).code).toBe("invalid_input");
      expect((await refusal(ledger.reserve({ amount, idempotencyKey: key() }))).code).toBe("invalid_input");
    }
    expect((await refusal(ledger.grant({ amount: 1, idempotencyKey: "" }))).code).toBe("invalid_input");
    expect((await refusal(ledger.settle({ reservationId: "x", actualAmount: -1, idempotencyKey: key() }))).code).toBe("invalid_input");
  });

  it("refuses a caller that names another account", async () => {
    const { ledger, accountId } = await seededLedger();
    await ledger.grant({ amount: 1, idempotencyKey: key() });
    const err = (await ledger.stub.grant({ accountId: "someone-else", amount: 1, idempotencyKey: key() })) as { ok: boolean; error?: { code: string } };
    expect(err).toMatchObject({ ok: false, error: { code: "account_mismatch" } });
    expect((await ledgerFor(appContext(env), accountId).getState()).balance.currentBalance).toBe(1);
  });
});

describe("idempotency", () => {
  it("a repeated key returns the first result and changes nothing, for every operation", async () => {
    const { ledger } = await seededLedger();
    const grantKey = key();
    const first = await ledger.grant({ amount: 100, idempotencyKey: grantKey });
    const again = await ledger.grant({ amount: 999, idempotencyKey: grantKey });
    expect(again.replayed).toBe(true);
    expect(again.transactions).toEqual(first.transactions);
    expect(again.balance).toEqual(first.balance);

    const reserveKey = key();
    const r1 = await ledger.reserve({ amount: 10, idempotencyKey: reserveKey });
    const r2 = await ledger.reserve({ amount: 10, idempotencyKey: reserveKey });
    expect(r2.transactions[0]!.id).toBe(r1.transactions[0]!.id);

    const settleKey = key();
    const s1 = await ledger.settle({ reservationId: r1.transactions[0]!.id, actualAmount: 7, idempotencyKey: settleKey });
    const s2 = await ledger.settle({ reservationId: r1.transactions[0]!.id, actualAmount: 7, idempotencyKey: settleKey });
    expect(s2).toMatchObject({ replayed: true, balance: s1.balance });

    const refundKey = key();
    await ledger.refund({ transactionId: r1.transactions[0]!.id, idempotencyKey: refundKey });
    expect((await ledger.refund({ transactionId: r1.transactions[0]!.id, idempotencyKey: refundKey })).replayed).toBe(true);

    const rel = await ledger.reserve({ amount: 3, idempotencyKey: key() });
    const relKey = key();
    await ledger.release({ reservationId: rel.transactions[0]!.id, idempotencyKey: relKey });
    expect((await ledger.release({ reservationId: rel.transactions[0]!.id, idempotencyKey: relKey })).replayed).toBe(true);

    for (const op of [
      (k: string) => ledger.purchase({ amount: 5, idempotencyKey: k }),
      (k: string) => ledger.revoke({ amount: 5, idempotencyKey: k }),
      (k: string) => ledger.adjust({ amount: 5, idempotencyKey: k }),
      (k: string) => ledger.expire({ idempotencyKey: k }),
    ]) {
      const k = key();
      const a = await op(k);
      const b = await op(k);
      expect(b.replayed).toBe(true);
      expect(b.balance).toEqual(a.balance);
    }
    const state = await ledger.getState();
    // grant 100, spend 7 refunded, purchase 5, revoke 5, adjust 5 → 105.
    expect(state.balance.currentBalance).toBe(105);
    expect((await ledger.stub.audit()).problems).toEqual([]);
  });

  it("a key reused for a different operation is refused", async () => {
    const { ledger } = await seededLedger();
    const k = key();
    await ledger.grant({ amount: 10, idempotencyKey: k });
    const err = await refusal(ledger.purchase({ amount: 10, idempotencyKey: k }));
    expect(err.code).toBe("idempotency_conflict");
  });

  it("survives eviction: state and idempotency come from storage", async () => {
    const { ledger } = await seededLedger();
    const k = key();
    await ledger.grant({ amount: 10, idempotencyKey: k });
    await evictDurableObject(ledger.stub);
    expect((await ledger.grant({ amount: 10, idempotencyKey: k })).replayed).toBe(true);
    expect((await ledger.getState()).balance.currentBalance).toBe(10);
  });
});

describe("limits and periods", () => {
  it("daily, monthly and yearly limits count settled and pending spend, and roll over by UTC date", async () => {
    const { ledger } = await seededLedger();
    await ledger.purchase({ amount: 10_000, idempotencyKey: key(), now: T0 });
    await ledger.updateSettings({ dailyLimit: 100, monthlyLimit: 250, yearlyLimit: 400, now: T0 });
    const a = await ledger.reserve({ amount: 60, idempotencyKey: key(), now: T0 });
    await ledger.settle({ reservationId: a.transactions[0]!.id, actualAmount: 60, idempotencyKey: key(), now: T0 });
    await ledger.reserve({ amount: 30, idempotencyKey: key(), now: T0 }); // pending
    const daily = await refusal(ledger.reserve({ amount: 11, idempotencyKey: key(), now: T0 }));
    expect(daily).toMatchObject({ code: "limit_exceeded", message: "Credit limit exceeded" });
    expect(daily.details).toMatchObject({ period: "daily", limit: 100, spent: 60, pending: 30 });
    await ledger.reserve({ amount: 10, idempotencyKey: key(), now: T0 }); // exactly at the limit

    // Next UTC day: the daily window restarts, the monthly one does not.
    const nextDay = Date.UTC(2026, 10, 23, 0, 0, 1);
    const state = await ledger.getState(nextDay);
    expect(state.balance).toMatchObject({ dailySpend: 0, monthlySpend: 60, periodStartDay: Date.UTC(2026, 10, 23) });
    const b = await ledger.reserve({ amount: 60, idempotencyKey: key(), now: nextDay });
    await ledger.settle({ reservationId: b.transactions[0]!.id, actualAmount: 60, idempotencyKey: key(), now: nextDay });
    // month: 60 + 60 settled + 40 pending = 160; 91 more passes 250 (daily limit lifted to isolate it).
    await ledger.updateSettings({ dailyLimit: null, now: nextDay });
    const monthly = await refusal(ledger.reserve({ amount: 91, idempotencyKey: key(), now: Date.UTC(2026, 10, 24) }));
    expect(monthly.details).toMatchObject({ period: "monthly" });

    // December: the monthly window restarts, the yearly one (120 settled + 40 pending) does not.
    const dec = Date.UTC(2026, 11, 1, 8);
    await ledger.updateSettings({ monthlyLimit: null, now: dec });
    const yearly = await refusal(ledger.reserve({ amount: 241, idempotencyKey: key(), now: dec }));
    expect(yearly.details).toMatchObject({ period: "yearly", spent: 120 });
    const ok = await ledger.reserve({ amount: 240, idempotencyKey: key(), now: dec });
    expect(ok.balance).toMatchObject({ monthlySpend: 0, yearlySpend: 120, periodStartMonth: Date.UTC(2026, 11, 1) });

    // New year: everything restarts.
    const jan = await ledger.getState(Date.UTC(2027, 0, 1));
    expect(jan.balance).toMatchObject({ dailySpend: 0, monthlySpend: 0, yearlySpend: 0, periodStartYear: Date.UTC(2027, 0, 1) });
  });

  it("hasUnlimitedUsage skips balance and limit checks but never drives the balance below zero", async () => {
    const { ledger } = await seededLedger();
    await ledger.grant({ amount: 20, idempotencyKey: key() });
    await ledger.updateSettings({ hasUnlimitedUsage: true, dailyLimit: 1 });
    const r = await ledger.reserve({ amount: 500, idempotencyKey: key() });
    expect(r.transactions[0]).toMatchObject({ amount: -20, metadata: { requested: 500 } });
    const s = await ledger.settle({ reservationId: r.transactions[0]!.id, actualAmount: 500, idempotencyKey: key() });
    expect(s.balance.currentBalance).toBe(0);
    expect(s.transactions[0]!.metadata).toMatchObject({ uncharged: 480 });
    const r2 = await ledger.reserve({ amount: 5, idempotencyKey: key() });
    expect(r2.transactions[0]!.amount).toBe(0);
  });

  it("settings are validated", async () => {
    const { ledger } = await seededLedger();
    await expect(ledger.updateSettings({ dailyLimit: -1 })).rejects.toMatchObject({ code: "invalid_input" });
    const s = await ledger.updateSettings({ dailyLimit: null, lowBalanceAlert: 10 });
    expect(s.settings).toMatchObject({ dailyLimit: null, lowBalanceAlert: 10, hasUnlimitedUsage: false });
  });
});

describe("expiry", () => {
  it("expires what is left of grants past expiresAt, once, soonest-expiring credits spent first", async () => {
    const { ledger } = await seededLedger();
    const soon = await ledger.grant({ amount: 50, expiresAt: T0 + DAY, idempotencyKey: key(), now: T0 });
    const later = await ledger.grant({ amount: 50, expiresAt: T0 + 10 * DAY, idempotencyKey: key(), now: T0 });
    await ledger.purchase({ amount: 20, idempotencyKey: key(), now: T0 });
    const r = await ledger.reserve({ amount: 30, idempotencyKey: key(), now: T0 });
    await ledger.settle({ reservationId: r.transactions[0]!.id, actualAmount: 30, idempotencyKey: key(), now: T0 });
    // The 30 came from the soon-expiring grant: 20 of it is left.
    expect((await ledger.expire({ idempotencyKey: key(), now: T0 + DAY - 1 })).transactions).toEqual([]);
    const e = await ledger.expire({ idempotencyKey: key(), now: T0 + DAY });
    const expireTx = e.transactions.find((t) => t.type === "EXPIRE")!;
    expect(expireTx).toMatchObject({ amount: -20, status: "COMPLETED", metadata: { grantTransactionId: soon.transactions[0]!.id } });
    expect(e.transactions.find((t) => t.id === soon.transactions[0]!.id)).toMatchObject({ expired: true });
    expect(e.balance).toMatchObject({ currentBalance: 70, grantedCreditsAvailable: 50, totalExpired: 20 });
    // A second run with another key finds nothing left to expire.
    const again = await ledger.expire({ idempotencyKey: key(), now: T0 + 2 * DAY });
    expect(again.transactions).toEqual([]);
    expect(again.balance.currentBalance).toBe(70);
    void later;
    expect((await ledger.stub.audit()).problems).toEqual([]);
  });

  it("does not pull credits held by a pending reservation", async () => {
    const { ledger } = await seededLedger();
    await ledger.grant({ amount: 40, expiresAt: T0 + DAY, idempotencyKey: key(), now: T0 });
    const r = await ledger.reserve({ amount: 30, idempotencyKey: key(), now: T0 });
    const e = await ledger.expire({ idempotencyKey: key(), now: T0 + DAY });
    expect(e.balance).toMatchObject({ currentBalance: 30, pendingSpend: 30, grantedCreditsAvailable: 0, totalExpired: 10 });
    const s = await ledger.settle({ reservationId: r.transactions[0]!.id, actualAmount: 30, idempotencyKey: key(), now: T0 + DAY });
    expect(s.balance.currentBalance).toBe(0);
    expect((await ledger.stub.audit()).problems).toEqual([]);
  });
});

describe("low balance and auto-refill events", () => {
  it("fires once per crossing below the threshold, leased until acknowledged", async () => {
    const { ledger } = await seededLedger();
    await ledger.purchase({ amount: 100, idempotencyKey: key() });
    await ledger.updateSettings({ lowBalanceAlert: 50, autoRefillAmount: 200 });
    const spend = async (n: number) => {
      const r = await ledger.reserve({ amount: n, idempotencyKey: key() });
      return ledger.settle({ reservationId: r.transactions[0]!.id, actualAmount: n, idempotencyKey: key() });
    };
    expect((await spend(40)).events).toEqual([]); // 60 left
    const crossed = await spend(20); // 40 left: crossed
    expect(crossed.events.map((e) => e.kind).sort()).toEqual(["auto_refill", "low_balance"]);
    expect(crossed.events.find((e) => e.kind === "low_balance")!.payload).toMatchObject({ currentBalance: 40, threshold: 50 });
    expect(crossed.events.find((e) => e.kind === "auto_refill")!.payload).toMatchObject({ autoRefillAmount: 200 });
    // Still below: no new event, and the leased ones are not handed out twice.
    expect((await spend(5)).events).toEqual([]);
    await ledger.ackEvents(crossed.events.map((e) => e.id));
    // Back above, then below again: a new crossing, a new alert.
    await ledger.purchase({ amount: 100, idempotencyKey: key() }); // 135
    const again = await spend(100); // 35
    expect(again.events.map((e) => e.kind).sort()).toEqual(["auto_refill", "low_balance"]);
  });

  it("offers an unacknowledged event again once its lease has passed", async () => {
    const { ledger } = await seededLedger();
    await ledger.purchase({ amount: 100, idempotencyKey: key(), now: T0 });
    await ledger.updateSettings({ lowBalanceAlert: 50 });
    const r = await ledger.adjust({ amount: -60, idempotencyKey: key(), now: T0 });
    expect(r.events).toHaveLength(1);
    expect((await ledger.adjust({ amount: 1, idempotencyKey: key(), now: T0 + 1000 })).events).toEqual([]);
    const later = await ledger.adjust({ amount: 1, idempotencyKey: key(), now: T0 + 6 * 60_000 });
    expect(later.events.map((e) => e.id)).toEqual([r.events[0]!.id]);
  });
});

describe("D1 copy", () => {
  it("mirrors transactions, actions, balance and settings; repeated flushes never duplicate", async () => {
    const { ledger, accountId, userId } = await seededLedger();
    await ledger.updateSettings({ monthlyLimit: 1000 });
    await ledger.grant({ amount: 100, userId, idempotencyKey: key() });
    const action = { id: crypto.randomUUID(), category: "conversation", entityType: "Exercise", entityId: "e1" };
    const r = await ledger.reserve({ amount: 10, userId, idempotencyKey: key(), action });
    await ledger.flushMirror();
    const pending = await env.DB.prepare(`SELECT status, amount FROM "Transaction" WHERE id = ?`).bind(r.transactions[0]!.id).first();
    expect(pending).toEqual({ status: "PENDING", amount: -10 });
    await ledger.settle({ reservationId: r.transactions[0]!.id, actualAmount: 4, idempotencyKey: key() });
    await ledger.flushMirror();
    await ledger.flushMirror();
    // Replaying the same rows (what a retried alarm does) is harmless.
    await ledger.stub.grant({ accountId, amount: 100, userId, idempotencyKey: "dup-check" });
    await ledger.stub.grant({ accountId, amount: 100, userId, idempotencyKey: "dup-check" });
    await ledger.flushMirror();

    const txs = await env.DB.prepare(`SELECT type, status, amount, actionId FROM "Transaction" WHERE accountId = ? ORDER BY createdAt`).bind(accountId).all();
    expect(txs.results).toEqual([
      { type: "GRANT", status: "COMPLETED", amount: 100, actionId: null },
      { type: "SPEND", status: "COMPLETED", amount: -4, actionId: action.id },
      { type: "GRANT", status: "COMPLETED", amount: 100, actionId: null },
    ]);
    const act = await env.DB.prepare(`SELECT category, entityType, entityId, completedAt FROM "Action" WHERE id = ?`)
      .bind(action.id)
      .first<Record<string, unknown>>();
    expect(act).toMatchObject({ category: "conversation", entityType: "Exercise", entityId: "e1" });
    expect(act!.completedAt).toEqual(expect.any(Number));
    const bal = await env.DB.prepare(`SELECT currentBalance, pendingSpend, totalSpent, version FROM "CreditBalance" WHERE accountId = ?`)
      .bind(accountId)
      .first();
    const state = await ledger.getState();
    expect(bal).toEqual({ currentBalance: 196, pendingSpend: 0, totalSpent: 4, version: state.balance.version });
    const settings = await env.DB.prepare(`SELECT monthlyLimit FROM "CreditSettings" WHERE accountId = ?`).bind(accountId).first();
    expect(settings).toEqual({ monthlyLimit: 1000 });
    expect(await ledger.flushMirror()).toBe(0);
  });
});

describe("D1 copy retries", () => {
  it("keeps unwritten changes when D1 refuses them and writes them on a later flush", async () => {
    const { accountId, ledger } = await seededLedger();
    // D1 refusing every new Transaction row, as an outage would.
    const trigger = `refuse_${crypto.randomUUID().replaceAll("-", "")}`;
    await env.DB.prepare(`CREATE TRIGGER ${trigger} BEFORE INSERT ON "Transaction" BEGIN SELECT RAISE(ABORT, 'D1 is unavailable'); END`).run();
    const g = await ledger.grant({ amount: 9, idempotencyKey: key() });
    try {
      await expect(ledger.flushMirror()).rejects.toThrow(/D1 is unavailable/);
      // Checked while D1 still refuses: the retrying alarm cannot have written it meanwhile.
      expect(await env.DB.prepare(`SELECT amount FROM "Transaction" WHERE id = ?`).bind(g.transactions[0]!.id).first()).toBeNull();
    } finally {
      await env.DB.prepare(`DROP TRIGGER ${trigger}`).run();
    }
    await ledger.flushMirror(); // (or the retrying alarm got there first)
    expect(await env.DB.prepare(`SELECT amount FROM "Transaction" WHERE id = ?`).bind(g.transactions[0]!.id).first()).toEqual({ amount: 9 });
    expect(await env.DB.prepare(`SELECT currentBalance FROM "CreditBalance" WHERE accountId = ?`).bind(accountId).first()).toEqual({ currentBalance: 9 });
  });

  it("writes a deleted user's changes without the user, as D1's foreign key would have left them", async () => {
    const { userId, ledger } = await seededLedger();
    // The colleague is gone from D1 before the copy is written (the ledger itself never reads D1 to change a balance).
    const colleague = crypto.randomUUID();
    const byColleague = await ledger.grant({ amount: 5, userId: colleague, idempotencyKey: key() });
    const byOwner = await ledger.grant({ amount: 7, userId, idempotencyKey: key() });
    await ledger.flushMirror(); // (or the mirror's alarm got there first)
    const row = (id: string) => env.DB.prepare(`SELECT amount, userId FROM "Transaction" WHERE id = ?`).bind(id).first();
    expect(await row(byColleague.transactions[0]!.id)).toEqual({ amount: 5, userId: null });
    expect(await row(byOwner.transactions[0]!.id)).toEqual({ amount: 7, userId });
    expect(await ledger.flushMirror()).toBe(0);
  });

  it("keeps a missing account's changes, names the account, and writes them once the account is there", async () => {
    const accountId = crypto.randomUUID();
    const ledger = ledgerFor(appContext(env), accountId);
    const g = await ledger.grant({ amount: 9, idempotencyKey: key() });
    await expect(ledger.flushMirror()).rejects.toThrow(`D1 has no Account ${accountId}`);
    const userId = crypto.randomUUID();
    await env.DB.batch([
      env.DB.prepare(`INSERT INTO "User" (id, email) VALUES (?, ?)`).bind(userId, `${userId}@example.test`),
      env.DB.prepare(`INSERT INTO "Account" (id, userId, provider, providerAccountId) VALUES (?, ?, 'readyroom', ?)`).bind(accountId, userId, accountId),
    ]);
    await ledger.flushMirror(); // (or the retrying alarm got there first)
    expect(await env.DB.prepare(`SELECT amount FROM "Transaction" WHERE id = ?`).bind(g.transactions[0]!.id).first()).toEqual({ amount: 9 });
  });
});
