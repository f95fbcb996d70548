import {
  ALLOWED_TRANSITIONS,
  type Metadata,
  type ReleaseInput,
  type ReserveInput,
  type SettleInput,
  type TransactionStatus,
} from "../../worker/billing/ledger-types";
import { isCount, isPositive, parseMeta, Refusal, type OpContext } from "./accounting";
import { debit } from "./credits";
import type { TxRow } from "./schema";
import type { LedgerStore } from "./store";

/**
 * A reservation's life: credits held before AI work (a PENDING SPEND), then settled at the actual
 * cost or released when the work failed. Runs inside the ledger's transaction, like credits.ts.
 */

/**
 * Holds credits before AI work: a PENDING SPEND. Refused when it would pass the available
 * balance (currentBalance − pendingSpend) or a daily/monthly/yearly limit, counting what other
 * reservations already hold. With hasUnlimitedUsage neither check applies; the hold is then
 * whatever is available (the balance still never goes below zero).
 */
export function reserve(store: LedgerStore, { b, s, now }: OpContext, input: ReserveInput): string[] {
  if (!isPositive(input.amount)) throw new Refusal("invalid_input", "amount must be a positive integer");
  const available = b.currentBalance - b.pendingSpend;
  let held = input.amount;
  if (s.hasUnlimitedUsage) {
    held = Math.min(input.amount, available);
  } else {
    if (input.amount > available) {
      throw new Refusal("insufficient_credits", "Credit limit exceeded", { available, requested: input.amount });
    }
    const windows = [
      ["daily", s.dailyLimit, b.dailySpend],
      ["monthly", s.monthlyLimit, b.monthlySpend],
      ["yearly", s.yearlyLimit, b.yearlySpend],
    ] as const;
    for (const [period, limit, spent] of windows) {
      if (limit != null && spent + b.pendingSpend + input.amount > limit) {
        throw new Refusal("limit_exceeded", "Credit limit exceeded", { period, limit, spent, pending: b.pendingSpend, requested: input.amount });
      }
    }
  }
  const action = input.action;
  if (action) store.insertAction(action, { accountId: b.accountId, userId: input.userId ?? null }, now);
  const metadata = held === input.amount ? input.metadata : { ...(input.metadata ?? {}), requested: input.amount };
  const id = store.insertTx({ ...input, metadata }, now, { type: "SPEND", status: "PENDING", amount: -held, actionId: action?.id ?? null });
  b.pendingSpend += held;
  return [id];
}

/**
 * Completes a reservation at the actual cost: PENDING → COMPLETED. Less than held releases the
 * rest; more than held charges the extra only up to what is available and records the shortfall
 * in metadata (`uncharged`): the work is done, the balance still never goes below zero.
 */
export function settle(store: LedgerStore, { b, now }: OpContext, input: SettleInput): string[] {
  if (!isCount(input.actualAmount)) throw new Refusal("invalid_input", "actualAmount must be a non-negative integer");
  const tx = pendingSpend(store, input.reservationId, "COMPLETED");
  const held = -tx.amount;
  const extra = Math.max(0, input.actualAmount - held);
  const charge = Math.min(input.actualAmount, held + Math.min(extra, b.currentBalance - b.pendingSpend));
  b.pendingSpend -= held;
  debit(store, b, charge);
  b.totalSpent += charge;
  b.dailySpend += charge;
  b.monthlySpend += charge;
  b.yearlySpend += charge;
  const metadata: Metadata = { ...(parseMeta(tx.metadata) ?? {}), ...(input.metadata ?? {}), reserved: held, actual: input.actualAmount };
  if (charge < input.actualAmount) metadata.uncharged = input.actualAmount - charge;
  store.updateTx(tx, now, { status: "COMPLETED", amount: -charge, metadata });
  if (tx.actionId) store.completeAction(tx.actionId, now);
  return [tx.id];
}

/** Gives a reservation's held credits back: PENDING → FAILED (the AI call failed). */
export function release(store: LedgerStore, { b, now }: OpContext, input: ReleaseInput): string[] {
  const tx = pendingSpend(store, input.reservationId, "FAILED");
  b.pendingSpend -= -tx.amount;
  store.updateTx(tx, now, { status: "FAILED", ...(input.metadata ? { metadata: { ...(parseMeta(tx.metadata) ?? {}), ...input.metadata } } : {}) });
  return [tx.id];
}

/** The PENDING SPEND `id`, checked against the allowed transitions toward `to`. */
function pendingSpend(store: LedgerStore, id: string, to: TransactionStatus): TxRow {
  if (typeof id !== "string") throw new Refusal("invalid_input", "reservationId is required");
  const tx = store.getTx(id);
  if (!tx) throw new Refusal("not_found", "No such reservation on this account.");
  if (tx.type !== "SPEND" || !ALLOWED_TRANSITIONS[tx.status].includes(to)) {
    throw new Refusal("invalid_transition", `A ${tx.status} ${tx.type} cannot become ${to}.`, { type: tx.type, status: tx.status, to });
  }
  return tx;
}
