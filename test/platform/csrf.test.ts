import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { isCrossSite } from "../../worker/lib/same-origin";
import { createTestUser } from "../helpers/auth";

describe("cross-site request forgery", () => {
  it("decides cross-site from Sec-Fetch-Site first, then Origin", () => {
    const own = ["http://localhost"];
    expect(isCrossSite("same-origin", "https://evil.example", own)).toBe(false);
    expect(isCrossSite("cross-site", undefined, own)).toBe(true);
    expect(isCrossSite("same-site", "http://localhost", own)).toBe(true);
    expect(isCrossSite(undefined, "https://evil.example", own)).toBe(true);
    expect(isCrossSite(undefined, "http://localhost", own)).toBe(false);
    expect(isCrossSite(undefined, undefined, own)).toBe(false);
  });

  it("refuses a JSON write from another site", async () => {
    const user = await createTestUser({ plan: "SOLO" });
    const res = await SELF.fetch(`http://localhost/api/users/${user.userId}/mark-onboarded`, {
      method: "POST",
      headers: { cookie: user.cookie, "sec-fetch-site": "cross-site", "content-type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "forbidden" });
  });

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
