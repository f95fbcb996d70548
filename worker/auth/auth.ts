import { drizzleAdapter } from "@better-auth/drizzle-adapter";
import { betterAuth, type BetterAuthOptions } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { genericOAuth, twoFactor } from "better-auth/plugins";
import { createSoloAccountForUser } from "../accounts/service";
import { getDb } from "../db/client";
import { accounts, rateLimits, sessions, twoFactors, users, verifications } from "../db/schema/auth";
import { parseConfig, type Config, type Env } from "../env";
import { escapeHtml, getEmailSender } from "../lib/email";
import { safeCallbackUrl } from "./guard";
import { fieldErrorsOf, forgotPasswordSchema, loginSchema, signupSchema } from "./schemas";

/** Used only when APP_ENV is local or test; production refuses to start without AUTH_SECRET (worker/env.ts). */
const DEV_SECRET = "readyroom-local-development-secret-not-for-production-0001";

export const AUTH_BASE_PATH = "/api/auth";
export const COOKIE_PREFIX = "readyroom";

/** Sign-in attempts allowed per client address within the window (max: SIGN_IN_MAX_ATTEMPTS), shared by every isolate (D1). */
export const SIGN_IN_RATE_LIMIT = { window: 60, max: 5 } as const;

export const SESSION_EXPIRES_IN_SECONDS = 60 * 60 * 24 * 30;
export const SESSION_UPDATE_AGE_SECONDS = 60 * 60 * 24;

export type SsoProvider = { id: "google" | "cognito" | "sso"; label: string };

export function authSecret(config: Config): string {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  if (config.APP_ENV === "production") throw new Error("Missing required secret AUTH_SECRET.");
  return DEV_SECRET;
}

/** Secure cookies everywhere except plain-http localhost, where browsers would drop them. */
export function secureCookiesFor(appUrl: string): boolean {
  const url = new URL(appUrl);
  const local = url.hostname === "localhost" || url.hostname === "127.0.0.1" || url.hostname === "[::1]";
  return !(url.protocol === "http:" && local);
}

/**
 * The session cookie's one accepted name: better-auth's, which with secure cookies carries the
 * `__Secure-` prefix (a browser keeps such a cookie only if it was set over https with Secure, so a
 * plain-named copy planted over http or by a sibling subdomain is never read on an https app).
 */
export function sessionCookieName(config: Config): string {
  return `${secureCookiesFor(config.APP_URL) ? "__Secure-" : ""}${COOKIE_PREFIX}.session_token`;
}

/**
 * Cognito needs pool id, client id and region (spec §5), plus the hosted-UI domain the OAuth flow
 * redirects to; otherwise it is left out and the spec's warning is logged.
 */
export function cognitoSettings(config: Config) {
  const { COGNITO_USER_POOL_ID, COGNITO_CLIENT_ID, COGNITO_REGION, COGNITO_DOMAIN, COGNITO_CLIENT_SECRET } = config;
  const anySet = Boolean(COGNITO_USER_POOL_ID || COGNITO_CLIENT_ID || COGNITO_REGION || COGNITO_DOMAIN);
  if (!COGNITO_USER_POOL_ID || !COGNITO_CLIENT_ID || !COGNITO_REGION || !COGNITO_DOMAIN) {
    return { enabled: false as const, warn: anySet };
  }
  return {
    enabled: true as const,
    options: {
      clientId: COGNITO_CLIENT_ID,
      clientSecret: COGNITO_CLIENT_SECRET ?? "",
      userPoolId: COGNITO_USER_POOL_ID,
      region: COGNITO_REGION,
      domain: COGNITO_DOMAIN,
    },
  };
}

/** Which social / SSO buttons the sign-in pages show: exactly the configured providers. */
export function configuredProviders(config: Config): SsoProvider[] {
  const list: SsoProvider[] = [];
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) list.push({ id: "google", label: "Google" });
  if (cognitoSettings(config).enabled) list.push({ id: "cognito", label: "AWS Cognito" });
  if (config.OIDC_CLIENT_ID && (config.OIDC_DISCOVERY_URL || config.OIDC_ISSUER)) {
    list.push({ id: "sso", label: config.OIDC_PROVIDER_NAME ?? "Single sign-on" });
  }
  return list;
}

function splitName(name: string | undefined | null): { firstName: string; lastName: string } {
  const parts = (name ?? "").trim().split(/\s+/).filter(Boolean);
  return { firstName: parts[0] ?? "", lastName: parts.slice(1).join(" ") };
}

function validationError(error: import("zod/v4/core").$ZodError): never {
  const fieldErrors = fieldErrorsOf(error);
  const message = error.issues[0]?.message ?? "Invalid input";
  throw new APIError("BAD_REQUEST", { message, code: "validation_error", fieldErrors });
}

