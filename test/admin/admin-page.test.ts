import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createTestUser } from "../helpers/auth";

async function page(path: string, cookie?: string) {
  return SELF.fetch(`http://localhost${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
}

describe("/admin page", () => {
  it("is a 404 for a basic user, a sign-in redirect when signed out, and the console for an admin, with the Admin nav item only for admins", async () => {
    const basic = await createTestUser({ plan: "SOLO", onboarded: true });
    const signedOut = await page("/admin");
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toBe("/login?callbackUrl=%2Fadmin");

    const refused = await page("/admin", basic.cookie);
    expect(refused.status).toBe(404);
    expect(await refused.text()).not.toContain("Admin console");
    const dashboard = await (await page("/dashboard", basic.cookie)).text();
    expect(dashboard).not.toContain('href="/admin"');

    // An operator needs no plan of their own to reach the console.
    const admin = await createTestUser({ onboarded: true });
    await env.DB.prepare(`UPDATE "User" SET "role" = 'admin' WHERE "id" = ?`).bind(admin.userId).run();
    const res = await page("/admin", admin.cookie);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Admin console");
    // The first page of users, oldest first (other files' users share this database).
    const first = await env.DB.prepare(`SELECT "email" FROM "User" ORDER BY "createdAt", "id" LIMIT 1`).first<{ email: string }>();
    expect(html).toContain(first!.email);
    expect(html).toContain('href="/admin"');
  });
});
