import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LedgerError, type LedgerClient } from "../../worker/billing/ledger";
import type { BalanceView, OpSuccess } from "../../worker/billing/ledger-types";
import { seededLedger } from "./helpers";
import { LedgerModel, type ModelResult } from "./model";

/**
 * Model-based property test: random operation sequences run against the CREDIT_LEDGER object and
 * against the naive model in ./model.ts. After every step both must agree on the outcome (success
 * or the refusal's code) and on every balance field, and the invariants must hold:
 *   - currentBalance ≥ 0, 0 ≤ pendingSpend ≤ currentBalance, 0 ≤ grantedCreditsAvailable ≤ currentBalance
 *   - totalGranted + totalPurchased + totalRefunded + totalAdjusted − totalSpent − totalExpired − totalRevoked = currentBalance
 * Replaying an earlier successful call with its idempotency key must change nothing.
 */

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 29, 20, 0, 0); // close to a day and a month boundary

type Op =
  | { kind: "grant"; amount: number; expiresInHours: number | null }
  | { kind: "purchase"; amount: number }
  | { kind: "reserve"; amount: number }
  | { kind: "settle"; pick: number; actual: number }
  | { kind: "release"; pick: number }
  | { kind: "refund"; pick: number }
  | { kind: "revoke"; amount: number }
  | { kind: "adjust"; amount: number }
  | { kind: "expire" }
  | { kind: "advance"; hours: number }
  | { kind: "settings"; dailyLimit: number | null; monthlyLimit: number | null; unlimited: boolean; blockPurchases: boolean }
  | { kind: "replay"; pick: number };

const amount = fc.integer({ min: 1, max: 120 });
const pick = fc.nat({ max: 1000 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant("grant" as const), amount, expiresInHours: fc.option(fc.integer({ min: 0, max: 24 }), { nil: null, freq: 4 }) }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("purchase" as const), amount }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant("reserve" as const), amount }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("settle" as const), pick, actual: fc.integer({ min: 0, max: 150 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("release" as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("refund" as const), pick }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("revoke" as const), amount }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("adjust" as const), amount: fc.integer({ min: -80, max: 80 }).filter((n) => n !== 0) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("expire" as const) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant("advance" as const), hours: fc.integer({ min: 1, max: 40 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("settings" as const),
      dailyLimit: fc.option(fc.integer({ min: 0, max: 300 }), { nil: null }),
      monthlyLimit: fc.option(fc.integer({ min: 0, max: 600 }), { nil: null }),
      unlimited: fc.boolean(),
      blockPurchases: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("replay" as const), pick }) },
);

async function attempt(fn: () => Promise<OpSuccess>): Promise<{ ok: true; value: OpSuccess } | { ok: false; code: string }> {
  try {
    return { ok: true, value: await fn() };
  } catch (err) {
    if (err instanceof LedgerError) return { ok: false, code: err.code };
    throw err;
  }
}

const FIELDS = [
  "currentBalance",
  "pendingSpend",
  "grantedCreditsAvailable",
  "dailySpend",
  "monthlySpend",
  "yearlySpend",
  "totalGranted",
  "totalPurchased",
  "totalSpent",
  "totalExpired",
  "totalRefunded",
  "totalRevoked",
  "totalAdjusted",
] as const;

function checkInvariants(b: BalanceView) {
  expect(b.currentBalance).toBeGreaterThanOrEqual(0);
  expect(b.pendingSpend).toBeGreaterThanOrEqual(0);
  expect(b.pendingSpend).toBeLessThanOrEqual(b.currentBalance);
  expect(b.grantedCreditsAvailable).toBeGreaterThanOrEqual(0);
  expect(b.grantedCreditsAvailable).toBeLessThanOrEqual(b.currentBalance);
  expect(b.totalGranted + b.totalPurchased + b.totalRefunded + b.totalAdjusted - b.totalSpent - b.totalExpired - b.totalRevoked).toBe(b.currentBalance);
}

