import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createTestUser } from "../helpers/auth";
import { createExercise } from "../exercises/helpers";

async function page(path: string, cookie?: string, headers: Record<string, string> = {}) {
  const res = await SELF.fetch(`http://localhost${path}`, { headers: { ...headers, ...(cookie ? { cookie } : {}) }, redirect: "manual" });
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

  it("writes dates in the reader's locale and time zone, from the first HTML", async () => {
    const user = await createTestUser({ plan: "SOLO" });
    const id = await createExercise(user, { name: "Locale check" });
    // 23:30 UTC on 14 March is already 15 March in Tokyo.
    await env.DB.prepare(`UPDATE "Exercise" SET "updatedAt" = ? WHERE "id" = ?`)
      .bind(Date.UTC(2026, 2, 14, 23, 30), id)
      .run();
    const british = await page("/exercises", `${user.cookie}; timeZone=Asia/Tokyo`, { "accept-language": "en-GB,en;q=0.8" });
    // React separates the text nodes "Updated " and the date with an empty comment.
    expect(british.html.replaceAll("<!-- -->", "")).toContain("Updated 15 Mar 2026");
    const american = await page("/exercises", user.cookie, { "accept-language": "en-US" });
    expect(american.html.replaceAll("<!-- -->", "")).toContain("Updated Mar 14, 2026");
  });
});
