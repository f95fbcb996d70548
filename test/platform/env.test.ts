import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { createApp } from "../../worker/app";
import { ConfigError, configSchema, parseConfig } from "../../worker/env";
import worker from "../../worker/index";
import { expectConsoleError } from "../helpers/console";

function productionEnv(overrides: Record<string, unknown> = {}) {
  const copy: Record<string, unknown> = { ...env, APP_ENV: "production", ...overrides };
  delete copy.AUTH_SECRET;
  return copy as typeof env;
}

describe("configuration is validated per request", () => {
  it("fails an API request in production without AUTH_SECRET with a 500 naming it, no stack", async () => {
    expectConsoleError(/Missing required secret AUTH_SECRET/);
    const res = await createApp().fetch(new Request("http://localhost/api/health"), productionEnv(), createExecutionContext());
    expect(res.status).toBe(500);
    const body = (await res.json()) as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual(["code", "message"]);
    expect(body.code).toBe("configuration_error");
    expect(body.message).toContain("AUTH_SECRET");
    expect(body.message).not.toMatch(/\bat \S+:\d+/);
  });

  it("fails a page request the same way instead of rendering with a missing secret", async () => {
    expectConsoleError(/Missing required secret AUTH_SECRET/);
    const res = await worker.fetch(new Request("http://localhost/login") as never, productionEnv(), createExecutionContext());
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).toContain("AUTH_SECRET");
    expect(text).not.toMatch(/\bat \S+:\d+/);
  });

  it("serves in production once AUTH_SECRET is set (and APP_URL is https: test/security/deployment-defaults.test.ts)", async () => {
    const res = await createApp().fetch(
      new Request("http://localhost/api/health"),
      { ...productionEnv(), AUTH_SECRET: "a-long-random-production-secret-value", APP_URL: "https://readyroom.example" },
      createExecutionContext(),
    );
    expect(res.status).toBe(200);
  });

  it("needs no secret outside production", () => {
    expect(() => parseConfig({ APP_ENV: "local" })).not.toThrow();
    expect(() => parseConfig({ APP_ENV: "test" })).not.toThrow();
  });

  it("names the variable whose value is invalid", () => {
    expect(() => parseConfig({ APP_ENV: "staging" })).toThrow(ConfigError);
    expect(() => parseConfig({ APP_ENV: "staging" })).toThrow(/APP_ENV/);
    expect(() => parseConfig({ APP_URL: "not a url" })).toThrow(/APP_URL/);
    expect(() => parseConfig({ MAX_BODY_BYTES: "-1" })).toThrow(/MAX_BODY_BYTES/);
  });

  it("applies documented defaults", () => {
    const config = configSchema.parse({});
    expect(config.APP_ENV).toBe("production");
    expect(config.APP_URL).toBe("http://localhost:8787");
    expect(config.MAX_BODY_BYTES).toBe(1_048_576);
  });
});
