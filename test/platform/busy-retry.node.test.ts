import { describe, expect, it } from "vitest";
import { appBindings, retryingWhenBusy } from "../../worker/db/busy-retry";
import type { Env } from "../../worker/env";

/** A D1 stand-in whose writes meet another process's lock `busy` times before they go through. */
function lockedDb(busy: number, error = "D1_ERROR: database is locked: SQLITE_BUSY") {
  const calls = { run: 0, batch: 0, batched: [] as unknown[] };
  let left = busy;
  const meetLock = () => {
    if (left-- > 0) throw new Error("Failed query", { cause: new Error(error) });
  };
  const statement = (sql: string, params: unknown[] = []) => ({
    sql,
    params,
    bind: (...values: unknown[]) => statement(sql, values),
    run: async () => {
      calls.run++;
      meetLock();
      return { success: true, meta: {}, results: [] };
    },
    first: async () => null,
    all: async () => ({ results: [] }),
    raw: async () => [],
  });
  const db = {
    prepare: (sql: string) => statement(sql),
    batch: async (stmts: unknown[]) => {
      calls.batch++;
      calls.batched = stmts;
      meetLock();
      return [];
    },
  };
  return { db: db as unknown as D1Database, calls };
}

describe("local D1 retry when another process holds the lock", () => {
  it("tries a busy statement again until it goes through", async () => {
    const { db, calls } = lockedDb(2);
    await expect(retryingWhenBusy(db).prepare("UPDATE t SET x = ?").bind(1).run()).resolves.toMatchObject({ success: true });
    expect(calls.run).toBe(3);
  });

  it("hands batches the real statements and retries them whole", async () => {
    const { db, calls } = lockedDb(1);
    const wrapped = retryingWhenBusy(db);
    await wrapped.batch([wrapped.prepare("UPDATE a SET x = 1"), wrapped.prepare("UPDATE b SET y = ?").bind(2)]);
    expect(calls.batch).toBe(2);
    expect(calls.batched.map((s) => (s as { sql: string; params: unknown[] }).sql)).toEqual(["UPDATE a SET x = 1", "UPDATE b SET y = ?"]);
    expect((calls.batched[1] as { params: unknown[] }).params).toEqual([2]);
  });

  it("lets any other error through at once, and gives up on a lock that never clears", async () => {
    const other = lockedDb(1, "UNIQUE constraint failed");
    await expect(retryingWhenBusy(other.db).prepare("INSERT").run()).rejects.toThrow("Failed query");
    expect(other.calls.run).toBe(1);
    const stuck = lockedDb(1_000);
    await expect(retryingWhenBusy(stuck.db).prepare("UPDATE").run()).rejects.toThrow("Failed query");
    expect(stuck.calls.run).toBe(8);
  });

  it("wraps only the local app's binding, once per isolate", () => {
    const { db } = lockedDb(0);
    const production = { APP_ENV: "production", DB: db } as unknown as Env;
    expect(appBindings(production)).toBe(production);
    const local = { APP_ENV: "local", DB: db } as unknown as Env;
    expect(appBindings(local).DB).not.toBe(db);
    expect(appBindings(local)).toBe(appBindings(local));
  });
});
