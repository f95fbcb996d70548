import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ACCOUNT_LOCKED_MESSAGE, ACCOUNT_THROTTLE } from "../../worker/auth/account-throttle";
import { handleAuthRequest } from "../../worker/auth/http";
import { listUserSessions } from "../../worker/auth/service";
import { userContext } from "../../worker/context";
import { withExecutionContext } from "../../worker/lib/background";
import type { Env } from "../../worker/env";
import { SESSION_IDLE_TIMEOUT_MS } from "../../worker/auth/session";
import { getDb } from "../../worker/db/client";
import { sessions, users } from "../../worker/db/schema";
import { nowMs } from "../../worker/lib/clock";
import { api, apiError, expectStatus, json, signIn } from "../helpers/api";
import { createTestUser, latestMail, testClientIp } from "../helpers/auth";
import { codeFor, turnOnTotp } from "../helpers/mfa";

// Security item 6: sessions end when idle for 12 hours and 30 days after sign-in whatever the use;
// failed sign-in and second-factor attempts are limited per account, not only per address; and
// sign-up and password reset answer the same whether or not an address is registered.

const HOUR = 3_600_000;

async function signedIn(cookie: string): Promise<boolean> {
  return (await api("/api/profile/details", { cookie })).status === 200;
}

async function setSession(userId: string, values: { createdAt?: Date; updatedAt?: Date }) {
  await getDb(env.DB).update(sessions).set(values).where(eq(sessions.userId, userId));
}

describe("session lifetime", () => {
  it("ends a session not used for 12 hours, and deletes it so better-auth refuses it too", async () => {
    const u = await createTestUser();
    await setSession(u.userId, { updatedAt: new Date(nowMs() - SESSION_IDLE_TIMEOUT_MS - 60_000) });
    expect(await signedIn(u.cookie)).toBe(false);
    expect(await getDb(env.DB).select().from(sessions).where(eq(sessions.userId, u.userId))).toHaveLength(0);
  });

  it("keeps a session used 11 hours ago, and records the use", async () => {
    const u = await createTestUser();
    await setSession(u.userId, { updatedAt: new Date(nowMs() - 11 * HOUR) });
    expect(await signedIn(u.cookie)).toBe(true);
    const [row] = await getDb(env.DB).select().from(sessions).where(eq(sessions.userId, u.userId));
    expect(nowMs() - row!.updatedAt.getTime()).toBeLessThan(HOUR);
  });

  it("ends a session 30 days after sign-in even when it is used every day", async () => {
    const u = await createTestUser();
    await setSession(u.userId, { createdAt: new Date(nowMs() - 30 * 24 * HOUR - 60_000), updatedAt: new Date(nowMs() - HOUR) });
    expect(await signedIn(u.cookie)).toBe(false);
  });

  it("never moves the absolute end: using a session does not extend `expires`", async () => {
    const u = await createTestUser();
    const [before] = await getDb(env.DB).select().from(sessions).where(eq(sessions.userId, u.userId));
    await setSession(u.userId, { updatedAt: new Date(nowMs() - 2 * HOUR) });
    expect(await signedIn(u.cookie)).toBe(true);
    await expectStatus(await api("/api/auth/get-session", { cookie: u.cookie }), 200);
    const [after] = await getDb(env.DB).select().from(sessions).where(eq(sessions.userId, u.userId));
    expect(after!.expires.getTime()).toBe(before!.expires.getTime());
    expect(before!.expires.getTime() - before!.createdAt.getTime()).toBeLessThanOrEqual(30 * 24 * HOUR + 1000);
  });

  it("a quoted cookie value is read as better-auth reads it, so the idle limit still holds", async () => {
    const u = await createTestUser();
    await setSession(u.userId, { updatedAt: new Date(nowMs() - 13 * HOUR) });
    const quoted = u.cookie.replace(/=(.*)$/, '="$1"');
    const res = await api("/api/auth/change-password", { cookie: quoted, body: { currentPassword: u.password, newPassword: "another-password-1" } });
    expect(res.status).toBe(401);
    expect(await getDb(env.DB).select().from(sessions).where(eq(sessions.userId, u.userId))).toHaveLength(0);
  });

  it("the signed-in devices list leaves out sessions that have gone idle", async () => {
    const u = await createTestUser();
    await setSession(u.userId, { updatedAt: new Date(nowMs() - 13 * HOUR) });
    await signIn(u.email, u.password);
    const rows = await getDb(env.DB).select().from(sessions).where(eq(sessions.userId, u.userId));
    expect(rows).toHaveLength(2);
    const fresh = rows.find((r) => nowMs() - r.updatedAt.getTime() < HOUR)!;
    const listed = await listUserSessions(userContext(env, u.userId), fresh.id);
    expect(listed.map((s) => s.id)).toEqual([fresh.id]);
  });

  it("an idle session cannot be used on better-auth's own endpoints either", async () => {
    const u = await createTestUser();
    await setSession(u.userId, { updatedAt: new Date(nowMs() - 13 * HOUR) });
    const res = await api("/api/auth/change-password", { cookie: u.cookie, body: { currentPassword: u.password, newPassword: "another-password-1" } });
    expect(res.status).toBe(401);
  });
});

