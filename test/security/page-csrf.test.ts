import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api, json, signIn } from "../helpers/api";
import { createTestUser, testClientIp, type TestUser } from "../helpers/auth";

// Security item 4: Remix actions get the same origin check as the API, so a form on another
// site cannot post to a page with (or into) the victim's session.
const CROSS_SITE: Record<string, Record<string, string>> = {
  "Origin https://evil.example": { origin: "https://evil.example" },
  "Sec-Fetch-Site cross-site without Origin": { "sec-fetch-site": "cross-site" },
};

function post(path: string, form: Record<string, string>, headers: Record<string, string>, cookie?: string) {
  return SELF.fetch(`http://localhost${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", "cf-connecting-ip": testClientIp(), ...(cookie ? { cookie } : {}), ...headers },
    body: new URLSearchParams(form),
  });
}

async function expectRefused(res: Response) {
  expect(res.status).toBe(403);
  expect(res.headers.get("content-type")).toMatch(/text\/plain/);
  const text = await res.text();
  expect(text).toMatch(/Cross-site/);
  expect(text.length).toBeLessThan(200);
  expect(text).not.toMatch(/\bat\s.+:\d+/);
  expect(res.headers.getSetCookie()).toEqual([]);
}

async function focusOf(user: TestUser): Promise<string | undefined> {
  const saved = await json(await api("/api/profile/custom-instructions", { user }));
  return saved.focus as string | undefined;
}

describe("cross-site form posts to pages", () => {
  for (const [label, headers] of Object.entries(CROSS_SITE)) {
    describe(label, () => {
      it("/login: refused, no session cookie set (no login CSRF)", async () => {
        const attacker = await createTestUser({ plan: "SOLO", onboarded: true });
        await expectRefused(await post("/login", { email: attacker.email, password: attacker.password }, headers));
      });

      it("/signup: refused, no account created", async () => {
        const email = `csrf-${crypto.randomUUID()}@example.com`;
        await expectRefused(await post("/signup", { email, password: "correct-horse-battery", firstName: "Eve", lastName: "Evil" }, headers));
        const res = await api("/api/auth/sign-in/email", { body: { email, password: "correct-horse-battery" } });
        expect(res.status).not.toBe(200);
      });

      it("/account/security: refused (not a 500), the password unchanged", async () => {
        const user = await createTestUser({ plan: "SOLO", onboarded: true });
        await expectRefused(
          await post(
            "/account/security",
            { intent: "change-password", currentPassword: user.password, newPassword: "evil-new-password-123" },
            headers,
            user.cookie,
          ),
        );
        await signIn(user.email, user.password);
      });

      it("/account/profile: refused, the profile field not updated", async () => {
        const user = await createTestUser({ plan: "SOLO", onboarded: true });
        const before = await focusOf(user);
        await expectRefused(await post("/account/profile", { intent: "instructions", focus: "Written by evil.example" }, headers, user.cookie));
        expect(await focusOf(user)).toBe(before);
      });
    });
  }

  it("same-origin posts still work (Origin of the app, Sec-Fetch-Site same-origin)", async () => {
    const user = await createTestUser({ plan: "SOLO", onboarded: true });
    const res = await post(
      "/account/profile",
      { intent: "instructions", focus: "Posted from the app" },
      { origin: "http://localhost", host: "localhost", "sec-fetch-site": "same-origin" },
      user.cookie,
    );
    expect(res.status).toBe(200);
    await res.text();
    expect(await focusOf(user)).toBe("Posted from the app");

    const login = await post(
      "/login",
      { email: user.email, password: user.password },
      { origin: "http://localhost", host: "localhost", "sec-fetch-site": "same-origin" },
    );
    expect(login.status).toBe(302);
    expect(login.headers.getSetCookie().join("\n")).toMatch(/session_token=/);
    await login.text();
  });
});
