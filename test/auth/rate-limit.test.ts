import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { SIGN_IN_RATE_LIMIT } from "../../worker/auth/auth";
import worker from "../../worker/index";
import { createTestUser, testClientIp } from "../helpers/auth";

function signIn(email: string, password: string, ip: string) {
  return SELF.fetch("http://localhost/api/auth/sign-in/email", {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": ip },
    body: JSON.stringify({ email, password }),
  });
}

describe("sign-in rate limit", () => {
  it(`allows ${SIGN_IN_RATE_LIMIT.max} attempts per ${SIGN_IN_RATE_LIMIT.window} s from one address, then answers 429 {message, code}`, async () => {
    const u = await createTestUser();
    const ip = testClientIp();
    for (let i = 0; i < SIGN_IN_RATE_LIMIT.max; i++) {
      expect((await signIn(u.email, "wrong-password", ip)).status).toBe(401);
    }
    const limited = await signIn(u.email, u.password, ip);
    expect(limited.status).toBe(429);
    const body = (await limited.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(["code", "message"]);
    expect(body.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);

    // The count lives in D1 (shared by every isolate), not in one isolate's memory.
    const rows = await env.DB.prepare(`SELECT count FROM "RateLimit" WHERE key LIKE ?`).bind(`%${ip}%`).all<{ count: number }>();
    expect(rows.results.length).toBe(1);

    // Another address is not affected.
    expect((await signIn(u.email, u.password, testClientIp())).status).toBe(200);
  });

  it("applies to the login form too", async () => {
    const u = await createTestUser();
    const ip = testClientIp();
    const post = () =>
      SELF.fetch("http://localhost/login", {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost", host: "localhost", "cf-connecting-ip": ip },
        body: new URLSearchParams({ email: u.email, password: "wrong" }).toString(),
      });
    for (let i = 0; i < SIGN_IN_RATE_LIMIT.max; i++) expect((await post()).status).toBe(401);
    const limited = await post();
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain("Too many sign-in attempts");
  });

  it("SIGN_IN_MAX_ATTEMPTS sets how many attempts an address gets", async () => {
    const u = await createTestUser();
    const ip = testClientIp();
    // A distinct env object builds its own auth instance with this configuration.
    const configured = { ...env, SIGN_IN_MAX_ATTEMPTS: "2" };
    const attempt = async () => {
      const ctx = createExecutionContext();
      const res = await worker.fetch(
        new Request("http://localhost/api/auth/sign-in/email", {
          method: "POST",
          headers: { "content-type": "application/json", "cf-connecting-ip": ip },
          body: JSON.stringify({ email: u.email, password: "wrong-password" }),
        }) as never,
        configured as never,
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return res.status;
    };
    expect([await attempt(), await attempt(), await attempt()]).toEqual([401, 401, 429]);
  });

  it("SIGN_UP_MAX_ATTEMPTS sets how many sign-ups an address gets", async () => {
    const ip = testClientIp();
    const configured = { ...env, SIGN_UP_MAX_ATTEMPTS: "1" };
    const signUp = async (n: number) => {
      const ctx = createExecutionContext();
      const res = await worker.fetch(
        new Request("http://localhost/api/auth/sign-up/email", {
          method: "POST",
          headers: { "content-type": "application/json", "cf-connecting-ip": ip },
          body: JSON.stringify({
            email: `limit-${n}-${crypto.randomUUID().slice(0, 8)}@example.test`,
            password: "Tabletop-exercise-2026!",
            name: "Limit Test",
          }),
        }) as never,
        configured as never,
        ctx,
      );
      await waitOnExecutionContext(ctx);
      return res.status;
    };
    const first = await signUp(1);
    expect(first).not.toBe(429);
    expect(await signUp(2)).toBe(429);
  });
});
