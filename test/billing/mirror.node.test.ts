import { describe, expect, it } from "vitest";
import { mirrorParents, withoutMissingParents, type MirrorBatch } from "../../worker/billing/mirror";

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

  it("drops the rows of a deleted account and nulls a deleted user, as ON DELETE CASCADE and SET NULL would", () => {
    const kept = withoutMissingParents(batch, { accounts: new Set(["acc-1"]), users: new Set(["ann", "bob"]) });
    expect(kept.actions).toEqual([batch.actions[0]]);
    expect(kept.transactions).toEqual([{ accountId: "acc-1", userId: null, id: "t1", amount: 5 }, batch.transactions[1]]);
    expect(kept.balance).toBe(batch.balance);
    expect(kept.settings).toBeNull();
  });

  it("keeps everything when every parent is there", () => {
    expect(withoutMissingParents(batch, { accounts: new Set(["acc-1", "acc-2"]), users: new Set(["ann", "bob", "gone"]) })).toEqual(batch);
  });
});
