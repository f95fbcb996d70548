/**
 * The one list of a credit balance's columns (issue 10). The CREDIT_LEDGER object's SQLite table,
 * its row type, the public BalanceView and the D1 CreditBalance mirror are all derived from it, so
 * a column is added in one place. (The D1 table itself is declared with drizzle in
 * worker/db/schema/billing.ts; test/billing/balance-columns.node.test.ts checks it carries exactly
 * the mirrored columns.)
 */
const BALANCE_COLUMNS = {
  id: "TEXT NOT NULL",
  accountId: "TEXT NOT NULL",
  userId: "TEXT",
  version: "INTEGER NOT NULL DEFAULT 0",
  currentBalance: "INTEGER NOT NULL DEFAULT 0 CHECK (currentBalance >= 0)",
  grantedCreditsAvailable: "INTEGER NOT NULL DEFAULT 0 CHECK (grantedCreditsAvailable >= 0 AND grantedCreditsAvailable <= currentBalance)",
  pendingSpend: "INTEGER NOT NULL DEFAULT 0 CHECK (pendingSpend >= 0 AND pendingSpend <= currentBalance)",
  dailySpend: "INTEGER NOT NULL DEFAULT 0",
  monthlySpend: "INTEGER NOT NULL DEFAULT 0",
  yearlySpend: "INTEGER NOT NULL DEFAULT 0",
  totalGranted: "INTEGER NOT NULL DEFAULT 0",
  totalPurchased: "INTEGER NOT NULL DEFAULT 0",
  totalSpent: "INTEGER NOT NULL DEFAULT 0",
  totalExpired: "INTEGER NOT NULL DEFAULT 0",
  totalRefunded: "INTEGER NOT NULL DEFAULT 0",
  totalRevoked: "INTEGER NOT NULL DEFAULT 0",
  /** Net of all adjustments (positive and negative). */
  totalAdjusted: "INTEGER NOT NULL DEFAULT 0",
  /** Start instants (epoch ms) of the current UTC day / month / year spend windows. */
  periodStartDay: "INTEGER",
  periodStartMonth: "INTEGER",
  periodStartYear: "INTEGER",
  lastUpdated: "INTEGER NOT NULL",
  /** Whether the low-balance alert / auto-refill may fire again (the object's own bookkeeping). */
  alertArmed: "INTEGER NOT NULL DEFAULT 0",
  refillArmed: "INTEGER NOT NULL DEFAULT 0",
} as const;

type Definitions = typeof BALANCE_COLUMNS;
export type BalanceColumn = keyof Definitions;

/** The TypeScript type of a column, read from its SQL definition. */
type ValueOf<D extends string> = D extends `TEXT NOT NULL${string}`
  ? string
  : D extends `TEXT${string}`
    ? string | null
    : D extends `INTEGER NOT NULL${string}`
      ? number
      : number | null;

/** The stored balance row, as the ledger object reads and writes it. */
export type BalanceRow = { -readonly [K in BalanceColumn]: ValueOf<Definitions[K]> };

/** Columns that stay inside the object: they are neither shown nor mirrored. */
export const INTERNAL_BALANCE_COLUMNS = ["alertArmed", "refillArmed"] as const satisfies readonly BalanceColumn[];

/** The columns of spec §3's CreditBalance that the D1 mirror keeps (the running totals of purchases, revocations and adjustments stay in the object). */
export const MIRRORED_BALANCE_COLUMNS = [
  "id",
  "accountId",
  "userId",
  "version",
  "currentBalance",
  "grantedCreditsAvailable",
  "pendingSpend",
  "dailySpend",
  "monthlySpend",
  "yearlySpend",
  "totalGranted",
  "totalSpent",
  "totalExpired",
  "totalRefunded",
  "periodStartDay",
  "periodStartMonth",
  "periodStartYear",
  "lastUpdated",
] as const satisfies readonly BalanceColumn[];

export const BALANCE_COLUMN_NAMES = Object.keys(BALANCE_COLUMNS) as BalanceColumn[];

/** The object's `balance` table: one row (k = 1) with every column above. */
export const BALANCE_TABLE_DDL = `CREATE TABLE IF NOT EXISTS balance (
  k INTEGER PRIMARY KEY CHECK (k = 1),
${BALANCE_COLUMN_NAMES.map((column) => `  ${column} ${BALANCE_COLUMNS[column]}`).join(",\n")}
);`;
