import { SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { SHARE_CACHE_CONTROL } from "../../worker/share/edge-cache";
import { withSecurityHeaders } from "../../worker/lib/security-headers";
import { ORIGIN } from "../helpers/api";
import { createTestUser, type TestUser } from "../helpers/auth";
import { createBriefOk, shareOk } from "../intelligence/brief-helpers";

// Issue 27 item 21: signed-in pages, their data requests and every API answer carry
// `Cache-Control: no-store`, so no browser cache, back button or proxy keeps someone's data; the
// routes that choose their own caching (public share pages, the public status answer, downloads)
// keep it. Everything goes through worker/index.ts, as a browser's request does.

let user: TestUser;
beforeAll(async () => {
  user = await createTestUser({ plan: "SOLO", onboarded: true });
});

const get = (path: string, cookie?: string) => SELF.fetch(`${ORIGIN}${path}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });

describe("Cache-Control: no-store", () => {
  it("on a signed-in page and its .data request", async () => {
    const page = await get("/dashboard", user.cookie);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const data = await get("/dashboard.data", user.cookie);
    expect(data.status).toBe(200);
    expect(data.headers.get("cache-control")).toBe("no-store");
    // Signed-out pages and the redirect to sign in, too (a page's HTML carries its request's nonce).
    expect((await get("/login")).headers.get("cache-control")).toBe("no-store");
    expect((await get("/dashboard")).headers.get("cache-control")).toBe("no-store");
  });

  it("on API answers, errors included", async () => {
    const ok = await get("/api/billing/usage", user.cookie);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("cache-control")).toBe("no-store");
    const missing = await get("/api/exercises/no-such-exercise", user.cookie);
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe("no-store");
    const signedOut = await get("/api/billing/usage");
    expect(signedOut.status).toBe(401);
    expect(signedOut.headers.get("cache-control")).toBe("no-store");
    expect((await get("/api/no-such-route")).headers.get("cache-control")).toBe("no-store");
  });
});

describe("routes that choose their own caching keep it", () => {
  it("a public share page keeps its shared-cache header", async () => {
    const shared = await shareOk(user, (await createBriefOk(user)).id);
    const res = await get(shared.sharePath as string);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe(SHARE_CACHE_CONTROL);
  });

  it("the public status answer keeps its short private cache", async () => {
    const res = await get("/api/status");
    expect(res.headers.get("cache-control")).toBe("private, max-age=30");
  });

  it("a header the route set wins over the default", () => {
    const own = withSecurityHeaders(new Response("x", { headers: { "cache-control": "private, no-store" } }), { https: true });
    expect(own.headers.get("cache-control")).toBe("private, no-store");
    expect(withSecurityHeaders(new Response("x"), { https: true }).headers.get("cache-control")).toBe("no-store");
  });
});
