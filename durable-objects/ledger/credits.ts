import type { BalanceRow } from "../../worker/billing/balance-columns";
import {
  ALLOWED_TRANSITIONS,
  REFUNDABLE_TYPES,
  type AdjustInput,
  type ExpireInput,
  type GrantInput,
  type PurchaseInput,
  type RefundInput,
  type RevokeInput,
} from "../../worker/billing/ledger-types";
import { isCount, isPositive, parseMeta, Refusal, type OpContext } from "./accounting";
import type { LedgerStore } from "./store";

/**
 * The operations that add credits to a balance or take them away outside a reservation (those are
 * in reservations.ts). Each runs inside the ledger's transaction (credit-ledger.ts `run`): it
 * changes the balance row `b` in place, writes its transactions and returns their ids; a Refusal
 * rolls everything back.
 */

/** Adds granted credits, optionally expiring at `expiresAt` (epoch ms). */
export function grant(store: LedgerStore, { b, now }: OpContext, input: GrantInput): string[] {
  if (!isPositive(input.amount)) throw new Refusal("invalid_input", "amount must be a positive integer");
  if (input.expiresAt != null && !isCount(input.expiresAt)) throw new Refusal("invalid_input", "expiresAt must be epoch milliseconds");
  const id = store.insertTx(input, now, {
    type: "GRANT",
    status: "COMPLETED",
    amount: input.amount,
    remaining: input.amount,
    expiresAt: input.expiresAt ?? null,
  });
  b.currentBalance += input.amount;
  b.grantedCreditsAvailable += input.amount;
  b.totalGranted += input.amount;
  return [id];
}

/** Adds purchased (non-expiring) credits, unless the account blocks additional purchases. */
export function purchase(store: LedgerStore, { b, s, now }: OpContext, input: PurchaseInput): string[] {
  if (!isPositive(input.amount)) throw new Refusal("invalid_input", "amount must be a positive integer");
  if (s.blockAdditionalPurchases) throw new Refusal("purchases_blocked", "This account does not accept additional credit purchases.");
  const id = store.insertTx(input, now, { type: "PURCHASE", status: "COMPLETED", amount: input.amount });
  b.currentBalance += input.amount;
  b.totalPurchased += input.amount;
  return [id];
}

/**
 * Takes credits away (plan cancelled, chargeback, Stripe refund of a purchase): as much of
 * `amount` as is available, from one grant when `grantTransactionId` is given. Held credits of
 * pending reservations are never taken. The REVOKE records what was asked (`requested`).
 */
export function revoke(store: LedgerStore, { b, now }: OpContext, input: RevokeInput): string[] {
  if (!isPositive(input.amount)) throw new Refusal("invalid_input", "amount must be a positive integer");
  let amount = Math.min(input.amount, b.currentBalance - b.pendingSpend);
  if (input.grantTransactionId) {
    const grant = store.getTx(input.grantTransactionId);
    if (!grant || grant.type !== "GRANT") throw new Refusal("not_found", "No such grant on this account.");
    amount = Math.min(amount, grant.expired ? 0 : grant.remaining);
    store.takeFromGrant(grant.id, amount);
    b.grantedCreditsAvailable -= amount;
    b.currentBalance -= amount;
  } else {
    debit(store, b, amount);
  }
  b.totalRevoked += amount;
  const metadata = {
    ...(input.metadata ?? {}),
    requested: input.amount,
    ...(input.grantTransactionId ? { grantTransactionId: input.grantTransactionId } : {}),
  };
  return [store.insertTx({ ...input, metadata }, now, { type: "REVOKE", status: "COMPLETED", amount: -amount })];
}

/** A manual correction, positive or negative; refused if it would take more than is available. */
export function adjust(store: LedgerStore, { b, now }: OpContext, input: AdjustInput): string[] {
  if (!Number.isSafeInteger(input.amount) || input.amount === 0) throw new Refusal("invalid_input", "amount must be a non-zero integer");
  if (input.amount > 0) {
    b.currentBalance += input.amount;
  } else {
    const available = b.currentBalance - b.pendingSpend;
    if (-input.amount > available) {
      throw new Refusal("insufficient_credits", "Credit limit exceeded", { available, requested: -input.amount });
    }
    debit(store, b, -input.amount);
  }
  b.totalAdjusted += input.amount;
  return [store.insertTx(input, now, { type: "ADJUSTMENT", status: "COMPLETED", amount: input.amount })];
}

/** Reverses a completed SPEND: COMPLETED → REVERSED, the credits come back. */
export function refund(store: LedgerStore, { b, now }: OpContext, input: RefundInput): string[] {
  const tx = store.getTx(input.transactionId);
  if (!tx) throw new Refusal("not_found", "No such transaction on this account.");
  if (!REFUNDABLE_TYPES.includes(tx.type) || !ALLOWED_TRANSITIONS[tx.status].includes("REVERSED")) {
    throw new Refusal("invalid_transition", `A ${tx.status} ${tx.type} cannot be refunded.`, { type: tx.type, status: tx.status });
  }
  const charged = -tx.amount;
  b.currentBalance += charged;
  b.totalRefunded += charged;
  // The spend stops counting toward the limit windows it was settled in.
  if (b.periodStartDay != null && tx.updatedAt >= b.periodStartDay) b.dailySpend = Math.max(0, b.dailySpend - charged);
  if (b.periodStartMonth != null && tx.updatedAt >= b.periodStartMonth) b.monthlySpend = Math.max(0, b.monthlySpend - charged);
  if (b.periodStartYear != null && tx.updatedAt >= b.periodStartYear) b.yearlySpend = Math.max(0, b.yearlySpend - charged);
  const metadata = { ...(parseMeta(tx.metadata) ?? {}), refundedAt: now, refundKey: input.idempotencyKey, ...(input.metadata ?? {}) };
  store.updateTx(tx, now, { status: "REVERSED", metadata });
  return [tx.id];
}

/**
 * Expires every grant whose `expiresAt` has passed: what is left of it becomes an EXPIRE
 * transaction (keyed by the grant, so it can happen once per grant whatever the caller's key).
 * Credits already held by pending reservations are not pulled from under them.
 */
export function expire(store: LedgerStore, { b, now }: OpContext, input: ExpireInput): string[] {
  const ids: string[] = [];
  for (const grant of store.dueGrants(now)) {
    const left = grant.remaining;
    const amount = Math.min(left, b.currentBalance - b.pendingSpend);
    store.markGrantExpired(grant.id, now);
    ids.push(grant.id);
    b.grantedCreditsAvailable -= left;
    if (left === 0) continue;
    b.currentBalance -= amount;
    b.totalExpired += amount;
    ids.push(
      store.insertTx({ ...input, idempotencyKey: `expire:grant:${grant.id}`, metadata: { grantTransactionId: grant.id, remaining: left } }, now, {
        type: "EXPIRE",
        status: "COMPLETED",
        amount: -amount,
      }),
    );
  }
  return ids;
}

/** Takes `amount` from the balance, granted credits first (soonest expiry first). */
export function debit(store: LedgerStore, b: BalanceRow, amount: number) {
  let fromGrants = Math.min(amount, b.grantedCreditsAvailable);
  b.currentBalance -= amount;
  b.grantedCreditsAvailable -= fromGrants;
  if (fromGrants === 0) return;
  for (const g of store.liveGrants()) {
    if (fromGrants === 0) break;
    const take = Math.min(fromGrants, g.remaining);
    store.takeFromGrant(g.id, take);
    fromGrants -= take;
  }
}
