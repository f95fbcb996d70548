import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp } from "../../worker/app";
import { configSchema, parseConfig } from "../../worker/env";
import worker from "../../worker/index";
import { api, expectStatus, json } from "../helpers/api";
import { createTestUser, testClientIp } from "../helpers/auth";
import { expectConsoleError } from "../helpers/console";

/**
 * A deploy that forgets its settings must fail loudly, not run insecurely: production refuses an
 * APP_URL that is not https (its cookies would go out without Secure), a missing APP_ENV means
 * production, and an https app reads the session only from its `__Secure-` cookie.
 */
const SECRET = "a-long-random-production-secret-value";
const HTTPS_URL = "https://readyroom.example";

/** The suite's env with overrides; a key set to undefined is removed (an unset var). */
function envWith(overrides: Record<string, unknown>): typeof env {
  const copy: Record<string, unknown> = { ...env, ...overrides };
  for (const [k, v] of Object.entries(overrides)) if (v === undefined) delete copy[k];
  return copy as typeof env;
}

async function health(e: typeof env) {
  return createApp().fetch(new Request("http://localhost/api/health"), e, createExecutionContext());
}

async function expectConfigError(res: Response, name: string) {
  expect(res.status).toBe(500);
  const body = (await res.json()) as Record<string, string>;
  expect(Object.keys(body).sort()).toEqual(["code", "message"]);
  expect(body.code).toBe("configuration_error");
  expect(body.message).toContain(name);
  expect(body.message).not.toMatch(/\bat \S+:\d+/);
}

describe("production refuses an APP_URL that is not https", () => {
  it("answers an API request with a 500 naming APP_URL, no stack", async () => {
    expectConsoleError(/APP_URL/);
    await expectConfigError(await health(envWith({ APP_ENV: "production", AUTH_SECRET: SECRET, APP_URL: "http://readyroom.example" })), "APP_URL");
  });

  it("refuses the old wrangler.toml value, and an unset APP_URL (the local default)", async () => {
    expectConsoleError(/APP_URL/);
    await expectConfigError(await health(envWith({ APP_ENV: "production", AUTH_SECRET: SECRET, APP_URL: "http://localhost:8787" })), "APP_URL");
    await expectConfigError(await health(envWith({ APP_ENV: "production", AUTH_SECRET: SECRET, APP_URL: undefined })), "APP_URL");
  });

  it("fails a page request the same way", async () => {
    expectConsoleError(/APP_URL/);
    const e = envWith({ APP_ENV: "production", AUTH_SECRET: SECRET, APP_URL: "http://readyroom.example" });
    const res = await worker.fetch(new Request("http://localhost/login") as never, e, createExecutionContext());
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).toContain("APP_URL");
    expect(text).not.toMatch(/\bat \S+:\d+/);
  });

  it("serves once APP_URL is https", async () => {
    const res = await health(envWith({ APP_ENV: "production", AUTH_SECRET: SECRET, APP_URL: HTTPS_URL }));
    expect(res.status).toBe(200);
  });

  it("still lets local and test runs use http://localhost", () => {
    expect(parseConfig({ APP_ENV: "local" }).APP_URL).toBe("http://localhost:8787");
    expect(parseConfig({ APP_ENV: "test", APP_URL: "http://127.0.0.1:5173" }).APP_URL).toBe("http://127.0.0.1:5173");
  });
});

describe("APP_ENV defaults to production when absent", () => {
  it("parses an absent APP_ENV as production", () => {
    expect(configSchema.parse({}).APP_ENV).toBe("production");
    expect(parseConfig({ AUTH_SECRET: SECRET, APP_URL: HTTPS_URL }).APP_ENV).toBe("production");
  });

  it("requires AUTH_SECRET without APP_ENV", async () => {
    expectConsoleError(/Missing required secret AUTH_SECRET/);
    await expectConfigError(await health(envWith({ APP_ENV: undefined, AUTH_SECRET: undefined, APP_URL: HTTPS_URL })), "AUTH_SECRET");
  });

  it("requires an https APP_URL without APP_ENV", async () => {
    expectConsoleError(/APP_URL/);
    await expectConfigError(await health(envWith({ APP_ENV: undefined, AUTH_SECRET: SECRET, APP_URL: "http://localhost:8787" })), "APP_URL");
  });
});

describe("the session cookie's name follows the app's scheme", () => {
  /** The session cookie's value out of a Cookie header, whatever its name. */
  function sessionValue(cookie: string): string {
    const match = /(?:^|;\s*)(?:__Secure-)?readyroom\.session_token=([^;]+)/.exec(cookie);
    if (!match) throw new Error(`no session cookie in ${cookie}`);
    return match[1]!;
  }

  it("an https app ignores a session cookie without the __Secure- prefix and accepts it with the prefix", async () => {
    const user = await createTestUser();
    const token = sessionValue(user.cookie);
    const httpsEnv = envWith({ APP_URL: HTTPS_URL });
    await expectStatus(await api("/api/profile/details", { env: httpsEnv, cookie: `readyroom.session_token=${token}` }), 401, "plain name on https");
    await expectStatus(
      await api("/api/profile/details", { env: httpsEnv, cookie: `__Secure-readyroom.session_token=${token}` }),
      200,
      "__Secure- name on https",
    );
  });

  it("an https app sets the __Secure- cookie (Secure) at sign-in, and reads it back", async () => {
    const user = await createTestUser();
    const httpsEnv = envWith({ APP_URL: HTTPS_URL });
    const res = await api("/api/auth/sign-in/email", {
      env: httpsEnv,
      body: { email: user.email, password: user.password },
      headers: { origin: HTTPS_URL, "cf-connecting-ip": testClientIp() },
    });
    await expectStatus(res, 200, "sign-in on https");
    const set = res.headers.getSetCookie().find((c) => c.startsWith("__Secure-readyroom.session_token="));
    expect(set).toMatch(/;\s*Secure/i);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("readyroom.session_token="))).toBe(false);
    const cookie = set!.split(";")[0];
    const me = await api("/api/profile/details", { env: httpsEnv, cookie });
    await expectStatus(me, 200, "session from the __Secure- cookie");
    expect((await json(me)).email).toBe(user.email);
  });

  it("an http (local) app reads only the plain name", async () => {
    const user = await createTestUser();
    const token = sessionValue(user.cookie);
    await expectStatus(await api("/api/profile/details", { cookie: `readyroom.session_token=${token}` }), 200, "plain name on http");
    await expectStatus(await api("/api/profile/details", { cookie: `__Secure-readyroom.session_token=${token}` }), 401, "__Secure- name on http");
  });
});
