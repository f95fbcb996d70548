import { describe, expect, it } from "vitest";
import { freshBalance, rollPeriods, settingsFromRow, thresholdCrossings } from "../../durable-objects/ledger/accounting";

// The ledger object's pure accounting (durable-objects/ledger/accounting.ts), without storage.
const T0 = Date.UTC(2027, 0, 31, 23, 59, 0);

describe("spend windows", () => {
  it("reset at the UTC day, month and year boundaries, and only then", () => {
    const b = freshBalance("acct", null, T0);
    rollPeriods(b, T0);
    Object.assign(b, { dailySpend: 5, monthlySpend: 7, yearlySpend: 9 });
    rollPeriods(b, T0 + 30_000);
    expect([b.dailySpend, b.monthlySpend, b.yearlySpend]).toEqual([5, 7, 9]);
    rollPeriods(b, T0 + 120_000); // 1 February: a new day and month, the same year
    expect([b.dailySpend, b.monthlySpend, b.yearlySpend]).toEqual([0, 0, 9]);
    expect(b.periodStartMonth).toBe(Date.UTC(2027, 1, 1));
  });
});

describe("threshold crossings", () => {
  const settings = { ...settingsFromRow(undefined, "acct"), lowBalanceAlert: 10, autoRefillAmount: 50 };

  it("fire once per crossing below the threshold, after the balance was at or above it", () => {
    const b = freshBalance("acct", null, T0);
    b.currentBalance = 5;
    expect(thresholdCrossings(b, settings)).toEqual([]); // never armed: no alert on a new account
    b.currentBalance = 12;
    expect(thresholdCrossings(b, settings)).toEqual([]);
    b.currentBalance = 8;
    expect(thresholdCrossings(b, settings).map((e) => e.kind)).toEqual(["low_balance", "auto_refill"]);
    b.currentBalance = 3;
    expect(thresholdCrossings(b, settings)).toEqual([]); // still below: nothing again
  });

  it("auto-refill without an alert threshold fires when the balance reaches zero", () => {
    const b = freshBalance("acct", null, T0);
    const refillOnly = { ...settings, lowBalanceAlert: null };
    b.currentBalance = 1;
    thresholdCrossings(b, refillOnly);
    b.currentBalance = 0;
    expect(thresholdCrossings(b, refillOnly)).toEqual([{ kind: "auto_refill", payload: { currentBalance: 0, threshold: 1, autoRefillAmount: 50 } }]);
  });
});
