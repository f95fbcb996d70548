import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createTestUser } from "../helpers/auth";

describe("cross-site request forgery", () => {
  it("refuses a form post from another site and changes nothing", async () => {
    const user = await createTestUser({ plan: "SOLO" });
    const res = await SELF.fetch(`http://localhost/api/users/${user.userId}/mark-onboarded`, {
      method: "POST",
      headers: { cookie: user.cookie, origin: "https://evil.example", "content-type": "application/x-www-form-urlencoded" },
      body: "x=1",
    });
    expect(res.status).toBe(403);
    const status = await SELF.fetch(`http://localhost/api/users/${user.userId}/onboarding-status`, { headers: { cookie: user.cookie } });
    expect(await status.json()).toMatchObject({ shouldShowOnboarding: true });
  });

  it("accepts the same request from our own origin", async () => {
    const user = await createTestUser({ plan: "SOLO" });
    const res = await SELF.fetch(`http://localhost/api/users/${user.userId}/mark-onboarded`, {
      method: "POST",
      headers: { cookie: user.cookie, origin: "http://localhost", "content-type": "application/x-www-form-urlencoded" },
      body: "x=1",
    });
    expect(res.status).toBe(200);
  });
});
