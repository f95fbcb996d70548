import { BALANCE_COLUMN_NAMES, BALANCE_TABLE_DDL } from "../../worker/billing/balance-columns";
import type { TransactionView } from "../../worker/billing/ledger-types";

/** The ledger object's SQLite tables, and the row shapes read from them. */

export const SCHEMA = `
${BALANCE_TABLE_DDL}
CREATE TABLE IF NOT EXISTS settings (
  k INTEGER PRIMARY KEY CHECK (k = 1),
  id TEXT NOT NULL,
  accountId TEXT NOT NULL,
  userId TEXT,
  hasUnlimitedUsage INTEGER NOT NULL DEFAULT 0,
  dailyLimit INTEGER,
  monthlyLimit INTEGER,
  yearlyLimit INTEGER,
  lowBalanceAlert INTEGER,
  autoRefillAmount INTEGER,
  blockAdditionalPurchases INTEGER NOT NULL DEFAULT 0,
  createdAt INTEGER NOT NULL,
  updatedAt INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS tx (
  id TEXT PRIMARY KEY,
  accountId TEXT NOT NULL,
  userId TEXT,
  actionId TEXT,
  type TEXT NOT NULL CHECK (type IN ('PURCHASE','GRANT','SPEND','EXPIRE','REVOKE','ADJUSTMENT')),
  status TEXT NOT NULL CHECK (status IN ('PENDING','COMPLETED','FAILED','REVERSED')),
  amount INTEGER NOT NULL,
  -- GRANT only: credits of this grant not yet spent, revoked or expired.
  remaining INTEGER NOT NULL DEFAULT 0 CHECK (remaining >= 0),
  idempotencyKey TEXT NOT NULL UNIQUE,
  metadata TEXT,
  expired INTEGER NOT NULL DEFAULT 0,
  expiresAt INTEGER,
  createdAt INTEGER NOT NULL,
  updatedAt INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS tx_live_grants ON tx (expiresAt, createdAt) WHERE type = 'GRANT' AND expired = 0;
CREATE INDEX IF NOT EXISTS tx_pending ON tx (status) WHERE status = 'PENDING';
CREATE TABLE IF NOT EXISTS actions (
  id TEXT PRIMARY KEY,
  accountId TEXT NOT NULL,
  userId TEXT,
  category TEXT NOT NULL,
  entityId TEXT,
  entityType TEXT,
  metadata TEXT,
  createdAt INTEGER NOT NULL,
  completedAt INTEGER
);
-- One row per applied operation: a repeated idempotency key returns this result.
CREATE TABLE IF NOT EXISTS ops (
  key TEXT PRIMARY KEY,
  op TEXT NOT NULL,
  result TEXT NOT NULL,
  createdAt INTEGER NOT NULL
);
-- Rows whose current state the D1 copy has not received yet (see worker/billing/mirror.ts).
CREATE TABLE IF NOT EXISTS mirror (
  kind TEXT NOT NULL,
  ref TEXT NOT NULL,
  seq INTEGER NOT NULL,
  PRIMARY KEY (kind, ref)
);
CREATE TABLE IF NOT EXISTS events (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  payload TEXT NOT NULL,
  createdAt INTEGER NOT NULL,
  leasedUntil INTEGER
);
`;

export type Row = Record<string, SqlStorageValue>;

/** A stored transaction: its view with SQLite's encodings (metadata as JSON text, expired as 0/1) and the grant's remaining credits. */
export type TxRow = Omit<TransactionView, "metadata" | "expired"> & { metadata: string | null; expired: number; remaining: number };

export const SAVE_BALANCE = `INSERT OR REPLACE INTO balance (k, ${BALANCE_COLUMN_NAMES.join(", ")}) VALUES (1, ${BALANCE_COLUMN_NAMES.map(() => "?").join(", ")})`;
