import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createTestUser } from "../helpers/auth";

const base = "http://localhost/api/users";

async function status(userId: string, cookie?: string) {
  return SELF.fetch(`${base}/${userId}/onboarding-status`, { headers: cookie ? { cookie } : {} });
}
async function mark(userId: string, cookie?: string) {
  return SELF.fetch(`${base}/${userId}/mark-onboarded`, { method: "POST", headers: cookie ? { cookie } : {} });
}

describe("onboarding endpoints (spec §7)", () => {
  it("tells a new user to see the welcome, and not after it is marked seen", async () => {
    const user = await createTestUser({ plan: "SOLO" });

    const before = await status(user.userId, user.cookie);
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({ shouldShowOnboarding: true });

    const marked = await mark(user.userId, user.cookie);
    expect(marked.status).toBe(200);
    expect(await marked.json()).toEqual({ onboarded: true });

    const after = await status(user.userId, user.cookie);
    expect(await after.json()).toEqual({ shouldShowOnboarding: false });

    // Marking twice is harmless.
    expect((await mark(user.userId, user.cookie)).status).toBe(200);
  });

  it("reports an already onboarded user as done", async () => {
    const user = await createTestUser({ plan: "SOLO", onboarded: true });
    expect(await (await status(user.userId, user.cookie)).json()).toEqual({ shouldShowOnboarding: false });
  });

  it("answers 404 for another user's id, and leaves that user's flag alone", async () => {
    const alice = await createTestUser({ plan: "SOLO" });
    const bob = await createTestUser({ plan: "SOLO" });

    for (const res of [await status(bob.userId, alice.cookie), await mark(bob.userId, alice.cookie)]) {
      expect(res.status).toBe(404);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body.code).toBe("not_found");
      expect(Object.keys(body).sort()).toEqual(["code", "message"]);
    }
    expect(await (await status(bob.userId, bob.cookie)).json()).toEqual({ shouldShowOnboarding: true });
  });

  it("answers 404 for an id that does not exist (same as someone else's)", async () => {
    const user = await createTestUser();
    expect((await status("no-such-user", user.cookie)).status).toBe(404);
    expect((await mark(crypto.randomUUID(), user.cookie)).status).toBe(404);
  });

  it("answers 401 JSON when signed out", async () => {
    const user = await createTestUser();
    for (const res of [await status(user.userId), await mark(user.userId)]) {
      expect(res.status).toBe(401);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body.code).toBe("unauthorized");
    }
    expect(await (await status(user.userId, user.cookie)).json()).toEqual({ shouldShowOnboarding: true });
  });

  it("accepts only the spec's methods", async () => {
    const user = await createTestUser();
    const res = await SELF.fetch(`${base}/${user.userId}/mark-onboarded`, { headers: { cookie: user.cookie } });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe("not_found");
  });
});
