import { env, SELF } from "cloudflare:test";
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client";
import { emailOutbox, users } from "../../worker/db/schema";
import { api, expectStatus, json, ORIGIN, signIn } from "../helpers/api";
import { cookieFrom, createTestUser, testClientIp } from "../helpers/auth";
import { codeFor, enrolTotp } from "../helpers/mfa";

function form(path: string, fields: Record<string, string>, cookie?: string) {
  return SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: ORIGIN,
      host: "localhost",
      "cf-connecting-ip": testClientIp(),
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

describe("TOTP enrolment and verification", () => {
  it("enrols with an otpauth URI and recovery codes, verifies a code, then asks for it at the next sign-in", async () => {
    const u = await createTestUser();
    const { totpURI, backupCodes, cookie } = await enrolTotp(u);
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Readyroom:/);
    expect(backupCodes.length).toBeGreaterThanOrEqual(8);

    // A wrong code is refused and does not switch two-factor on.
    await expectStatus(await api("/api/auth/two-factor/verify-totp", { body: { code: "000000" }, cookie }), 401);
    const verified = await api("/api/auth/two-factor/verify-totp", { body: { code: await codeFor(totpURI) }, cookie });
    await expectStatus(verified, 200);
    const row = await getDb(env.DB).query.users.findFirst({ where: eq(users.id, u.userId) });
    expect(row?.twoFactorEnabled).toBe(true);

    // Password alone no longer signs in: the answer asks for the second factor and sets no session.
    const ip = testClientIp();
    const first = await api("/api/auth/sign-in/email", { body: { email: u.email, password: u.password }, ip });
    await expectStatus(first, 200);
    expect(await first.json()).toMatchObject({ twoFactorRedirect: true });
    const challenge = cookieFrom(first);
    expect(challenge).not.toContain("readyroom.session_token=");
    expect(challenge).toContain("readyroom.two_factor=");

    const second = await api("/api/auth/two-factor/verify-totp", { body: { code: await codeFor(totpURI) }, cookie: challenge, ip });
    await expectStatus(second, 200);
    const session = await api("/api/auth/get-session", { cookie: cookieFrom(second, challenge) });
    expect((await json<{ user: { id: string } }>(session)).user.id).toBe(u.userId);
  });

  it("accepts a recovery code once", async () => {
    const u = await createTestUser();
    const { totpURI, backupCodes, cookie } = await enrolTotp(u);
    await api("/api/auth/two-factor/verify-totp", { body: { code: await codeFor(totpURI) }, cookie });
    const challenge = await signIn(u.email, u.password);
    await expectStatus(await api("/api/auth/two-factor/verify-backup-code", { body: { code: backupCodes[0] }, cookie: challenge }), 200);
    const again = await signIn(u.email, u.password);
    expect((await api("/api/auth/two-factor/verify-backup-code", { body: { code: backupCodes[0] }, cookie: again })).status).not.toBe(200);
  });

  it("the login page sends the user to the code step and the code step completes sign-in", async () => {
    const u = await createTestUser();
    const { totpURI, cookie } = await enrolTotp(u);
    await api("/api/auth/two-factor/verify-totp", { body: { code: await codeFor(totpURI) }, cookie });
    await getDb(env.DB).update(users).set({ mfaType: "TOTP" }).where(eq(users.id, u.userId));

    const login = await form("/login", { email: u.email, password: u.password, callbackUrl: "/dashboard" });
    expect(login.status).toBe(302);
    expect(login.headers.get("location")).toBe("/login/two-factor?method=totp&callbackUrl=%2Fdashboard");
    const challenge = cookieFrom(login);
    expect(challenge).not.toContain("readyroom.session_token=");

    const wrong = await form("/login/two-factor", { method: "totp", code: "123456", callbackUrl: "/dashboard" }, challenge);
    expect(wrong.status).toBe(401);
    const done = await form("/login/two-factor", { method: "totp", code: await codeFor(totpURI), callbackUrl: "/dashboard" }, challenge);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/dashboard");
    expect(cookieFrom(done)).toContain("readyroom.session_token=");
  });
});

describe("e-mail codes as the second factor", () => {
  it("mails a code at sign-in when the user chose EMAIL, and the code signs in", async () => {
    const u = await createTestUser();
    const enabled = await api("/api/auth/two-factor/enable", { body: { password: u.password, method: "otp" }, user: u });
    await expectStatus(enabled, 200);
    await getDb(env.DB).update(users).set({ mfaType: "EMAIL" }).where(eq(users.id, u.userId));

    const login = await form("/login", { email: u.email, password: u.password });
    expect(login.headers.get("location")).toBe("/login/two-factor?method=otp&callbackUrl=%2Fdashboard");
    const challenge = cookieFrom(login);
    const [mail] = await getDb(env.DB)
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, u.email), eq(emailOutbox.kind, "mfa-code")))
      .orderBy(desc(emailOutbox.createdAt));
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    expect(code).toBeDefined();
    const done = await form("/login/two-factor", { method: "otp", code: code!, callbackUrl: "/dashboard" }, challenge);
    expect(done.status).toBe(302);
    expect(cookieFrom(done)).toContain("readyroom.session_token=");
  });
});

describe("the code step's other ways in", () => {
  it("sends a fresh e-mail code on request and accepts a recovery code through the page", async () => {
    const u = await createTestUser();
    const { totpURI, backupCodes, cookie } = await enrolTotp(u);
    await api("/api/auth/two-factor/verify-totp", { body: { code: await codeFor(totpURI) }, cookie });

    const login = await form("/login", { email: u.email, password: u.password });
    const challenge = cookieFrom(login);
    const before = await getDb(env.DB).select().from(emailOutbox).where(eq(emailOutbox.to, u.email));
    const resend = await form("/login/two-factor", { intent: "resend", callbackUrl: "/dashboard" }, challenge);
    expect(resend.status).toBe(200);
    expect(await resend.text()).toContain("We sent a new code to your e-mail.");
    const after = await getDb(env.DB).select().from(emailOutbox).where(eq(emailOutbox.to, u.email));
    expect(after.length).toBe(before.length + 1);

    const done = await form("/login/two-factor", { method: "backup", code: backupCodes[1]!, callbackUrl: "/documents" }, challenge);
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/documents");
    expect(cookieFrom(done)).toContain("readyroom.session_token=");
  });

  it("sends a visitor without a pending sign-in back to /login", async () => {
    const res = await SELF.fetch(`${ORIGIN}/login/two-factor?method=totp`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?callbackUrl=%2Fdashboard");
  });
});