function buildOptions(env: Env, config: Config) {
  const db = getDb(env.DB);
  const sender = getEmailSender(env, config);
  const secure = secureCookiesFor(config.APP_URL);
  const appOrigin = new URL(config.APP_URL).origin;

  const socialProviders: NonNullable<BetterAuthOptions["socialProviders"]> = {};
  if (config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET) {
    socialProviders.google = {
      clientId: config.GOOGLE_CLIENT_ID,
      clientSecret: config.GOOGLE_CLIENT_SECRET,
      mapProfileToUser: (profile) => ({ firstName: profile.given_name ?? "", lastName: profile.family_name ?? "" }),
    };
  }
  const cognito = cognitoSettings(config);
  if (cognito.enabled) {
    socialProviders.cognito = {
      ...cognito.options,
      mapProfileToUser: (profile) => ({ firstName: profile.given_name ?? "", lastName: profile.family_name ?? "" }),
    };
  } else if (cognito.warn) {
    console.warn("Auth UserPool not configured");
  }

  const oidcConfig = [];
  if (config.OIDC_CLIENT_ID && (config.OIDC_DISCOVERY_URL || config.OIDC_ISSUER)) {
    oidcConfig.push({
      providerId: "sso",
      name: config.OIDC_PROVIDER_NAME ?? "Single sign-on",
      clientId: config.OIDC_CLIENT_ID,
      clientSecret: config.OIDC_CLIENT_SECRET,
      // Discovery is fetched when the instance is built, which happens once per isolate (getAuth).
      discoveryUrl: config.OIDC_DISCOVERY_URL ?? `${config.OIDC_ISSUER!.replace(/\/$/, "")}/.well-known/openid-configuration`,
      scopes: ["openid", "email", "profile"],
      pkce: true,
      // OIDC identifies a person by `sub`; fall back to `id` for plain OAuth 2 userinfo shapes.
      accountSubject: ({ profile }: { profile: Record<string, unknown> }) => String(profile.sub ?? profile.id ?? ""),
      mapProfileToUser: (profile: Record<string, unknown>) => ({
        firstName: typeof profile.given_name === "string" ? profile.given_name : splitName(profile.name as string).firstName,
        lastName: typeof profile.family_name === "string" ? profile.family_name : splitName(profile.name as string).lastName,
      }),
    });
  }

  return {
    appName: "Readyroom",
    baseURL: config.APP_URL,
    basePath: AUTH_BASE_PATH,
    secret: authSecret(config),
    // Same-origin requests are always trusted, so a local server on another port still accepts its own forms.
    trustedOrigins: (request?: Request) => {
      const list = [appOrigin];
      if (request) list.push(new URL(request.url).origin);
      return list;
    },
    database: drizzleAdapter(db, {
      provider: "sqlite",
      schema: { user: users, session: sessions, account: accounts, verification: verifications, twoFactor: twoFactors, rateLimit: rateLimits },
    }),
    user: {
      modelName: "user",
      additionalFields: {
        firstName: { type: "string", required: true, defaultValue: "" },
        lastName: { type: "string", required: true, defaultValue: "" },
        organization: { type: "string", required: false },
        country: { type: "string", required: false },
        role: { type: "string", required: false, defaultValue: "basic", input: false },
        onboarded: { type: "boolean", required: false, defaultValue: false, input: false },
        isBeta: { type: "boolean", required: false, defaultValue: false, input: false },
        mfaType: { type: "string", required: false, input: false },
        disabledAt: { type: "date", required: false, input: false },
        teamId: { type: "string", required: false, input: false },
      },
    },
    session: {
      fields: { token: "sessionToken", expiresAt: "expires" },
      expiresIn: SESSION_EXPIRES_IN_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
    },
    account: {
      fields: {
        providerId: "provider",
        accountId: "providerAccountId",
        accessToken: "access_token",
        refreshToken: "refresh_token",
        idToken: "id_token",
        accessTokenExpiresAt: "expires_at",
        refreshTokenExpiresAt: "refresh_token_expires_at",
      },
      accountLinking: { enabled: true, trustedProviders: ["google", "cognito", "sso"] },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user, token }) {
        const link = `${appOrigin}/reset-password?token=${encodeURIComponent(token)}`;
        await sender.send({
          to: user.email,
          kind: "password-reset",
          subject: "Reset your Readyroom password",
          text: `Someone asked to reset the password of your Readyroom account.\n\nChoose a new password here (the link works for one hour):\n${link}\n\nIf it was not you, ignore this message; your password stays as it is.`,
          html: `<p>Someone asked to reset the password of your Readyroom account.</p><p><a href="${escapeHtml(link)}">Choose a new password</a> (the link works for one hour).</p><p>If it was not you, ignore this message; your password stays as it is.</p>`,
        });
      },
    },
    socialProviders,
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 120,
      customRules: {
        "/sign-in/email": { window: SIGN_IN_RATE_LIMIT.window, max: config.SIGN_IN_MAX_ATTEMPTS },
        "/sign-up/email": { window: 60, max: 10 },
        // Starting an OAuth redirect checks no password; it only needs a guard against floods.
        "/sign-in/social": { window: 60, max: 30 },
        "/request-password-reset": { window: 60, max: 5 },
        "/two-factor/*": { window: 60, max: 10 },
        // Reading the session is every page load; limiting it would only hurt signed-in users.
        "/get-session": false,
      },
    },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: secure,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure, path: "/" },
      database: { generateId: "uuid" },
      // Cloudflare sets cf-connecting-ip itself; x-forwarded-for is client-controlled there.
      ipAddress: { ipAddressHeaders: ["cf-connecting-ip"] },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === "/sign-up/email") {
          const parsed = signupSchema.safeParse(ctx.body ?? {});
          if (!parsed.success) validationError(parsed.error);
          const { firstName, lastName, email, password, organization, country } = parsed.data;
          return {
            context: {
              body: { ...ctx.body, firstName, lastName, email, password, organization, country, name: `${firstName} ${lastName}` },
            },
          };
        }
        if (ctx.path === "/sign-in/email") {
          const parsed = loginSchema.safeParse(ctx.body ?? {});
          if (!parsed.success) validationError(parsed.error);
        }
        if (ctx.path === "/request-password-reset") {
          const parsed = forgotPasswordSchema.safeParse(ctx.body ?? {});
          if (!parsed.success) validationError(parsed.error);
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          async before(user) {
            // Social and SSO sign-ups arrive with only a display name.
            if (!user.firstName && !user.lastName) {
              return { data: { ...user, ...splitName(user.name) } };
            }
          },
          async after(user) {
            await createSoloAccountForUser(db, { userId: user.id, name: user.name });
          },
        },
      },
      session: {
        create: {
          async before(session) {
            const row = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, session.userId), columns: { disabledAt: true } });
            if (row?.disabledAt) return false;
          },
        },
      },
    },
    plugins: [
      twoFactor({
        issuer: "Readyroom",
        totpOptions: { digits: 6, period: 30 },
        otpOptions: {
          period: 5,
          async sendOTP({ user, otp }) {
            await sender.send({
              to: user.email,
              kind: "mfa-code",
              subject: "Your Readyroom sign-in code",
              text: `Your Readyroom sign-in code is ${otp}. It expires in 5 minutes.\n\nIf you did not try to sign in, change your password.`,
              html: `<p>Your Readyroom sign-in code is <strong>${escapeHtml(otp)}</strong>. It expires in 5 minutes.</p><p>If you did not try to sign in, change your password.</p>`,
            });
          },
        },
      }),
      ...(oidcConfig.length ? [genericOAuth({ config: oidcConfig })] : []),
    ],
    telemetry: { enabled: false },
  } satisfies BetterAuthOptions;
}

