import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { nowMs } from "../../worker/lib/clock";
import { cookieFrom, createTestUser, testClientIp, verificationLink } from "../helpers/auth";

const ORIGIN = "http://localhost";

function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return SELF.fetch(`${ORIGIN}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, host: "localhost", "cf-connecting-ip": testClientIp(), ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

describe("sign-in pages (progressive enhancement: plain form posts)", () => {
  it("renders /signup with the labelled fields and the Create account button", async () => {
    const html = await (await SELF.fetch(`${ORIGIN}/signup`)).text();
    for (const label of ["First name", "Last name", "Email", "Password", "Organization", "Country"]) expect(html).toContain(`>${label}</label>`);
    expect(html).toContain("Create account");
    // No provider configured in tests, so no provider buttons.
    expect(html).not.toContain("Continue with");
  });

  it("answers an invalid signup form with the spec messages next to the fields", async () => {
    const res = await postForm("/signup", { firstName: "", lastName: "", email: "Bad@Example.test", password: "" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("First name is required");
    expect(html).toContain("Last name is required");
    expect(html).toContain("Email addresses cannot contain uppercase letters. Please use lowercase letters only.");
    expect(html).toContain("Password is required");
  });

  it("signs up through the form, and confirming the address from the e-mail signs in and lands on the dashboard (no second sign-in)", async () => {
    const res = await postForm("/signup", {
      firstName: "Nia",
      lastName: "Cole",
      email: "nia@example.test",
      password: "long-enough-1",
      organization: "",
      country: "",
    });
    expect(res.status).toBe(200);
    expect((await res.text()).replaceAll("<!-- -->", "")).toContain("We sent a link to nia@example.test.");
    expect(cookieFrom(res)).not.toContain("session_token");

    const link = await verificationLink("nia@example.test");
    expect(link.searchParams.get("callbackUrl")).toBe("/dashboard");
    // Opening the link (as a mail scanner would) confirms nothing; pressing the button does.
    const opened = await SELF.fetch(link.toString().replace(link.origin, ORIGIN), { redirect: "manual" });
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain("Confirm my e-mail address");
    expect(cookieFrom(opened)).not.toContain("session_token");
    const stillUnverified = await env.DB.prepare('SELECT "emailVerified" AS v FROM "User" WHERE "email" = ?').bind("nia@example.test").first<{ v: number }>();
    expect(stillUnverified?.v).toBe(0);
    const confirmed = await postForm(`${link.pathname}${link.search}`, {});
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe("/dashboard");
    const cookie = cookieFrom(confirmed);
    expect(cookie).toContain("readyroom.session_token=");

    // Signed in: the dashboard opens for Nia. Without a plan (this suite bills with Stripe, which
    // is not configured here) it says why and what to do, rather than sending her elsewhere.
    const dashboard = await SELF.fetch(`${ORIGIN}/dashboard`, { headers: { cookie }, redirect: "manual" });
    expect(dashboard.status).toBe(402);
    const html = (await dashboard.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("This page needs a plan");
    expect(html).toContain("online payment is not set up on this server");
    expect(html).toContain('href="/account/pricing"');

    // The same link pressed again signs nobody in: it only says the address is confirmed.
    const again = await postForm(`${link.pathname}${link.search}`, {});
    expect(again.headers.get("location")).toBe("/login?notice=verified&callbackUrl=%2Fdashboard");
    expect(cookieFrom(again)).not.toContain("session_token");
    const login = await (await SELF.fetch(`${ORIGIN}${again.headers.get("location")}`)).text();
    expect(login).toContain("Your e-mail address is confirmed. Sign in to continue.");
  });

  it("signs in through /login and follows a local callbackUrl", async () => {
    const u = await createTestUser();
    const res = await postForm("/login", { email: u.email, password: u.password, callbackUrl: "/exercise/abc/intro?x=1" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/exercise/abc/intro?x=1");
    expect(cookieFrom(res)).toContain("readyroom.session_token=");
  });

  it("goes to /dashboard without a callbackUrl and never to another site", async () => {
    const u = await createTestUser();
    const plain = await postForm("/login", { email: u.email, password: u.password });
    expect(plain.headers.get("location")).toBe("/dashboard");
    const evil = await postForm("/login", { email: u.email, password: u.password, callbackUrl: "//evil.example/x" });
    expect(evil.headers.get("location")).toBe("/dashboard");
  });

  it("shows a wrong password as a form error", async () => {
    const u = await createTestUser();
    const res = await postForm("/login", { email: u.email, password: "nope" });
    expect(res.status).toBe(401);
    expect(await res.text()).toContain("Invalid email or password.");
  });

  it("signs out with a POST to /logout", async () => {
    const u = await createTestUser();
    const res = await postForm("/logout", {}, { cookie: u.cookie });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?notice=signed-out");
    const session = await SELF.fetch(`${ORIGIN}/api/auth/get-session`, { headers: { cookie: u.cookie } });
    expect(await session.json()).toBeNull();
  });

  it("serves /dev/mailbox in test mode with clickable links", async () => {
    // Newest first, so it shows above whatever other tests sent.
    await env.DB.prepare(
      `INSERT INTO "EmailOutbox" (id, "to", subject, text, kind, createdAt) VALUES (?, 'a@example.test', 'Hello', 'Open http://localhost/reset-password?token=abc now', 'test', ?)`,
    )
      .bind(crypto.randomUUID(), nowMs() + 60_000)
      .run();
    const html = await (await SELF.fetch(`${ORIGIN}/dev/mailbox`)).text();
    expect(html).toContain("Local mailbox");
    expect(html).toContain('href="http://localhost/reset-password?token=abc"');
  });
});

describe("the e-mail confirmation page", () => {
  it("explains an invalid or incomplete link instead of failing", async () => {
    const bad = await postForm("/verify-email?token=not-a-token", {});
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("This confirmation link is not valid. Sign in with your e-mail and password and we will send you a new one.");
    const empty = await (await SELF.fetch(`${ORIGIN}/verify-email`)).text();
    expect(empty).toContain("This confirmation link is incomplete.");
  });
});
