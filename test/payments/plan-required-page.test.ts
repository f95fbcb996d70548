import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createTestUser } from "../helpers/auth";

const ORIGIN = "http://localhost";
const page = (path: string, cookie: string) => SELF.fetch(`${ORIGIN}${path}`, { headers: { cookie }, redirect: "manual" });
const text = async (res: Response) => (await res.text()).replaceAll("<!-- -->", "");

describe("a signed-in user without a plan is told why on the page they opened (no silent redirect)", () => {
  it("pages that need a plan answer 402 inside the app's shell, with the reason and the way forward", async () => {
    const u = await createTestUser();
    for (const path of ["/dashboard", "/documents", "/intelligence", "/improvement"]) {
      const res = await page(path, u.cookie);
      expect(res.status, path).toBe(402);
      expect(res.headers.get("location"), path).toBeNull();
      const html = await text(res);
      // This suite bills with Stripe but has no Stripe key: only the server's administrator can help.
      expect(html, path).toContain("This page needs a plan");
      expect(html, path).toContain("online payment is not set up on this server");
      expect(html, path).toContain('href="/account/pricing"');
      // The shell stays: the user can still reach their account and sign out.
      expect(html, path).toContain('aria-label="Sidebar"');
    }
  });

  it("a personal exercise's page says so too, and shows nothing of the exercise", async () => {
    const u = await createTestUser();
    const html = await text(await page(`/exercise/${crypto.randomUUID()}/intro`, u.cookie));
    expect(html).toContain("This page needs a plan");
  });

  it("pages open without a plan stay open; / goes to the dashboard, which explains", async () => {
    const u = await createTestUser();
    for (const path of ["/account/profile", "/account/pricing", "/pricing", "/terms", "/privacy"]) {
      const res = await page(path, u.cookie);
      expect(res.status, path).toBe(200);
      expect(await text(res), path).not.toContain("This page needs a plan");
    }
    const home = await page("/", u.cookie);
    expect(home.status).toBe(302);
    expect(home.headers.get("location")).toBe("/dashboard");
  });

  it("with a plan, the same pages open as before", async () => {
    const u = await createTestUser({ plan: "SOLO" });
    const res = await page("/documents", u.cookie);
    expect(res.status).toBe(200);
    expect(await text(res)).not.toContain("This page needs a plan");
  });

  it("signed out, a page that needs a plan still goes to sign-in", async () => {
    const res = await SELF.fetch(`${ORIGIN}/documents`, { redirect: "manual" });
    expect(res.headers.get("location")).toBe("/login?callbackUrl=%2Fdocuments");
    expect(env.APP_ENV).toBe("test");
  });
});
