import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getTenancyAccountId } from "../../worker/accounts/service";
import { configuredProviders, getAuth } from "../../worker/auth/auth";
import { handleAuthRequest } from "../../worker/auth/http";
import { getDb } from "../../worker/db/client";
import { accounts, users } from "../../worker/db/schema";
import { parseConfig, type Env } from "../../worker/env";
import { cookieFrom, testClientIp } from "../helpers/auth";
import { expectConsoleError } from "../helpers/console";

const APP = "http://localhost:8787";

/** A copy of the test env with extra vars: a distinct object, so it gets its own auth instance. */
function envWith(vars: Record<string, string>): Env {
  return { ...env, ...vars } as Env;
}

function startSocial(e: Env, provider: string) {
  return handleAuthRequest(
    e,
    new Request(`${APP}/api/auth/sign-in/social`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: APP, "cf-connecting-ip": testClientIp() },
      body: JSON.stringify({ provider, callbackURL: "/dashboard" }),
    }),
  );
}

const GOOGLE = { GOOGLE_CLIENT_ID: "google-client", GOOGLE_CLIENT_SECRET: "google-secret" };
const COGNITO = {
  COGNITO_CLIENT_ID: "cognito-client",
  COGNITO_USER_POOL_ID: "us-east-1_AbCdEf",
  COGNITO_REGION: "us-east-1",
  COGNITO_DOMAIN: "readyroom.auth.us-east-1.amazoncognito.com",
};

describe("which provider buttons show", () => {
  it("shows none without settings", () => {
    expect(configuredProviders(parseConfig(envWith({})))).toEqual([]);
  });

  it("shows each provider whose settings are present", () => {
    const ids = configuredProviders(parseConfig(envWith({ ...GOOGLE, ...COGNITO, OIDC_CLIENT_ID: "c", OIDC_ISSUER: "https://idp.example" }))).map((p) => p.id);
    expect(ids).toEqual(["google", "cognito", "sso"]);
  });

  it.each([
    ["no region", { ...COGNITO, COGNITO_REGION: "" }],
    ["no user pool id", { ...COGNITO, COGNITO_USER_POOL_ID: "" }],
    ["no client id", { ...COGNITO, COGNITO_CLIENT_ID: "" }],
  ])("Cognito with %s: not configured, warns 'Auth UserPool not configured'", async (_name, vars) => {
    expectConsoleError(/\[Better Auth\]: Provider not found/);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const e = envWith(vars);
    expect(configuredProviders(parseConfig(e))).toEqual([]);
    getAuth(e);
    expect(warn).toHaveBeenCalledWith("Auth UserPool not configured");
    warn.mockRestore();
    const res = await startSocial(e, "cognito");
    expect(res.status).toBeGreaterThanOrEqual(400);
  });
});

describe("social sign-in start (no network)", () => {
  it("Google: redirects to Google's authorization endpoint with our client id and callback", async () => {
    const res = await startSocial(envWith(GOOGLE), "google");
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    const target = new URL(url);
    expect(target.origin).toBe("https://accounts.google.com");
    expect(target.searchParams.get("client_id")).toBe("google-client");
    expect(target.searchParams.get("redirect_uri")).toBe(`${APP}/api/auth/callback/google`);
  });

  it("Cognito: redirects to the hosted UI domain", async () => {
    const res = await startSocial(envWith(COGNITO), "cognito");
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    expect(url.startsWith(`https://${COGNITO.COGNITO_DOMAIN}/oauth2/authorize`)).toBe(true);
    expect(new URL(url).searchParams.get("client_id")).toBe("cognito-client");
  });
});

describe("generic OIDC single sign-on against the fake provider", () => {
  it("discovers the provider, signs a new person in and gives them a SOLO tenancy account", async () => {
    const e = envWith({
      OIDC_CLIENT_ID: "readyroom-test",
      OIDC_CLIENT_SECRET: "oidc-secret",
      OIDC_ISSUER: `${env.FAKE_ORIGIN}/oidc`,
      OIDC_PROVIDER_NAME: "Example SSO",
    });
    const started = await startSocial(e, "sso");
    expect(started.status).toBe(200);
    const { url } = (await started.json()) as { url: string };
    expect(url.startsWith(`${env.FAKE_ORIGIN}/oidc/authorize`)).toBe(true);
    const stateCookie = cookieFrom(started);

    const consent = await fetch(url, { redirect: "manual" });
    expect(consent.status).toBe(302);
    const callback = new URL(consent.headers.get("location")!);
    expect(callback.pathname).toBe("/api/auth/callback/sso");

    const done = await handleAuthRequest(e, new Request(callback, { headers: { cookie: stateCookie } }));
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/dashboard");
    const cookie = cookieFrom(done);
    expect(cookie).toContain("readyroom.session_token=");

    const db = getDb(env.DB);
    const user = await db.query.users.findFirst({ where: eq(users.email, "sso.person@example.test") });
    expect(user).toMatchObject({ firstName: "Sso", lastName: "Person" });
    const link = await db.select().from(accounts).where(eq(accounts.userId, user!.id));
    expect(link.map((a) => a.provider).sort()).toEqual(["readyroom", "sso"]);
    expect(link.find((a) => a.provider === "sso")?.providerAccountId).toBe("sub-sso.person");
    expect(await getTenancyAccountId(db, user!.id)).toBe(link.find((a) => a.provider === "readyroom")?.id);
  });
});
