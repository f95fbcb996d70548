import type { BalanceRow, INTERNAL_BALANCE_COLUMNS } from "./balance-columns";

/**
 * The shapes exchanged with the CREDIT_LEDGER Durable Object over RPC. Shared by the object
 * (durable-objects/credit-ledger.ts), its client (worker/billing/ledger.ts) and the tests, so both
 * sides of the wire agree at compile time.
 *
 * Amounts are integer credits. A transaction's `amount` is signed, as in the D1 `Transaction`
 * table: positive adds to the balance (GRANT, PURCHASE, positive ADJUSTMENT), negative takes from
 * it (SPEND, EXPIRE, REVOKE, negative ADJUSTMENT). A PENDING SPEND carries the credits it holds.
 */

export type TransactionType = "PURCHASE" | "GRANT" | "SPEND" | "EXPIRE" | "REVOKE" | "ADJUSTMENT";
export type TransactionStatus = "PENDING" | "COMPLETED" | "FAILED" | "REVERSED";

/**
 * The only status changes the ledger makes. Everything else is refused with `invalid_transition`.
 * - PENDING → COMPLETED (settle) or FAILED (release): only a SPEND is ever PENDING (a reservation).
 * - COMPLETED → REVERSED (refund): only for REFUNDABLE_TYPES. Reversal gives the credits back.
 * - FAILED and REVERSED are final.
 * Every other type is written COMPLETED directly and never changes status.
 */
export const ALLOWED_TRANSITIONS: Record<TransactionStatus, readonly TransactionStatus[]> = {
  PENDING: ["COMPLETED", "FAILED"],
  COMPLETED: ["REVERSED"],
  FAILED: [],
  REVERSED: [],
};
/**
 * Only a completed SPEND can be refunded (credits go back to the account). A Stripe refund of a
 * credit PURCHASE is a `revoke` instead: the purchased credits may already be spent, and a revoke
 * takes back what is left without ever driving the balance below zero.
 */
export const REFUNDABLE_TYPES: readonly TransactionType[] = ["SPEND"];

export type LedgerErrorCode =
  | "invalid_input"
  | "account_mismatch"
  | "insufficient_credits"
  | "limit_exceeded"
  | "purchases_blocked"
  | "not_found"
  | "invalid_transition"
  | "idempotency_conflict";

export type LedgerFailure = { ok: false; error: { code: LedgerErrorCode; message: string; details?: Record<string, unknown> } };

export type Metadata = Record<string, unknown>;

export interface TransactionView {
  id: string;
  accountId: string;
  userId: string | null;
  actionId: string | null;
  type: TransactionType;
  status: TransactionStatus;
  amount: number;
  idempotencyKey: string;
  metadata: Metadata | null;
  expired: boolean;
  expiresAt: number | null;
  createdAt: number;
  updatedAt: number;
}

/**
 * The CreditBalance fields of spec §3, plus the running totals that make the invariant checkable
 * (the columns are listed once, in ./balance-columns.ts).
 */
export type BalanceView = Omit<BalanceRow, (typeof INTERNAL_BALANCE_COLUMNS)[number]> & {
  /** currentBalance − pendingSpend: what a new reservation can still hold. */
  available: number;
};

/** CreditSettings of spec §3. Limits are credits per UTC day / month / year; null = no limit. */
export interface SettingsView {
  id: string;
  accountId: string;
  userId: string | null;
  hasUnlimitedUsage: boolean;
  dailyLimit: number | null;
  monthlyLimit: number | null;
  yearlyLimit: number | null;
  lowBalanceAlert: number | null;
  autoRefillAmount: number | null;
  blockAdditionalPurchases: boolean;
}

export interface ActionInput {
  id: string;
  category: string;
  entityType?: string | null;
  entityId?: string | null;
  metadata?: Metadata | null;
}

/**
 * Events the ledger records for the service to act on (e-mail, auto-refill through Stripe). They
 * are written in the same transaction as the change that caused them, handed out with a lease and
 * removed when acknowledged: delivered at least once, never lost.
 */
export interface LedgerEvent {
  id: string;
  kind: "low_balance" | "auto_refill";
  accountId: string;
  userId: string | null;
  payload: { currentBalance: number; threshold: number; autoRefillAmount?: number };
  createdAt: number;
}

export interface Base {
  accountId: string;
  userId?: string | null;
  idempotencyKey: string;
  metadata?: Metadata | null;
  /** Epoch ms; the ledger uses its own clock when absent (tests pass it to cross period boundaries). */
  now?: number;
}

export type GrantInput = Base & { amount: number; expiresAt?: number | null };
export type PurchaseInput = Base & { amount: number };
export type ReserveInput = Base & { amount: number; action?: ActionInput | null };
export type SettleInput = Base & { reservationId: string; actualAmount: number };
export type ReleaseInput = Base & { reservationId: string };
export type RevokeInput = Base & { amount: number; grantTransactionId?: string | null };
export type AdjustInput = Base & { amount: number };
export type RefundInput = Base & { transactionId: string };
export type ExpireInput = Base;
export type SettingsInput = { accountId: string; userId?: string | null; now?: number } & Partial<Omit<SettingsView, "id" | "accountId" | "userId">>;

export type OpSuccess = {
  ok: true;
  /** True when this idempotency key was seen before: the first result is returned unchanged. */
  replayed: boolean;
  transactions: TransactionView[];
  balance: BalanceView;
  /** Undelivered events, leased to this caller (see LedgerEvent). */
  events: LedgerEvent[];
};
export type OpResult = OpSuccess | LedgerFailure;

export interface LedgerState {
  balance: BalanceView;
  settings: SettingsView;
}

/** Recomputed from the transaction rows; `ok` when they agree with the balance row. */
export interface LedgerAudit {
  ok: boolean;
  problems: string[];
  balance: BalanceView;
  completedSum: number;
  pendingHeld: number;
  grantsRemaining: number;
  transactionCount: number;
}
