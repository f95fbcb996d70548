import { hashPassword, verifyPassword } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { passwordHasher } from "../../worker/auth/password-hash";

describe("password hashing: better-auth's full cost everywhere but the test suite's Worker", () => {
  it("deployed and local Workers keep better-auth's own hasher", () => {
    expect(passwordHasher({ APP_ENV: "production" })).toBeUndefined();
    expect(passwordHasher({ APP_ENV: "local" })).toBeUndefined();
  });

  it("the suite's hash verifies its password only, and says it was made at the test cost", async () => {
    const hasher = passwordHasher({ APP_ENV: "test" })!;
    const hash = await hasher.hash("correct-horse-battery");
    expect(hash).toMatch(/^test-scrypt-n1024-r8\$[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await hasher.hash("correct-horse-battery")).not.toBe(hash); // a salt of its own each time
    expect(await hasher.verify({ hash, password: "correct-horse-battery" })).toBe(true);
    expect(await hasher.verify({ hash, password: "correct-horse-batterY" })).toBe(false);
    const tampered = hash.slice(0, -2) + (hash.endsWith("00") ? "11" : "00");
    expect(await hasher.verify({ hash: tampered, password: "correct-horse-battery" })).toBe(false);
    expect(await hasher.verify({ hash: "test-scrypt-n1024-r8$no-key", password: "correct-horse-battery" })).toBe(false);
    // Anywhere else (better-auth's own verifier) such a hash verifies nothing.
    expect(await verifyPassword({ hash, password: "correct-horse-battery" })).toBe(false);
  });

  it("a full-cost hash (the seed's) still verifies in the suite", async () => {
    const hasher = passwordHasher({ APP_ENV: "test" })!;
    const full = await hashPassword("demo-password-1");
    expect(await hasher.verify({ hash: full, password: "demo-password-1" })).toBe(true);
    expect(await hasher.verify({ hash: full, password: "demo-password-2" })).toBe(false);
  });
});
