import { describe, expect, it } from "vitest";
import { whenUnlocked } from "../../scripts/lib/d1.ts";

describe("scripts' local database: a write that meets the running app's lock", () => {
  it("is tried again while SQLite answers busy, and succeeds once the lock is gone", async () => {
    let calls = 0;
    const result = await whenUnlocked(async () => {
      calls += 1;
      if (calls < 3) throw new Error("D1_ERROR: database is locked: SQLITE_BUSY");
      return "done";
    });
    expect(result).toBe("done");
    expect(calls).toBe(3);
  });

  it("passes any other error on at once", async () => {
    let calls = 0;
    await expect(
      whenUnlocked(async () => {
        calls += 1;
        throw new Error("D1_ERROR: no such table: Nope");
      }),
    ).rejects.toThrow("no such table");
    expect(calls).toBe(1);
  });
});
