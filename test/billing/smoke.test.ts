import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { key, seededLedger } from "./helpers";

describe("smoke", () => {
  it("grants, reserves, settles", async () => {
    const { ledger, userId } = await seededLedger();
    const g = await ledger.grant({ amount: 100, idempotencyKey: key(), userId });
    expect(g.balance.currentBalance).toBe(100);
    const r = await ledger.reserve({ amount: 30, idempotencyKey: key(), userId });
    expect(r.balance.pendingSpend).toBe(30);
    const s = await ledger.settle({ reservationId: r.transactions[0]!.id, actualAmount: 20, idempotencyKey: key() });
    expect(s.balance.currentBalance).toBe(80);
    // The alarm may already have copied it; flushMirror waits for any flush in progress.
    await ledger.flushMirror();
    const row = await env.DB.prepare(`SELECT status, amount FROM "Transaction" WHERE id = ?`).bind(r.transactions[0]!.id).first();
    expect(row).toEqual({ status: "COMPLETED", amount: -20 });
  });
});
