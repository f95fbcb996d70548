import { BALANCE_COLUMN_NAMES, type BalanceRow } from "../../worker/billing/balance-columns";
import type { ActionInput, Base, Metadata, SettingsView, TransactionStatus, TransactionType, TransactionView } from "../../worker/billing/ledger-types";
import { parseMeta, Refusal, txView } from "./accounting";
import { markMirror, type MirrorKind } from "./outbox";
import { SAVE_BALANCE, SCHEMA, type Row, type TxRow } from "./schema";

/**
 * The ledger's SQL: every read and write of the object's own tables (schema.ts) that an operation
 * makes, synchronous, so the callers can run them inside one `transactionSync`. Each write of a
 * row the D1 copy holds also notes it for the mirror (outbox.ts) in the same transaction.
 */
export class LedgerStore {
  /** Views of the transactions the current operation wrote, to answer without reading them back. */
  readonly touched = new Map<string, TransactionView>();

  constructor(readonly sql: SqlStorage) {
    // The tables are created on first use and extended in place (CREATE … IF NOT EXISTS).
    sql.exec(SCHEMA);
  }

  // Balance -------------------------------------------------------------------------------------

  /** The balance row as stored, or null before the account's first operation. */
  readBalance(): BalanceRow | null {
    return (this.sql.exec<Row>(`SELECT ${BALANCE_COLUMN_NAMES.join(", ")} FROM balance WHERE k = 1`).toArray()[0] as unknown as BalanceRow) ?? null;
  }

  saveBalance(b: BalanceRow) {
    this.sql.exec(SAVE_BALANCE, ...BALANCE_COLUMN_NAMES.map((c) => b[c]));
  }

  // Transactions --------------------------------------------------------------------------------

  getTx(id: string): TxRow | null {
    return (this.sql.exec<Row>("SELECT * FROM tx WHERE id = ?", id).toArray()[0] as unknown as TxRow) ?? null;
  }

  /** Transactions, newest first. */
  listTx(limit: number): TxRow[] {
    return this.sql.exec<Row>("SELECT * FROM tx ORDER BY createdAt DESC, rowid DESC LIMIT ?", limit).toArray() as unknown as TxRow[];
  }

  insertTx(
    input: Base,
    now: number,
    t: { type: TransactionType; status: TransactionStatus; amount: number; remaining?: number; expiresAt?: number | null; actionId?: string | null },
  ): string {
    const id = crypto.randomUUID();
    const metadata = input.metadata ?? null;
    try {
      this.sql.exec(
        `INSERT INTO tx (id, accountId, userId, actionId, type, status, amount, remaining, idempotencyKey, metadata, expired, expiresAt, createdAt, updatedAt)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`,
        id,
        input.accountId,
        input.userId ?? null,
        t.actionId ?? null,
        t.type,
        t.status,
        t.amount,
        t.remaining ?? 0,
        input.idempotencyKey,
        metadata ? JSON.stringify(metadata) : null,
        t.expiresAt ?? null,
        now,
        now,
      );
    } catch (err) {
      // Every operation's key is checked in `ops` first; this only catches a caller reusing a key
      // the ledger derives itself (expire:grant:…).
      if (String(err).includes("UNIQUE")) throw new Refusal("idempotency_conflict", "Idempotency key already used for another transaction.");
      throw err;
    }
    this.touched.set(id, {
      id,
      accountId: input.accountId,
      userId: input.userId ?? null,
      actionId: t.actionId ?? null,
      type: t.type,
      status: t.status,
      amount: t.amount || 0, // never -0 (a zero hold)
      idempotencyKey: input.idempotencyKey,
      metadata,
      expired: false,
      expiresAt: t.expiresAt ?? null,
      createdAt: now,
      updatedAt: now,
    });
    this.markMirror("tx", id);
    return id;
  }

  updateTx(tx: TxRow, now: number, patch: { status: TransactionStatus; amount?: number; metadata?: Metadata }) {
    const id = tx.id;
    this.touched.set(id, {
      ...txView(tx),
      status: patch.status,
      amount: (patch.amount ?? tx.amount) || 0,
      metadata: patch.metadata ?? parseMeta(tx.metadata),
      updatedAt: now,
    });
    this.sql.exec(
      "UPDATE tx SET status = ?, amount = COALESCE(?, amount), metadata = COALESCE(?, metadata), updatedAt = ? WHERE id = ?",
      patch.status,
      patch.amount ?? null,
      patch.metadata ? JSON.stringify(patch.metadata) : null,
      now,
      id,
    );
    this.markMirror("tx", id);
  }

  // Grants --------------------------------------------------------------------------------------

  /** Grants with credits left, in the order a debit takes them: soonest expiry first, non-expiring last. */
  liveGrants(): { id: string; remaining: number }[] {
    return this.sql
      .exec<{ id: string; remaining: number }>(
        "SELECT id, remaining FROM tx WHERE type = 'GRANT' AND expired = 0 AND remaining > 0 ORDER BY expiresAt IS NULL, expiresAt, createdAt, rowid",
      )
      .toArray();
  }

