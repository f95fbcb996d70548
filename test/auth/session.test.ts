import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { requireUser } from "../../worker/auth/middleware";
import { getDb } from "../../worker/db/client";
import { accounts, sessions, userAccounts, users } from "../../worker/db/schema";
import { nowDate, nowMs } from "../../worker/lib/clock";
import type { AppEnv } from "../../worker/types";
import { api, apiError, expectStatus, json, signIn } from "../helpers/api";
import { createTestUser, signUpTestUser } from "../helpers/auth";
import { expectConsoleError } from "../helpers/console";

async function getSession(cookie: string) {
  return json<{ user: { id: string; email: string } } | null>(await api("/api/auth/get-session", { cookie }));
}

describe("sign-up", () => {
  it("creates the user, a SOLO tenancy account linked through UserAccount, and a session cookie", async () => {
    const u = await signUpTestUser({ email: "solo@example.test", firstName: "Sam", lastName: "Reyes" });
    const db = getDb(env.DB);
    const user = await db.query.users.findFirst({ where: eq(users.id, u.userId) });
    expect(user).toMatchObject({ email: "solo@example.test", firstName: "Sam", lastName: "Reyes", role: "basic", onboarded: false });
    const links = await db.select().from(userAccounts).where(eq(userAccounts.userId, u.userId));
    expect(links).toHaveLength(1);
    expect(links[0]).toMatchObject({ accountId: u.accountId, role: "OWNER" });
    const [tenancy] = await db.select().from(accounts).where(eq(accounts.id, u.accountId));
    expect(tenancy).toMatchObject({ type: "SOLO", userId: u.userId, provider: "readyroom" });
    // The credential hash lives on better-auth's own account row, not on the tenancy account.
    const credential = await db.select().from(accounts).where(eq(accounts.provider, "credential"));
    expect(credential.filter((a) => a.userId === u.userId)).toHaveLength(1);
    expect(tenancy!.password).toBeNull();

    const cookieNames = u.cookie.split("; ").map((c) => c.split("=")[0]);
    expect(cookieNames).toContain("readyroom.session_token");
    expect((await getSession(u.cookie))?.user.email).toBe("solo@example.test");
  });

  it("sets the session cookie HttpOnly and SameSite=Lax (not Secure on http://localhost)", async () => {
    const u = await createTestUser();
    const res = await api("/api/auth/sign-in/email", { body: { email: u.email, password: u.password } });
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith("readyroom.session_token="));
    expect(setCookie).toBeDefined();
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/;\s*Secure/i);
  });
});

describe("sign-in and sign-out", () => {
  it("signs in with the right password and refuses a wrong one", async () => {
    const u = await createTestUser();
    const bad = await api("/api/auth/sign-in/email", { body: { email: u.email, password: "wrong-password" } });
    await expectStatus(bad, 401);
    expect(Object.keys(await apiError(bad))).toEqual(expect.arrayContaining(["message", "code"]));
    const cookie = await signIn(u.email, u.password);
    expect((await getSession(cookie))?.user.id).toBe(u.userId);
  });

  it("signs out: the session row is deleted and the old cookie no longer works", async () => {
    const u = await createTestUser();
    const db = getDb(env.DB);
    expect(await db.select().from(sessions).where(eq(sessions.userId, u.userId))).toHaveLength(1);
    const res = await api("/api/auth/sign-out", { user: u, body: {} });
    await expectStatus(res, 200);
    expect(await db.select().from(sessions).where(eq(sessions.userId, u.userId))).toHaveLength(0);
    expect(await getSession(u.cookie)).toBeNull();
  });

  it("refuses a cookie-authenticated POST from a foreign origin (CSRF)", async () => {
    expectConsoleError(/\[Better Auth\]: Invalid origin: https:\/\/evil\.example/);
    const u = await createTestUser();
    const res = await api("/api/auth/sign-out", { user: u, body: {}, headers: { origin: "https://evil.example" } });
    await expectStatus(res, 403);
    expect((await getSession(u.cookie))?.user.id).toBe(u.userId);
  });
});

describe("requireUser (Hono)", () => {
  const app = new Hono<AppEnv>().use(requireUser).get("/me", (c) => c.json(c.get("user")));

  it("answers 401 {message, code} when signed out", async () => {
    const res = await app.request("/me", {}, env);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "Sign in to continue.", code: "unauthorized" });
  });

  it("answers 401 for a forged cookie", async () => {
    const res = await app.request("/me", { headers: { cookie: "readyroom.session_token=forged.value" } }, env);
    expect(res.status).toBe(401);
  });

  it("answers 401 for a real token with a signature made with another secret", async () => {
    const u = await createTestUser();
    const [row] = await getDb(env.DB).select().from(sessions).where(eq(sessions.userId, u.userId));
    const key = await crypto.subtle.importKey("raw", new TextEncoder().encode("not-our-secret"), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    const sig = btoa(String.fromCharCode(...new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(row!.sessionToken)))));
    const res = await app.request("/me", { headers: { cookie: `readyroom.session_token=${encodeURIComponent(`${row!.sessionToken}.${sig}`)}` } }, env);
    expect(res.status).toBe(401);
  });

  it("answers 401 once the session has expired (idle and absolute limits: test/security/sessions.test.ts)", async () => {
    const u = await createTestUser();
    const db = getDb(env.DB);
    expect((await app.request("/me", { headers: { cookie: u.cookie } }, env)).status).toBe(200);
    await db
      .update(sessions)
      .set({ expires: new Date(nowMs() - 1000) })
      .where(eq(sessions.userId, u.userId));
    expect((await app.request("/me", { headers: { cookie: u.cookie } }, env)).status).toBe(401);
  });

  it("sets the SessionUser of the contract when signed in", async () => {
    const u = await createTestUser({ firstName: "Rita", lastName: "Moreno", onboarded: true });
    const res = await app.request("/me", { headers: { cookie: u.cookie } }, env);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: u.userId, email: u.email, firstName: "Rita", lastName: "Moreno", role: "basic", onboarded: true });
  });

  it("treats a disabled user as signed out", async () => {
    expectConsoleError(/\[Better Auth\]: Failed to create session/);
    const u = await createTestUser();
    await getDb(env.DB).update(users).set({ disabledAt: nowDate() }).where(eq(users.id, u.userId));
    const res = await app.request("/me", { headers: { cookie: u.cookie } }, env);
    expect(res.status).toBe(401);
    expect((await api("/api/auth/sign-in/email", { body: { email: u.email, password: u.password } })).status).not.toBe(200);
  });
});

describe("sign-in library conventions (spec §2)", () => {
  it("forwards /api/auth/signin to /login with a same-site callbackUrl", async () => {
    const res = await api("/api/auth/signin?error=SessionRequired&callbackUrl=%2Fdocuments");
    await expectStatus(res, 302);
    expect(res.headers.get("location")).toBe("/login?callbackUrl=%2Fdocuments");
    const evil = await api("/api/auth/signin?callbackUrl=https%3A%2F%2Fevil.example");
    expect(evil.headers.get("location")).toBe("/login");
  });

  it("accepts client error logs at /api/auth/_log", async () => {
    const res = await api("/api/auth/_log", { method: "POST", raw: "{}" });
    await expectStatus(res, 204);
  });
});
