import { randomBytes } from "node:crypto";
import type { FakeRoute } from "./server";

/**
 * A fake OpenID Connect provider under /oidc: discovery, an authorize endpoint that consents at once
 * (302 back to redirect_uri with a code and the caller's state), a token endpoint (authorization_code,
 * client_secret_basic or _post, PKCE S256 checked), and userinfo. It issues no id_token, so the app
 * reads the profile from userinfo, as it does for plain OAuth 2 providers.
 *
 * The signed-in person is chosen per authorize request with `login_hint` (an e-mail); default below.
 * The provider vouches for the address (`email_verified: true`) unless its local part starts with
 * `unverified`, as an IdP that lets users type any address would.
 */

const codes = new Map<string, { clientId: string; redirectUri: string; challenge: string | null; email: string }>();
const tokens = new Map<string, string>();

export const OIDC_DEFAULT_EMAIL = "sso.person@example.test";

function json(res: import("node:http").ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

async function s256(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return Buffer.from(digest).toString("base64url");
}

export const oidcFake: FakeRoute = async (req, res, body) => {
  const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
  if (!url.pathname.startsWith("/oidc/")) return false;
  const issuer = `http://${req.headers.host}/oidc`;

  if (url.pathname === "/oidc/.well-known/openid-configuration") {
    json(res, 200, {
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      userinfo_endpoint: `${issuer}/userinfo`,
      response_types_supported: ["code"],
      grant_types_supported: ["authorization_code"],
      code_challenge_methods_supported: ["S256"],
      token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
      scopes_supported: ["openid", "email", "profile"],
    });
    return true;
  }

  if (url.pathname === "/oidc/authorize") {
    const redirectUri = url.searchParams.get("redirect_uri");
    const clientId = url.searchParams.get("client_id");
    if (!redirectUri || !clientId || url.searchParams.get("response_type") !== "code") {
      json(res, 400, { error: "invalid_request" });
      return true;
    }
    const code = randomBytes(16).toString("hex");
    codes.set(code, {
      clientId,
      redirectUri,
      challenge: url.searchParams.get("code_challenge"),
      email: url.searchParams.get("login_hint") ?? OIDC_DEFAULT_EMAIL,
    });
    const back = new URL(redirectUri);
    back.searchParams.set("code", code);
    const state = url.searchParams.get("state");
    if (state) back.searchParams.set("state", state);
    res.writeHead(302, { location: back.toString() });
    res.end();
    return true;
  }

  if (url.pathname === "/oidc/token" && req.method === "POST") {
    const form = new URLSearchParams(body);
    const grant = codes.get(form.get("code") ?? "");
    let clientId = form.get("client_id");
    const basic = req.headers.authorization;
    if (basic?.startsWith("Basic ")) clientId = decodeURIComponent(Buffer.from(basic.slice(6), "base64").toString("utf8").split(":")[0]);
    if (!grant || form.get("grant_type") !== "authorization_code" || grant.clientId !== clientId || grant.redirectUri !== form.get("redirect_uri")) {
      json(res, 400, { error: "invalid_grant" });
      return true;
    }
    if (grant.challenge && (await s256(form.get("code_verifier") ?? "")) !== grant.challenge) {
      json(res, 400, { error: "invalid_grant", error_description: "PKCE verification failed" });
      return true;
    }
    codes.delete(form.get("code")!);
    const accessToken = randomBytes(16).toString("hex");
    tokens.set(accessToken, grant.email);
    json(res, 200, { access_token: accessToken, token_type: "Bearer", expires_in: 3600, scope: "openid email profile" });
    return true;
  }

  if (url.pathname === "/oidc/userinfo") {
    const email = tokens.get((req.headers.authorization ?? "").replace(/^Bearer\s+/i, ""));
    if (!email) {
      json(res, 401, { error: "invalid_token" });
      return true;
    }
    const local = email.split("@")[0];
    json(res, 200, {
      sub: `sub-${local}`,
      email,
      email_verified: !local!.startsWith("unverified"),
      name: "Sso Person",
      given_name: "Sso",
      family_name: "Person",
    });
    return true;
  }

  json(res, 404, { error: "not_found" });
  return true;
};
