import { chunk } from "../lib/chunk";
import { MIRRORED_BALANCE_COLUMNS } from "./balance-columns";
import type { BalanceView, Metadata, SettingsView, TransactionView } from "./ledger-types";

/** Upsert of the CreditBalance copy, from the one column list; only a newer version replaces it. */
const UPSERT_BALANCE = `INSERT INTO "CreditBalance" (${MIRRORED_BALANCE_COLUMNS.join(", ")})
  VALUES (${MIRRORED_BALANCE_COLUMNS.map(() => "?").join(", ")})
  ON CONFLICT(accountId) DO UPDATE SET ${MIRRORED_BALANCE_COLUMNS.filter((c) => c !== "id" && c !== "accountId")
    .map((c) => `${c} = excluded.${c}`)
    .join(", ")}
  WHERE excluded.version > "CreditBalance".version`;

/**
 * The D1 copy of the ledger, for reporting. Written by the CREDIT_LEDGER object itself, from an
 * outbox committed in the same SQLite transaction as each change (see the object's `alarm`).
 *
 * Why the object and not the calling Worker: the outbox row commits atomically with the ledger
 * change, so a Worker that dies between "DO call returned" and "D1 written" cannot leave the copy
 * missing a row; the alarm retries until D1 accepts, and many changes go to D1 in one batch, which
 * keeps D1 latency off the reserve/settle path.
 *
 * Every statement is an upsert keyed by the row's id (or the account for the one-per-account
 * rows) that writes the row's CURRENT state, so a retried or repeated flush never duplicates a
 * row and never moves it backwards (the balance row only moves forward by `version`).
 */

export interface ActionRow {
  id: string;
  accountId: string;
  userId: string | null;
  category: string;
  entityId: string | null;
  entityType: string | null;
  metadata: Metadata | null;
  createdAt: number;
  completedAt: number | null;
}

export interface MirrorBatch {
  actions: ActionRow[];
  transactions: TransactionView[];
  balance: BalanceView | null;
  settings: (SettingsView & { createdAt: number; updatedAt: number }) | null;
}

const json = (value: Metadata | null) => (value == null ? null : JSON.stringify(value));
const flag = (value: boolean) => (value ? 1 : 0);

export function mirrorStatements(db: D1Database, batch: MirrorBatch): D1PreparedStatement[] {
  const out: D1PreparedStatement[] = [];
  // Parents before children: Transaction.actionId references Action.
  for (const a of batch.actions) {
    out.push(
      db
        .prepare(
          `INSERT INTO "Action" (id, accountId, userId, category, entityId, entityType, metadata, createdAt, completedAt)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT(id) DO UPDATE SET completedAt = excluded.completedAt, metadata = excluded.metadata`,
        )
        .bind(a.id, a.accountId, a.userId, a.category, a.entityId, a.entityType, json(a.metadata), a.createdAt, a.completedAt),
    );
  }
  for (const t of batch.transactions) {
    out.push(
      db
        .prepare(
          `INSERT INTO "Transaction" (id, amount, type, status, idempotencyKey, metadata, expired, expiresAt, createdAt, accountId, userId, actionId)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT(id) DO UPDATE SET amount = excluded.amount, status = excluded.status,
             metadata = excluded.metadata, expired = excluded.expired`,
        )
        .bind(
          t.id,
          t.amount,
          t.type,
          t.status,
          t.idempotencyKey,
          json(t.metadata),
          flag(t.expired),
          t.expiresAt,
          t.createdAt,
          t.accountId,
          t.userId,
          t.actionId,
        ),
    );
  }
  if (batch.balance) {
    const b = batch.balance;
    out.push(db.prepare(UPSERT_BALANCE).bind(...MIRRORED_BALANCE_COLUMNS.map((column) => b[column])));
  }
  if (batch.settings) {
    const s = batch.settings;
    out.push(
      db
        .prepare(
          `INSERT INTO "CreditSettings" (id, accountId, userId, hasUnlimitedUsage, dailyLimit, monthlyLimit, yearlyLimit,
             lowBalanceAlert, autoRefillAmount, blockAdditionalPurchases, createdAt, updatedAt)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT(accountId) DO UPDATE SET userId = excluded.userId, hasUnlimitedUsage = excluded.hasUnlimitedUsage,
             dailyLimit = excluded.dailyLimit, monthlyLimit = excluded.monthlyLimit, yearlyLimit = excluded.yearlyLimit,
             lowBalanceAlert = excluded.lowBalanceAlert, autoRefillAmount = excluded.autoRefillAmount,
             blockAdditionalPurchases = excluded.blockAdditionalPurchases, updatedAt = excluded.updatedAt`,
        )
        .bind(
          s.id,
          s.accountId,
          s.userId,
          flag(s.hasUnlimitedUsage),
          s.dailyLimit,
          s.monthlyLimit,
          s.yearlyLimit,
          s.lowBalanceAlert,
          s.autoRefillAmount,
          flag(s.blockAdditionalPurchases),
          s.createdAt,
          s.updatedAt,
        ),
    );
  }
  return out;
}

/** The D1 rows a batch's rows point at: their accounts and (where set) their users. */
export function mirrorParents(batch: MirrorBatch): { accountIds: string[]; userIds: string[] } {
  const rows = [...batch.actions, ...batch.transactions, ...(batch.balance ? [batch.balance] : []), ...(batch.settings ? [batch.settings] : [])];
  return {
    accountIds: [...new Set(rows.map((r) => r.accountId))],
    userIds: [...new Set(rows.map((r) => r.userId).filter((id): id is string => id !== null))],
  };
}

/**
 * The batch as D1's foreign keys would have left its rows had they been written before these users
 * were deleted: the user's id becomes null (ON DELETE SET NULL); every row is kept.
 */
export function withoutMissingUsers(batch: MirrorBatch, presentUsers: ReadonlySet<string>): MirrorBatch {
  const keep = <T extends { userId: string | null }>(row: T): T => (row.userId !== null && !presentUsers.has(row.userId) ? { ...row, userId: null } : row);
  return {
    actions: batch.actions.map(keep),
    transactions: batch.transactions.map(keep),
    balance: batch.balance && keep(batch.balance),
    settings: batch.settings && keep(batch.settings),
  };
}

/** D1's refusal of a row whose parent row is missing (its message, or its cause's). */
export function isForeignKeyFailure(err: unknown): boolean {
  const message = (e: unknown) => (e instanceof Error ? e.message : "");
  return [message(err), message(err instanceof Error ? err.cause : null)].some((m) => m.includes("FOREIGN KEY constraint failed"));
}

/** D1 binds at most 100 parameters a statement. */
const IDS_PER_QUERY = 90;

/** Which of `accountIds` and `userIds` D1 still has. */
export async function presentParents(db: D1Database, parents: { accountIds: string[]; userIds: string[] }) {
  const present = async (table: "Account" | "User", ids: string[]) => {
    const found = new Set<string>();
    for (const part of chunk(ids, IDS_PER_QUERY)) {
      const { results } = await db
        .prepare(`SELECT id FROM "${table}" WHERE id IN (${part.map(() => "?").join(", ")})`)
        .bind(...part)
        .all<{ id: string }>();
      for (const row of results) found.add(row.id);
    }
    return found;
  };
  return { accounts: await present("Account", parents.accountIds), users: await present("User", parents.userIds) };
}
