import { describe, expect, it } from "vitest";
import { isForeignKeyFailure, mirrorParents, withoutMissingUsers, type MirrorBatch } from "../../worker/billing/mirror";

// Only the fields the parent checks read; the rest of each row is carried through untouched.
const row = <T>(accountId: string, userId: string | null, rest: object = {}) => ({ accountId, userId, ...rest }) as unknown as T;
type Row<K extends keyof MirrorBatch> = NonNullable<MirrorBatch[K]> extends (infer R)[] ? R : NonNullable<MirrorBatch[K]>;

const batch: MirrorBatch = {
  actions: [row<Row<"actions">>("acc-1", "ann", { id: "a1" }), row<Row<"actions">>("acc-2", "bob", { id: "a2" })],
  transactions: [row<Row<"transactions">>("acc-1", "gone", { id: "t1", amount: 5 }), row<Row<"transactions">>("acc-1", null, { id: "t2" })],
  balance: row<Row<"balance">>("acc-1", "ann", { currentBalance: 5 }),
  settings: row<Row<"settings">>("acc-2", "gone", { monthlyLimit: 10 }),
};

describe("the D1 copy's parents", () => {
  it("lists each account and each set user once", () => {
    expect(mirrorParents(batch)).toEqual({ accountIds: ["acc-1", "acc-2"], userIds: ["ann", "bob", "gone"] });
  });

  it("keeps every row and nulls only a deleted user, as ON DELETE SET NULL would", () => {
    const kept = withoutMissingUsers(batch, new Set(["ann", "bob"]));
    expect(kept.actions).toEqual(batch.actions);
    expect(kept.transactions).toEqual([{ accountId: "acc-1", userId: null, id: "t1", amount: 5 }, batch.transactions[1]]);
    expect(kept.balance).toBe(batch.balance);
    expect(kept.settings).toEqual({ accountId: "acc-2", userId: null, monthlyLimit: 10 });
  });

  it("changes nothing when every user is there", () => {
    expect(withoutMissingUsers(batch, new Set(["ann", "bob", "gone"]))).toEqual(batch);
  });

  it("tells D1's foreign-key refusal, directly or as the cause, from other errors", () => {
    const d1 = new Error("D1_ERROR: FOREIGN KEY constraint failed: SQLITE_CONSTRAINT");
    expect(isForeignKeyFailure(d1)).toBe(true);
    expect(isForeignKeyFailure(new Error("batch failed", { cause: d1 }))).toBe(true);
    expect(isForeignKeyFailure(new Error("D1_ERROR: D1 is unavailable: SQLITE_CONSTRAINT_TRIGGER"))).toBe(false);
    expect(isForeignKeyFailure("FOREIGN KEY constraint failed")).toBe(false);
  });
});