describe("per-account throttling", () => {
  it(`locks password sign-in after ${ACCOUNT_THROTTLE.maxFailures} failures from different addresses, even with the right password`, async () => {
    const u = await createTestUser();
    for (let i = 0; i < ACCOUNT_THROTTLE.maxFailures; i++) {
      await expectStatus(await api("/api/auth/sign-in/email", { body: { email: u.email, password: `wrong-${i}-password` }, ip: testClientIp() }), 401);
    }
    const locked = await api("/api/auth/sign-in/email", { body: { email: u.email, password: u.password }, ip: testClientIp() });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await apiError(locked)).toMatchObject({ message: ACCOUNT_LOCKED_MESSAGE, code: "account_locked" });
    expect(locked.headers.getSetCookie()).toEqual([]);
  });

  it("answers an unknown address exactly like a registered one once locked (no enumeration)", async () => {
    const email = `nobody-${crypto.randomUUID().slice(0, 8)}@example.test`;
    for (let i = 0; i < ACCOUNT_THROTTLE.maxFailures; i++) {
      await expectStatus(await api("/api/auth/sign-in/email", { body: { email, password: "whatever-password" }, ip: testClientIp() }), 401);
    }
    const locked = await api("/api/auth/sign-in/email", { body: { email, password: "whatever-password" }, ip: testClientIp() });
    expect(locked.status).toBe(429);
    expect(await apiError(locked)).toMatchObject({ message: ACCOUNT_LOCKED_MESSAGE });
  });

  it("counts form-encoded sign-in attempts too (better-auth accepts HTML-form bodies)", async () => {
    const u = await createTestUser();
    const formSignIn = (password: string) => api("/api/auth/sign-in/email", { raw: new URLSearchParams({ email: u.email, password }), ip: testClientIp() });
    for (let i = 0; i < ACCOUNT_THROTTLE.maxFailures; i++) await expectStatus(await formSignIn(`wrong-${i}-password`), 401);
    const locked = await formSignIn(u.password);
    expect(locked.status).toBe(429);
    expect(await apiError(locked)).toMatchObject({ code: "account_locked" });
  });

  it("parallel guesses cannot slip past the limit: each is counted before it is checked", async () => {
    const u = await createTestUser();
    const answers = await Promise.all(
      Array.from({ length: ACCOUNT_THROTTLE.maxFailures + 6 }, (_, i) =>
        api("/api/auth/sign-in/email", { body: { email: u.email, password: `wrong-${i}-password` }, ip: testClientIp() }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(ACCOUNT_THROTTLE.maxFailures);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
  });

  it("a malformed attempt is not counted as a guess", async () => {
    const u = await createTestUser();
    for (let i = 0; i < ACCOUNT_THROTTLE.maxFailures + 2; i++) {
      await expectStatus(await api("/api/auth/sign-in/email", { body: { email: u.email }, ip: testClientIp() }), 400);
    }
    await expectStatus(await api("/api/auth/sign-in/email", { body: { email: u.email, password: u.password }, ip: testClientIp() }), 200);
  });

  it("a success clears earlier failures", async () => {
    const u = await createTestUser();
    for (let i = 0; i < ACCOUNT_THROTTLE.maxFailures - 1; i++) {
      await api("/api/auth/sign-in/email", { body: { email: u.email, password: "wrong-password" }, ip: testClientIp() });
    }
    await expectStatus(await api("/api/auth/sign-in/email", { body: { email: u.email, password: u.password }, ip: testClientIp() }), 200);
    await expectStatus(await api("/api/auth/sign-in/email", { body: { email: u.email, password: "wrong-password" }, ip: testClientIp() }), 401);
    await expectStatus(await api("/api/auth/sign-in/email", { body: { email: u.email, password: u.password }, ip: testClientIp() }), 200);
  });

  it(`locks the second factor after ${ACCOUNT_THROTTLE.maxFailures} wrong codes across fresh sign-ins`, async () => {
    const u = await createTestUser();
    const { totpURI } = await turnOnTotp(u);
    const challenge = async () => {
      const res = await api("/api/auth/sign-in/email", { body: { email: u.email, password: u.password }, ip: testClientIp() });
      expect(await json(res)).toMatchObject({ twoFactorRedirect: true });
      return res.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
    };
    // Each challenge allows a few tries of its own; a new sign-in must not reset the account's count.
    let failures = 0;
    while (failures < ACCOUNT_THROTTLE.maxFailures) {
      const cookie = await challenge();
      for (let i = 0; i < 2 && failures < ACCOUNT_THROTTLE.maxFailures; i++, failures++) {
        await expectStatus(await api("/api/auth/two-factor/verify-totp", { body: { code: "000000" }, cookie, ip: testClientIp() }), 401);
      }
    }
    const cookie = await challenge();
    const locked = await api("/api/auth/two-factor/verify-totp", { body: { code: await codeFor(totpURI) }, cookie, ip: testClientIp() });
    expect(locked.status).toBe(429);
    expect(await apiError(locked)).toMatchObject({ code: "account_locked" });
  });
});

describe("answers that do not reveal whether an address is registered", () => {
  async function signUp(email: string) {
    const res = await api("/api/auth/sign-up/email", {
      body: { email, password: "long-enough-password", firstName: "Sam", lastName: "Reyes" },
      ip: testClientIp(),
    });
    await expectStatus(res, 200);
    const body = await json<{ user: Record<string, unknown> }>(res);
    return { body, cookies: res.headers.getSetCookie() };
  }

  it("sign-up answers a registered address like a new one, sets no session, changes nothing and tells the owner", async () => {
    const existing = await createTestUser({ firstName: "Owner" });
    const fresh = await signUp(`new-${crypto.randomUUID().slice(0, 8)}@example.test`);
    const again = await signUp(existing.email);
    expect(Object.keys(again.body).sort()).toEqual(Object.keys(fresh.body).sort());
    expect(Object.keys(again.body.user).sort()).toEqual(Object.keys(fresh.body.user).sort());
    expect(again.body.user.id).not.toBe(existing.userId);
    expect(fresh.cookies.filter((c) => c.includes("session_token"))).toEqual([]);
    expect(again.cookies.filter((c) => c.includes("session_token"))).toEqual([]);
    const row = await getDb(env.DB).query.users.findFirst({ where: eq(users.email, existing.email) });
    expect(row?.firstName).toBe("Owner");
    expect((await latestMail(existing.email, "sign-up-existing"))?.subject).toBe("You already have a Readyroom account");
  });

  it("the sign-up page shows the same 'check your e-mail' answer for both", async () => {
    const existing = await createTestUser();
    const page = async (email: string) => {
      const res = await SELF.fetch("http://localhost/signup", {
        method: "POST",
        body: new URLSearchParams({ firstName: "Sam", lastName: "Reyes", email, password: "long-enough-password" }),
        headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost", host: "localhost", "cf-connecting-ip": testClientIp() },
      });
      const html = (await res.text()).replaceAll("<!-- -->", "");
      return { status: res.status, text: html.match(/We sent a link to [^<]+/)?.[0]?.replace(email, "<email>") };
    };
    const a = await page(existing.email);
    const b = await page(`new-${crypto.randomUUID().slice(0, 8)}@example.test`);
    expect(a.text).toBe("We sent a link to <email>. Open it to confirm your address and sign in; it works for 24 hours.");
    expect(a).toEqual(b);
  });

  it("in production the reset mail leaves after the answer, so the answer's timing does not tell a registered address", async () => {
    const u = await createTestUser();
    const app = "https://readyroom.example";
    const production = {
      ...env,
      APP_ENV: "production",
      AUTH_SECRET: "a-long-random-production-secret-value",
      APP_URL: app,
      EMAIL_API_KEY: "re_test",
      EMAIL_API_URL: `${env.FAKE_ORIGIN}/email/emails`,
    } as Env;
    const reset = async (email: string) => {
      const later: Promise<unknown>[] = [];
      const ctx = { waitUntil: (p: Promise<unknown>) => void later.push(p), passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
      const request = new Request(`${app}/api/auth/request-password-reset`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: app, "cf-connecting-ip": testClientIp() },
        body: JSON.stringify({ email }),
      });
      const res = await withExecutionContext(ctx, () => handleAuthRequest(production, request));
      return { res, later };
    };
    const known = await reset(u.email);
    await expectStatus(known.res, 200);
    // The provider call was handed to waitUntil rather than awaited; it then really sends.
    expect(known.later).toHaveLength(1);
    await Promise.all(known.later);
    const sent = (await (await fetch(`${env.FAKE_ORIGIN}/email/emails?to=${encodeURIComponent(u.email)}`)).json()) as {
      subject: string;
      authorization: string;
    }[];
    expect(sent).toEqual([{ to: u.email, subject: "Reset your Readyroom password", authorization: "Bearer re_test" }]);
    const unknown = await reset(`nobody-${crypto.randomUUID().slice(0, 8)}@example.test`);
    await expectStatus(unknown.res, 200);
    expect(unknown.later).toHaveLength(0);
  });

  it("password reset answers a registered and an unknown address identically", async () => {
    const u = await createTestUser();
    const ask = async (email: string) =>
      (await api("/api/auth/request-password-reset", { body: { email, redirectTo: "/reset-password" }, ip: testClientIp() })).text();
    expect(await ask(u.email)).toBe(await ask(`nobody-${crypto.randomUUID().slice(0, 8)}@example.test`));
  });

  it("a password account cannot sign in before its address is confirmed; signing in sends a new link", async () => {
    const email = `unconfirmed-${crypto.randomUUID().slice(0, 8)}@example.test`;
    await signUp(email);
    const res = await api("/api/auth/sign-in/email", { body: { email, password: "long-enough-password" }, ip: testClientIp() });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie().filter((c) => c.includes("session_token"))).toEqual([]);
    expect(await latestMail(email, "email-verification")).not.toBeNull();
  });
});
