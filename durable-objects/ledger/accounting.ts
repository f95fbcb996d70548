import type { BalanceRow } from "../../worker/billing/balance-columns";
import type { BalanceView, LedgerErrorCode, LedgerEvent, Metadata, SettingsView, TransactionView } from "../../worker/billing/ledger-types";
import type { TxRow } from "./schema";

/**
 * The ledger's pure accounting: spend windows, views of stored rows, input checks and threshold
 * crossings. No storage here, so it is tested in plain Node (test/billing/ledger-accounting.node.test.ts).
 */

/** A refusal: rolls the transaction back and becomes a typed `{ ok: false }` answer. */
export class Refusal extends Error {
  constructor(
    readonly code: LedgerErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export interface OpContext {
  b: BalanceRow;
  s: SettingsView;
  now: number;
}

function periodStarts(now: number) {
  const d = new Date(now);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  return { day: Date.UTC(y, m, d.getUTCDate()), month: Date.UTC(y, m, 1), year: Date.UTC(y, 0, 1) };
}

/** Resets the spend counters of windows that have ended (UTC calendar day, month, year). */
export function rollPeriods(b: BalanceRow, now: number) {
  const p = periodStarts(now);
  if (b.periodStartDay == null || p.day > b.periodStartDay) {
    b.dailySpend = 0;
    b.periodStartDay = p.day;
  }
  if (b.periodStartMonth == null || p.month > b.periodStartMonth) {
    b.monthlySpend = 0;
    b.periodStartMonth = p.month;
  }
  if (b.periodStartYear == null || p.year > b.periodStartYear) {
    b.yearlySpend = 0;
    b.periodStartYear = p.year;
  }
}

export const isCount = (n: unknown): n is number => typeof n === "number" && Number.isSafeInteger(n) && n >= 0;
export const isPositive = (n: unknown): n is number => isCount(n) && n > 0;

export function parseMeta(text: string | null): Metadata | null {
  return text == null ? null : (JSON.parse(text) as Metadata);
}

export function txView(r: TxRow): TransactionView {
  return {
    id: r.id,
    accountId: r.accountId,
    userId: r.userId,
    actionId: r.actionId,
    type: r.type,
    status: r.status,
    amount: r.amount,
    idempotencyKey: r.idempotencyKey,
    metadata: parseMeta(r.metadata),
    expired: r.expired === 1,
    expiresAt: r.expiresAt,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

export function balanceView(b: BalanceRow): BalanceView {
  const { alertArmed: _a, refillArmed: _r, ...rest } = b;
  return { ...rest, available: b.currentBalance - b.pendingSpend };
}

/** A balance row before the account's first operation. */
export function freshBalance(accountId: string, userId: string | null, now: number): BalanceRow {
  return {
    id: crypto.randomUUID(),
    accountId,
    userId,
    version: 0,
    currentBalance: 0,
    grantedCreditsAvailable: 0,
    pendingSpend: 0,
    dailySpend: 0,
    monthlySpend: 0,
    yearlySpend: 0,
    totalGranted: 0,
    totalPurchased: 0,
    totalSpent: 0,
    totalExpired: 0,
    totalRefunded: 0,
    totalRevoked: 0,
    totalAdjusted: 0,
    periodStartDay: null,
    periodStartMonth: null,
    periodStartYear: null,
    lastUpdated: now,
    alertArmed: 0,
    refillArmed: 0,
  };
}

export type ThresholdEvent = { kind: LedgerEvent["kind"]; payload: LedgerEvent["payload"] };

/**
 * Low-balance alert and auto-refill fire once per crossing below their threshold: a balance at or
 * above the threshold arms them, the first balance below it fires and disarms. Updates the arming
 * flags on `b` and returns the events to record.
 */
export function thresholdCrossings(b: BalanceRow, s: SettingsView): ThresholdEvent[] {
  const events: ThresholdEvent[] = [];
  if (s.lowBalanceAlert != null) {
    if (b.currentBalance >= s.lowBalanceAlert) b.alertArmed = 1;
    else if (b.alertArmed === 1) {
      b.alertArmed = 0;
      events.push({ kind: "low_balance", payload: { currentBalance: b.currentBalance, threshold: s.lowBalanceAlert } });
    }
  }
  if (s.autoRefillAmount != null && s.autoRefillAmount > 0) {
    const threshold = s.lowBalanceAlert ?? 1;
    if (b.currentBalance >= threshold) b.refillArmed = 1;
    else if (b.refillArmed === 1) {
      b.refillArmed = 0;
      events.push({ kind: "auto_refill", payload: { currentBalance: b.currentBalance, threshold, autoRefillAmount: s.autoRefillAmount } });
    }
  }
  return events;
}

/** The account's settings as stored, or the defaults before they are first saved. */
export function settingsFromRow(r: Record<string, SqlStorageValue> | undefined, accountId: string): SettingsView {
  return r
    ? {
        id: r.id as string,
        accountId: r.accountId as string,
        userId: (r.userId as string | null) ?? null,
        hasUnlimitedUsage: r.hasUnlimitedUsage === 1,
        dailyLimit: r.dailyLimit as number | null,
        monthlyLimit: r.monthlyLimit as number | null,
        yearlyLimit: r.yearlyLimit as number | null,
        lowBalanceAlert: r.lowBalanceAlert as number | null,
        autoRefillAmount: r.autoRefillAmount as number | null,
        blockAdditionalPurchases: r.blockAdditionalPurchases === 1,
      }
    : {
        id: crypto.randomUUID(),
        accountId,
        userId: null,
        hasUnlimitedUsage: false,
        dailyLimit: null,
        monthlyLimit: null,
        yearlyLimit: null,
        lowBalanceAlert: null,
        autoRefillAmount: null,
        blockAdditionalPurchases: false,
      };
}
