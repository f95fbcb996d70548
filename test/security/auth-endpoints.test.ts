import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client";
import { accounts, userAccounts, users } from "../../worker/db/schema";
import { api, apiError, expectStatus, json } from "../helpers/api";
import { createTestUser } from "../helpers/auth";

// Security item 5: better-auth serves many endpoints the product does not use. The tenancy and
// billing record is an Account row, profile fields have limits, and the session token lives in an
// HttpOnly cookie; none of that may be bypassed through /api/auth/*.

describe("better-auth endpoints outside the allow-list", () => {
  it("unlink-account cannot delete the caller's tenancy account (and with it the plan and team)", async () => {
    const u = await createTestUser({ plan: "SOLO" });
    const res = await api("/api/auth/unlink-account", { user: u, body: { providerId: "readyroom", accountId: u.accountId } });
    expect(res.status).toBe(404);
    const db = getDb(env.DB);
    expect(await db.select().from(accounts).where(eq(accounts.id, u.accountId))).toHaveLength(1);
    expect(await db.select().from(userAccounts).where(eq(userAccounts.userId, u.userId))).toHaveLength(1);
  });

  it("update-user cannot skip the profile's limits", async () => {
    const u = await createTestUser();
    const res = await api("/api/auth/update-user", { user: u, body: { firstName: "x".repeat(5_000), name: "y".repeat(5_000) } });
    expect(res.status).toBe(404);
    const row = await getDb(env.DB).query.users.findFirst({ where: eq(users.id, u.userId) });
    expect(row?.firstName).toBe("Test");
  });

  const refused: [string, string, Record<string, unknown> | undefined][] = [
    ["GET", "/api/auth/list-sessions", undefined],
    ["GET", "/api/auth/list-accounts", undefined],
    ["POST", "/api/auth/delete-user", {}],
    ["POST", "/api/auth/change-email", { newEmail: "taken@example.test" }],
    ["POST", "/api/auth/revoke-sessions", {}],
    ["POST", "/api/auth/link-social", { provider: "google" }],
    ["POST", "/api/auth/two-factor/get-totp-uri", { password: "x" }],
    ["GET", "/api/auth/ok", undefined],
    ["GET", "/api/auth/reset-password/some-token?callbackURL=/", undefined],
    ["GET", "/api/auth/sign-out", undefined],
    ["POST", "/api/auth/send-verification-email", { email: "someone@example.test" }],
    ["GET", "/api/auth/oauth2/callback/sso?code=x&state=y", undefined],
  ];
  for (const [method, path, body] of refused) {
    it(`${method} ${path.split("?")[0]} answers 404`, async () => {
      const u = await createTestUser();
      const res = await api(path, { user: u, method, ...(body ? { body } : {}) });
      expect(res.status).toBe(404);
      expect(await json(res)).toMatchObject({ code: "not_found" });
    });
  }
});

describe("provider sign-in only through the redirect (where the second factor is asked)", () => {
  it("refuses an ID token posted to /sign-in/social, which would sign in without the second factor", async () => {
    const withGoogle = { ...env, GOOGLE_CLIENT_ID: "google-client", GOOGLE_CLIENT_SECRET: "google-secret" };
    const res = await api("/api/auth/sign-in/social", { env: withGoogle, body: { provider: "google", idToken: { token: "eyJhbGciOiJub25lIn0.e30." } } });
    expect(res.status).toBe(400);
    expect(await apiError(res)).toMatchObject({ code: "id_token_sign_in_disabled" });
    expect(res.headers.getSetCookie()).toEqual([]);
  });
});

describe("session tokens stay in the HttpOnly cookie", () => {
  it("sign-in answers without the token in its JSON body", async () => {
    const u = await createTestUser();
    const res = await api("/api/auth/sign-in/email", { body: { email: u.email, password: u.password } });
    await expectStatus(res, 200);
    const text = await res.text();
    expect(JSON.parse(text)).not.toHaveProperty("token");
    const cookieToken = decodeURIComponent(
      res.headers
        .getSetCookie()
        .join(";")
        .match(/readyroom\.session_token=([^.;]+)/)![1]!,
    );
    expect(text).not.toContain(cookieToken);
  });

  it("get-session answers the user and session without the token", async () => {
    const u = await createTestUser();
    const res = await api("/api/auth/get-session", { user: u });
    const body = await json<{ user: { id: string }; session: Record<string, unknown> }>(res);
    expect(body.user.id).toBe(u.userId);
    expect(body.session).not.toHaveProperty("token");
    expect(body.session.userId).toBe(u.userId);
  });
});

describe("the endpoints the product uses still work", () => {
  it("sign-out ends the session", async () => {
    const u = await createTestUser();
    await expectStatus(await api("/api/auth/sign-out", { user: u, body: {} }), 200);
    expect(await json(await api("/api/auth/get-session", { user: u }))).toBeNull();
  });

  it("/api/auth/error sends the browser to /login with the error code", async () => {
    const res = await api("/api/auth/error?error=account_not_linked");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?error=account_not_linked");
  });
});