  /** Grants not yet expired whose `expiresAt` is at or before `now`, oldest expiry first. */
  dueGrants(now: number): TxRow[] {
    return this.sql
      .exec<Row>("SELECT * FROM tx WHERE type = 'GRANT' AND expired = 0 AND expiresAt IS NOT NULL AND expiresAt <= ? ORDER BY expiresAt, createdAt, rowid", now)
      .toArray() as unknown as TxRow[];
  }

  takeFromGrant(id: string, amount: number) {
    this.sql.exec("UPDATE tx SET remaining = remaining - ? WHERE id = ?", amount, id);
  }

  markGrantExpired(id: string, now: number) {
    this.sql.exec("UPDATE tx SET expired = 1, remaining = 0, updatedAt = ? WHERE id = ?", now, id);
    this.markMirror("tx", id);
  }

  // Actions -------------------------------------------------------------------------------------

  insertAction(action: ActionInput, owner: { accountId: string; userId: string | null }, now: number) {
    this.sql.exec(
      `INSERT OR IGNORE INTO actions (id, accountId, userId, category, entityId, entityType, metadata, createdAt)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      action.id,
      owner.accountId,
      owner.userId,
      action.category,
      action.entityId ?? null,
      action.entityType ?? null,
      action.metadata ? JSON.stringify(action.metadata) : null,
      now,
    );
    this.markMirror("action", action.id);
  }

  completeAction(id: string, now: number) {
    this.sql.exec("UPDATE actions SET completedAt = ? WHERE id = ?", now, id);
    this.markMirror("action", id);
  }

  // Settings ------------------------------------------------------------------------------------

  readSettings(): Row | undefined {
    return this.sql.exec<Row>("SELECT * FROM settings WHERE k = 1").toArray()[0];
  }

  writeSettings(next: SettingsView, now: number) {
    const existing = this.sql.exec<{ createdAt: number }>("SELECT createdAt FROM settings WHERE k = 1").toArray()[0];
    this.sql.exec(
      `INSERT OR REPLACE INTO settings (k, id, accountId, userId, hasUnlimitedUsage, dailyLimit, monthlyLimit, yearlyLimit,
             lowBalanceAlert, autoRefillAmount, blockAdditionalPurchases, createdAt, updatedAt)
           VALUES (1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      next.id,
      next.accountId,
      next.userId,
      next.hasUnlimitedUsage ? 1 : 0,
      next.dailyLimit,
      next.monthlyLimit,
      next.yearlyLimit,
      next.lowBalanceAlert,
      next.autoRefillAmount,
      next.blockAdditionalPurchases ? 1 : 0,
      existing?.createdAt ?? now,
      now,
    );
  }

  // Idempotency ---------------------------------------------------------------------------------

  /** The operation already applied under `key`, with its first answer (JSON), if any. */
  priorOp(key: string): { op: string; result: string } | undefined {
    return this.sql.exec<{ op: string; result: string }>("SELECT op, result FROM ops WHERE key = ?", key).toArray()[0];
  }

  recordOp(key: string, op: string, result: string, now: number) {
    this.sql.exec("INSERT INTO ops (key, op, result, createdAt) VALUES (?, ?, ?, ?)", key, op, result, now);
  }

  // Outboxes ------------------------------------------------------------------------------------

  markMirror(kind: MirrorKind, ref: string) {
    markMirror(this.sql, kind, ref);
  }

  /** Whether some change has not reached the D1 copy yet. */
  hasMirrorNotes(): boolean {
    return this.sql.exec("SELECT 1 FROM mirror LIMIT 1").toArray().length > 0;
  }

  countEvents(): number {
    return Number(this.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM events").one().n);
  }

  /** Removes acknowledged events; returns how many there were. */
  deleteEvents(ids: string[]): number {
    let n = 0;
    for (const id of ids) n += this.sql.exec("DELETE FROM events WHERE id = ?", id).rowsWritten;
    return n;
  }

  // Audit ---------------------------------------------------------------------------------------

  /** The sums the balance row must agree with, computed from the transaction rows. */
  sums(): { completedSum: number; pendingHeld: number; grantsRemaining: number; transactionCount: number } {
    const one = (q: string) => Number(this.sql.exec<{ v: number }>(q).one().v ?? 0);
    return {
      completedSum: one("SELECT COALESCE(SUM(amount), 0) AS v FROM tx WHERE status = 'COMPLETED'"),
      pendingHeld: -one("SELECT COALESCE(SUM(amount), 0) AS v FROM tx WHERE status = 'PENDING'"),
      grantsRemaining: one("SELECT COALESCE(SUM(remaining), 0) AS v FROM tx WHERE type = 'GRANT' AND expired = 0"),
      transactionCount: one("SELECT COUNT(*) AS v FROM tx"),
    };
  }
}
