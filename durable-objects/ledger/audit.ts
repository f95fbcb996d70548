import type { BalanceRow } from "../../worker/billing/balance-columns";
import type { LedgerAudit } from "../../worker/billing/ledger-types";
import { balanceView, freshBalance } from "./accounting";
import type { LedgerStore } from "./store";

/**
 * The stored balance row checked against the transaction rows' sums: the accounting identity
 * (credit-ledger.ts), the sums it must equal, its bounds, and that the object's in-memory copy
 * (`cached`) matches what is stored.
 */
export function auditLedger(stored: BalanceRow | null, cached: BalanceRow | null, sums: ReturnType<LedgerStore["sums"]>, now: number): LedgerAudit {
  const b = stored ?? freshBalance("", null, now);
  const { completedSum, pendingHeld, grantsRemaining, transactionCount } = sums;
  const identity = b.totalGranted + b.totalPurchased + b.totalRefunded + b.totalAdjusted - b.totalSpent - b.totalExpired - b.totalRevoked;
  const problems: string[] = [];
  if (identity !== b.currentBalance) problems.push(`identity ${identity} ≠ currentBalance ${b.currentBalance}`);
  if (completedSum !== b.currentBalance) problems.push(`Σ completed ${completedSum} ≠ currentBalance ${b.currentBalance}`);
  if (pendingHeld !== b.pendingSpend) problems.push(`Σ pending ${pendingHeld} ≠ pendingSpend ${b.pendingSpend}`);
  if (grantsRemaining !== b.grantedCreditsAvailable) problems.push(`Σ grants ${grantsRemaining} ≠ grantedCreditsAvailable ${b.grantedCreditsAvailable}`);
  if (b.currentBalance < 0 || b.pendingSpend < 0 || b.pendingSpend > b.currentBalance) problems.push("balance bounds violated");
  if (stored && cached && JSON.stringify(cached) !== JSON.stringify(stored)) problems.push("in-memory balance differs from the stored row");
  return { ok: problems.length === 0, problems, balance: balanceView(b), completedSum, pendingHeld, grantsRemaining, transactionCount };
}
