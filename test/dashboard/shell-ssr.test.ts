import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createTestUser } from "../helpers/auth";

async function page(path: string, cookie?: string) {
  const res = await SELF.fetch(`http://localhost${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  return { res, html: await res.text() };
}

describe("app shell, server-rendered", () => {
  it("renders the navbar, account menu and sidebar for a signed-in user", async () => {
    const user = await createTestUser({ plan: "SOLO" });
    const { res, html } = await page("/dashboard", user.cookie);
    expect(res.status).toBe(200);
    // Named by its visible text, then its purpose (WCAG 2.5.3), not by a label that hides the name.
    expect(html).toContain('<span class="sr-only">, account menu</span>');
    expect(html).not.toContain('aria-label="Account menu"');
    expect(html).toContain('id="app-sidebar"');
    expect(html).toContain('data-state="open"');
  });

  it("restores a collapsed sidebar from the sidebarOpen cookie on the first HTML", async () => {
    const user = await createTestUser({ plan: "SOLO" });
    const { html } = await page("/dashboard", `${user.cookie}; sidebarOpen=false`);
    expect(html).toContain('data-state="collapsed"');
  });

  it("forces the sidebar open in settings mode (/account/*)", async () => {
    const user = await createTestUser({ plan: "SOLO" });
    const { res, html } = await page("/account/pricing", `${user.cookie}; sidebarOpen=false`);
    expect(res.status).toBe(200);
    expect(html).toContain('data-state="open"');
  });

  it("renders pages without a user without the sidebar", async () => {
    const { res, html } = await page("/login");
    expect(res.status).toBe(200);
    expect(html).toContain("Readyroom");
    expect(html).not.toContain('id="app-sidebar"');
    // The tab icon is declared, so browsers do not ask for a missing /favicon.ico.
    expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>');
    expect(html).not.toContain("account menu");
  });

  it("shows the landing page to visitors and sends subscribed users to /dashboard", async () => {
    const visitor = await page("/");
    expect(visitor.res.status).toBe(200);
    expect(visitor.html).toContain("Create account");
    const user = await createTestUser({ plan: "SOLO" });
    const member = await page("/", user.cookie);
    expect(member.res.status).toBe(302);
    expect(member.res.headers.get("location")).toBe("/dashboard");
  });

  it("answers unknown pages with a friendly 404, without internals", async () => {
    const user = await createTestUser({ plan: "SOLO" });
    const { res, html } = await page("/no-such-page", user.cookie);
    expect(res.status).toBe(404);
    expect(html).toContain("Page not found");
    expect(html).not.toMatch(/at \w+ \(|node_modules|\.tsx?:\d+/);
  });
});
