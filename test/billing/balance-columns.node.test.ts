import { getTableColumns } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BALANCE_COLUMN_NAMES, BALANCE_TABLE_DDL, INTERNAL_BALANCE_COLUMNS, MIRRORED_BALANCE_COLUMNS } from "../../worker/billing/balance-columns";
import { creditBalances } from "../../worker/db/schema";

// One column list (worker/billing/balance-columns.ts) feeds the ledger object's table, its row and
// view types and the D1 mirror's upsert. The D1 table is drizzle's; this keeps the two in step.
describe("credit balance columns", () => {
  it("the D1 CreditBalance table has exactly the mirrored columns", () => {
    const d1Columns = Object.values(getTableColumns(creditBalances)).map((c) => c.name);
    expect([...d1Columns].sort()).toEqual([...MIRRORED_BALANCE_COLUMNS].sort());
  });

  it("the object's table declares every column once, and the internal ones are never mirrored", () => {
    for (const column of BALANCE_COLUMN_NAMES) expect(BALANCE_TABLE_DDL.match(new RegExp(`^  ${column} `, "gm"))).toHaveLength(1);
    for (const column of INTERNAL_BALANCE_COLUMNS) expect(MIRRORED_BALANCE_COLUMNS as readonly string[]).not.toContain(column);
    expect(BALANCE_TABLE_DDL).toContain("CHECK (pendingSpend >= 0 AND pendingSpend <= currentBalance)");
  });
});