function createAuth(env: Env, config: Config) {
  return betterAuth(buildOptions(env, config));
}

export type Auth = ReturnType<typeof createAuth>;

// One instance per isolate per env: building it runs plugin setup (and OIDC discovery), which must not
// happen on every request.
const instances = new WeakMap<object, Auth>();

export function getAuth(env: Env): Auth {
  let auth = instances.get(env);
  if (!auth) {
    auth = createAuth(env, parseConfig(env));
    instances.set(env, auth);
  }
  return auth;
}

/**
 * The HTTP entry for /api/auth/*. Rate-limit answers are rewritten to the API's `{message, code}` shape.
 */
export async function handleAuthRequest(env: Env, request: Request): Promise<Response> {
  const url = new URL(request.url);
  // Sign-in library conventions named in spec §2: the old sign-in entry point forwards to /login
  // (keeping a same-site callbackUrl), and client-side error logging is accepted and dropped.
  if (url.pathname === `${AUTH_BASE_PATH}/signin`) {
    const callbackUrl = safeCallbackUrl(url.searchParams.get("callbackUrl"), parseConfig(env).APP_URL, "");
    return new Response(null, { status: 302, headers: { location: callbackUrl ? `/login?callbackUrl=${encodeURIComponent(callbackUrl)}` : "/login" } });
  }
  if (url.pathname === `${AUTH_BASE_PATH}/_log`) return new Response(null, { status: 204 });
  const res = await getAuth(env).handler(request);
  if (res.status === 429) {
    const retryAfter = res.headers.get("x-retry-after") ?? String(SIGN_IN_RATE_LIMIT.window);
    return Response.json(
      { message: "Too many sign-in attempts. Wait a minute and try again.", code: "rate_limited" },
      { status: 429, headers: { "retry-after": retryAfter } },
    );
  }
  return res;
}
