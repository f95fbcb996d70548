import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { HSTS, PERMISSIONS_POLICY, withSecurityHeaders } from "../../worker/lib/security-headers";
import { createTestUser } from "../helpers/auth";

// Security item 8: every page carries a Content-Security-Policy whose scripts run only with this
// request's nonce, and every response the other browser headers; HSTS only over https.

function cspOf(res: Response): Map<string, string> {
  const policy = res.headers.get("content-security-policy") ?? "";
  return new Map(
    policy
      .split(";")
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.split(/\s+/)[0]!, d.slice(d.indexOf(" ") + 1)] as [string, string]),
  );
}

function expectCommonHeaders(res: Response) {
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  expect(res.headers.get("permissions-policy")).toBe(PERMISSIONS_POLICY);
  expect(res.headers.get("x-frame-options")).toBe("DENY");
}

describe("page headers", () => {
  it("a page has the CSP, and every inline script on it carries the nonce of its own response", async () => {
    const res = await SELF.fetch("http://localhost/login");
    expect(res.status).toBe(200);
    expectCommonHeaders(res);
    const csp = cspOf(res);
    const nonce = csp.get("script-src")?.match(/'nonce-([^']+)'/)?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(csp.get("script-src")).toBe(`'self' 'nonce-${nonce}'`);
    expect(csp.get("frame-ancestors")).toBe("'none'");
    expect(csp.get("object-src")).toBe("'none'");
    expect(csp.get("base-uri")).toBe("'self'");
    expect(csp.get("default-src")).toBe("'self'");
    expect(csp.has("script-src-attr") || (csp.get("script-src") ?? "").includes("unsafe")).toBe(false);

    const html = await res.text();
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attrs of scripts) {
      // External module files are allowed by 'self'; anything inline must carry the nonce.
      if (/\bsrc=/.test(attrs)) continue;
      expect(attrs).toContain(`nonce="${nonce}"`);
    }
  });

  it("each response gets a new nonce", async () => {
    const a = cspOf(await SELF.fetch("http://localhost/login")).get("script-src");
    const b = cspOf(await SELF.fetch("http://localhost/login")).get("script-src");
    expect(a).not.toBe(b);
  });

  it("signed-in pages carry it too", async () => {
    const u = await createTestUser({ plan: "SOLO" });
    const res = await SELF.fetch("http://localhost/dashboard", { headers: { cookie: u.cookie } });
    expect(res.status).toBe(200);
    expect(cspOf(res).get("script-src")).toMatch(/^'self' 'nonce-/);
    expectCommonHeaders(res);
  });

  it("API answers get the browser headers (no page policy is needed on JSON)", async () => {
    const res = await SELF.fetch("http://localhost/api/health");
    expectCommonHeaders(res);
    const notFound = await SELF.fetch("http://localhost/api/nothing-here");
    expect(notFound.status).toBe(404);
    expectCommonHeaders(notFound);
  });

  it("HSTS only over https", async () => {
    expect((await SELF.fetch("http://localhost/login")).headers.get("strict-transport-security")).toBeNull();
    const production = { ...env, APP_ENV: "production", AUTH_SECRET: "a-long-random-production-secret-value", APP_URL: "https://readyroom.example" };
    const ctx = createExecutionContext();
    const res = await worker.fetch(new Request("https://readyroom.example/login") as never, production as never, ctx);
    await waitOnExecutionContext(ctx);
    expect(res.status).toBe(200);
    expect(res.headers.get("strict-transport-security")).toBe(HSTS);
    expect(cspOf(res).get("script-src")).toMatch(/^'self' 'nonce-/);
  });

  it("a route's own stricter policy is kept", async () => {
    const own = new Response("x", { headers: { "content-type": "text/html", "content-security-policy": "sandbox" } });
    expect(withSecurityHeaders(own, { https: false, nonce: "abc" }).headers.get("content-security-policy")).toBe("sandbox");
  });
});
