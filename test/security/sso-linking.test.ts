import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { handleAuthRequest } from "../../worker/auth/http";
import { getDb } from "../../worker/db/client";
import { accounts, users } from "../../worker/db/schema";
import type { Env } from "../../worker/env";
import { api, expectStatus, json } from "../helpers/api";
import { cookieFrom, createTestUser, testClientIp } from "../helpers/auth";
import { expectConsoleError } from "../helpers/console";
import { codeFor, turnOnTotp } from "../helpers/mfa";

// Security item 2: a provider's sign-in joins an existing user only when the provider vouches for
// the address AND the user confirmed it here; otherwise an attacker who signed up first with the
// victim's address would share the victim's account (pre-hijack). A provider's sign-in also asks
// for the second factor the user turned on.

const APP = "http://localhost:8787";
const sso = (): Env => ({ ...env, OIDC_CLIENT_ID: "readyroom-test", OIDC_CLIENT_SECRET: "oidc-secret", OIDC_ISSUER: `${env.FAKE_ORIGIN}/oidc` }) as Env;

/** Runs the whole OIDC round trip against the fake provider as `email`; returns the app's final answer. */
async function signInWithSso(e: Env, email: string): Promise<Response> {
  const started = await handleAuthRequest(
    e,
    new Request(`${APP}/api/auth/sign-in/social`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: APP, "cf-connecting-ip": testClientIp() },
      body: JSON.stringify({ provider: "sso", callbackURL: "/dashboard", errorCallbackURL: "/login" }),
    }),
  );
  expect(started.status).toBe(200);
  const authorize = new URL(((await started.json()) as { url: string }).url);
  authorize.searchParams.set("login_hint", email);
  const consent = await fetch(authorize, { redirect: "manual" });
  expect(consent.status).toBe(302);
  return handleAuthRequest(e, new Request(consent.headers.get("location")!, { headers: { cookie: cookieFrom(started) } }));
}

async function linkedProviders(userId: string): Promise<string[]> {
  const rows = await getDb(env.DB).select().from(accounts).where(eq(accounts.userId, userId));
  return rows.map((r) => r.provider).sort();
}

async function signUpOnly(email: string) {
  const res = await api("/api/auth/sign-up/email", { body: { email, password: "attacker-password-1", firstName: "Mallory", lastName: "Eve" } });
  await expectStatus(res, 200);
  const row = await getDb(env.DB).query.users.findFirst({ where: eq(users.email, email) });
  return row!;
}

describe("account linking through SSO", () => {
  it("does not link to a password account whose address was never confirmed (pre-hijack)", async () => {
    expectConsoleError(/account_not_linked/);
    const email = `victim-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const planted = await signUpOnly(email);
    const res = await signInWithSso(sso(), email);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toMatch(/^\/login\?error=account_not_linked/);
    expect(cookieFrom(res)).not.toContain("session_token");
    expect(await linkedProviders(planted.id)).toEqual(["credential", "readyroom"]);
  });

  it("does not link when the provider does not vouch for the address, even to a confirmed account", async () => {
    expectConsoleError(/account_not_linked/);
    const u = await createTestUser({ email: `unverified-${crypto.randomUUID().slice(0, 8)}@example.test` });
    const res = await signInWithSso(sso(), u.email);
    expect(res.headers.get("location")).toMatch(/^\/login\?error=/);
    expect(cookieFrom(res)).not.toContain("session_token");
    expect(await linkedProviders(u.userId)).toEqual(["credential", "readyroom"]);
  });

  it("links a confirmed account when the provider vouches for the address", async () => {
    const u = await createTestUser({ email: `linked-${crypto.randomUUID().slice(0, 8)}@example.test` });
    const res = await signInWithSso(sso(), u.email);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard");
    const session = await json<{ user: { id: string } }>(await api("/api/auth/get-session", { cookie: cookieFrom(res) }));
    expect(session.user.id).toBe(u.userId);
    expect(await linkedProviders(u.userId)).toEqual(["credential", "readyroom", "sso"]);
  });

  it("a password reset proves the address: the owner can then link, and the planted password is gone", async () => {
    const email = `reclaimed-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const planted = await signUpOnly(email);
    await api("/api/auth/request-password-reset", { body: { email, redirectTo: "/reset-password" } });
    const row = await env.DB.prepare(`SELECT "identifier" FROM "Verification" WHERE "value" = ? AND "identifier" LIKE 'reset-password:%'`)
      .bind(planted.id)
      .first<{ identifier: string }>();
    const token = row!.identifier.slice("reset-password:".length);
    await expectStatus(await api("/api/auth/reset-password", { body: { token, newPassword: "owner-password-2" } }), 200);
    expect((await getDb(env.DB).query.users.findFirst({ where: eq(users.id, planted.id) }))?.emailVerified).toBe(true);
    await expectStatus(await api("/api/auth/sign-in/email", { body: { email, password: "attacker-password-1" } }), 401);
    const res = await signInWithSso(sso(), email);
    expect(res.headers.get("location")).toBe("/dashboard");
  });
});

describe("second factor after an SSO sign-in", () => {
  it("asks for the code the user turned on instead of signing in", async () => {
    const u = await createTestUser({ email: `mfa-sso-${crypto.randomUUID().slice(0, 8)}@example.test` });
    const { totpURI } = await turnOnTotp(u);
    const res = await signInWithSso(sso(), u.email);
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location")!, APP);
    expect(location.pathname).toBe("/login/two-factor");
    expect(location.searchParams.get("method")).toBe("totp");
    expect(location.searchParams.get("callbackUrl")).toBe("/dashboard");
    const cookie = cookieFrom(res);
    expect(cookie).not.toContain("session_token");
    expect(cookie).toContain("readyroom.two_factor=");
    // No session was left behind for the user by the callback.
    const live = await env.DB.prepare('SELECT count(*) AS n FROM "Session" WHERE "userId" = ?').bind(u.userId).first<{ n: number }>();
    expect(live?.n).toBe(1); // the test user's own password session only

    // The challenge completes like a password sign-in's.
    const verified = await api("/api/auth/two-factor/verify-totp", { body: { code: await codeFor(totpURI) }, cookie });
    await expectStatus(verified, 200);
    const session = await json<{ user: { id: string } }>(await api("/api/auth/get-session", { cookie: cookieFrom(verified, cookie) }));
    expect(session.user.id).toBe(u.userId);
  });
});