async function runSequence(ops: Op[]) {
  const { ledger } = await seededLedger();
  const model = new LedgerModel();
  let now = T0;
  let n = 0;
  const spendIds: string[] = []; // index-aligned with model.spends
  const done: { call: () => Promise<OpSuccess> }[] = [];

  const step = async (op: Op, real: (k: string) => Promise<OpSuccess>, expected: () => ModelResult): Promise<OpSuccess | null> => {
    const k = `p-${++n}`;
    const call = () => real(k);
    const got = await attempt(call);
    const want = expected();
    expect({ op, ok: got.ok, code: got.ok ? undefined : got.code }).toEqual({ op, ok: want.ok, code: want.ok ? undefined : (want as { code: string }).code });
    if (got.ok) {
      done.push({ call });
      return got.value;
    }
    return null;
  };

  for (const op of ops) {
    let balance: BalanceView | null = null;
    switch (op.kind) {
      case "grant": {
        const expiresAt = op.expiresInHours == null ? null : now + op.expiresInHours * HOUR;
        balance =
          (
            await step(
              op,
              (k) => ledger.grant({ amount: op.amount, expiresAt, idempotencyKey: k, now }),
              () => model.grant(op.amount, expiresAt),
            )
          )?.balance ?? null;
        break;
      }
      case "purchase":
        balance =
          (
            await step(
              op,
              (k) => ledger.purchase({ amount: op.amount, idempotencyKey: k, now }),
              () => model.purchase(op.amount),
            )
          )?.balance ?? null;
        break;
      case "reserve": {
        const r = await step(
          op,
          (k) => ledger.reserve({ amount: op.amount, idempotencyKey: k, now }),
          () => model.reserve(op.amount, now),
        );
        if (r) spendIds.push(r.transactions[0]!.id);
        balance = r?.balance ?? null;
        break;
      }
      case "settle":
      case "release":
      case "refund": {
        if (spendIds.length === 0) continue;
        const i = op.pick % spendIds.length;
        const id = spendIds[i]!;
        const r =
          op.kind === "settle"
            ? await step(
                op,
                (k) => ledger.settle({ reservationId: id, actualAmount: op.actual, idempotencyKey: k, now }),
                () => model.settle(i, op.actual, now),
              )
            : op.kind === "release"
              ? await step(
                  op,
                  (k) => ledger.release({ reservationId: id, idempotencyKey: k, now }),
                  () => model.release(i),
                )
              : await step(
                  op,
                  (k) => ledger.refund({ transactionId: id, idempotencyKey: k, now }),
                  () => model.refund(i),
                );
        balance = r?.balance ?? null;
        break;
      }
      case "revoke":
        balance =
          (
            await step(
              op,
              (k) => ledger.revoke({ amount: op.amount, idempotencyKey: k, now }),
              () => model.revoke(op.amount),
            )
          )?.balance ?? null;
        break;
      case "adjust":
        balance =
          (
            await step(
              op,
              (k) => ledger.adjust({ amount: op.amount, idempotencyKey: k, now }),
              () => model.adjust(op.amount),
            )
          )?.balance ?? null;
        break;
      case "expire":
        balance =
          (
            await step(
              op,
              (k) => ledger.expire({ idempotencyKey: k, now }),
              () => model.expire(now),
            )
          )?.balance ?? null;
        break;
      case "advance":
        now += op.hours * HOUR;
        break;
      case "settings":
        model.settings = { dailyLimit: op.dailyLimit, monthlyLimit: op.monthlyLimit, unlimited: op.unlimited, blockPurchases: op.blockPurchases };
        await ledger.updateSettings({
          dailyLimit: op.dailyLimit,
          monthlyLimit: op.monthlyLimit,
          hasUnlimitedUsage: op.unlimited,
          blockAdditionalPurchases: op.blockPurchases,
          now,
        });
        break;
      case "replay": {
        if (done.length === 0) continue;
        const before = (await ledger.getState(now)).balance;
        const again = await done[op.pick % done.length]!.call();
        expect(again.replayed).toBe(true);
        expect((await ledger.getState(now)).balance).toEqual(before);
        break;
      }
    }
    const current = balance ?? (await ledger.getState(now)).balance;
    checkInvariants(current);
    const want = model.snapshot(now);
    expect({ op, ...Object.fromEntries(FIELDS.map((f) => [f, current[f]])) }).toEqual({ op, ...want });
  }
  const audit = await ledger.stub.audit();
  expect(audit.problems).toEqual([]);
  return ledger;
}

describe("credit ledger properties (fast-check, model-based)", () => {
  it("agrees with the model and keeps its invariants over random operation sequences", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 50, size: "max" }), async (ops) => {
        await runSequence(ops);
      }),
      { numRuns: 60 },
    );
    // Shrinking a failure replays many sequences against the object: give it time to report one.
  }, 300_000);

  it("a focused sequence with expiry across a month boundary", async () => {
    const ledger: LedgerClient = await runSequence([
      { kind: "grant", amount: 100, expiresInHours: 5 },
      { kind: "purchase", amount: 50 },
      { kind: "reserve", amount: 70 },
      { kind: "advance", hours: 6 },
      { kind: "expire" },
      { kind: "settle", pick: 0, actual: 120 },
      { kind: "refund", pick: 0 },
      { kind: "replay", pick: 3 },
    ]);
    expect((await ledger.getState()).balance.currentBalance).toBeGreaterThanOrEqual(0);
  });
});
