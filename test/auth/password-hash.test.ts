import { env } from "cloudflare:test";
import { verifyPassword } from "better-auth/crypto";
import { describe, expect, it } from "vitest";
import { api, expectStatus, json } from "../helpers/api";

/** The stored hash of a user's password (better-auth's credential account). */
async function storedHash(userId: string): Promise<string> {
  const row = await env.DB.prepare('SELECT "password" FROM "Account" WHERE "userId" = ? AND "provider" = ?')
    .bind(userId, "credential")
    .first<{ password: string }>();
  if (!row) throw new Error(`no credential account for ${userId}`);
  return row.password;
}

async function signUp(workerEnv: object) {
  const email = `hash-${crypto.randomUUID().slice(0, 12)}@example.test`;
  const res = await api("/api/auth/sign-up/email", {
    body: { email, password: "correct-horse-battery", firstName: "Ada", lastName: "Okafor" },
    env: workerEnv,
  });
  await expectStatus(res, 200, "sign-up");
  return (await json<{ user: { id: string } }>(res)).user.id;
}

describe("password hashes as stored (worker/auth/password-hash.ts)", () => {
  it("a Worker outside the test suite stores better-auth's full-cost scrypt hash", async () => {
    const hash = await storedHash(await signUp({ ...env, APP_ENV: "local" }));
    expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect(await verifyPassword({ hash, password: "correct-horse-battery" })).toBe(true);
  });

  it("the suite's Worker stores the test-cost hash, which better-auth's own verifier refuses", async () => {
    const hash = await storedHash(await signUp(env));
    expect(hash.startsWith("test-scrypt-n1024-r8$")).toBe(true);
    expect(await verifyPassword({ hash, password: "correct-horse-battery" })).toBe(false);
  });
});
