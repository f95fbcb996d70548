import { drizzleAdapter } from "@better-auth/drizzle-adapter";
import { betterAuth, type BetterAuthOptions } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { generateRandomString } from "better-auth/crypto";
import { genericOAuth, twoFactor } from "better-auth/plugins";
import { and, eq, sql } from "drizzle-orm";
import { grantDefaultPlan } from "../accounts/default-plan";
import { createSoloAccountForUser } from "../accounts/service";
import { getDb } from "../db/client";
import { accounts, rateLimits, sessions, twoFactors, users, verifications } from "../db/schema/auth";
import { parseConfig, type Config, type Env } from "../env";
import { runInBackground } from "../lib/background";
import { escapeHtml, getEmailSender } from "../lib/email";
import type { AppContext } from "../context";
import { safeCallbackUrl } from "./guard";
import { passwordHasher } from "./password-hash";
import { fieldErrorsOf, forgotPasswordSchema, loginSchema, signupSchema } from "../../shared/auth/schemas";

/** Used only when APP_ENV is local or test; production refuses to start without AUTH_SECRET (worker/env.ts). */
const DEV_SECRET = "readyroom-local-development-secret-not-for-production-0001";

export const AUTH_BASE_PATH = "/api/auth";
export const COOKIE_PREFIX = "readyroom";

/** Sign-in attempts allowed per client address within the window (max: SIGN_IN_MAX_ATTEMPTS), shared by every isolate (D1). */
export const SIGN_IN_RATE_LIMIT = { window: 60, max: 5 } as const;

/** A session's absolute life: 30 days from sign-in, never extended (worker/auth/session.ts keeps the idle limit). */
export const SESSION_EXPIRES_IN_SECONDS = 60 * 60 * 24 * 30;
/** How long a sign-up's confirmation link works. */
const EMAIL_VERIFICATION_EXPIRES_IN_SECONDS = 60 * 60 * 24;
/** How long the second-factor step may take after the first factor (better-auth's default too). */
const TWO_FACTOR_CHALLENGE_SECONDS = 600;

export type SsoProvider = { id: "google" | "cognito" | "sso"; label: string };

export function authSecret(config: Config): string {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  if (config.APP_ENV === "production") throw new Error("Missing required secret AUTH_SECRET.");
  return DEV_SECRET;
}

/** Secure cookies everywhere except plain-http localhost, where browsers would drop them. */
function secureCookiesFor(appUrl: string): boolean {
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

/** The short-lived cookie tying a browser to a sign-in that still needs its second factor. */
export function twoFactorCookieName(config: Config): string {
  return `${secureCookiesFor(config.APP_URL) ? "__Secure-" : ""}${COOKIE_PREFIX}.two_factor`;
}

/**
 * Cognito needs pool id, client id and region (spec §5), plus the hosted-UI domain the OAuth flow
 * redirects to; otherwise it is left out and the spec's warning is logged.
 */
function cognitoSettings(config: Config) {
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

/**
 * Says a sign-up needs no "confirm your address" e-mail (the address was proved another way).
 * Registered by other features at composition (worker/composition.ts): teams owns invitations and
 * depends on auth, so auth must not import it. On globalThis because the Remix server build bundles
 * its own copy of this module; the Worker entry registers before any request.
 */
export type VerificationMailSkip = (ctx: AppContext, request: Request | undefined, user: { id: string; email: string }) => Promise<boolean>;
const verificationMailSkips: VerificationMailSkip[] = ((
  globalThis as { __readyroomVerificationMailSkips?: VerificationMailSkip[] }
).__readyroomVerificationMailSkips ??= []);

export function registerVerificationMailSkip(skip: VerificationMailSkip): void {
  if (!verificationMailSkips.includes(skip)) verificationMailSkips.push(skip);
}

export async function addressConfirmed(db: ReturnType<typeof getDb>, userId: string): Promise<boolean> {
  const [row] = await db.select({ emailVerified: users.emailVerified }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(row?.emailVerified);
}

/**
 * Confirms the address of the account a sign-up from an invitation link just created (the link was
 * e-mailed to the address and so proves it): `userId` is the id that sign-up answered with, and it
 * must still be unconfirmed, hold this address and be under a minute old (by D1's clock). The
 * caller checks the link first. For an address that already had an account, better-auth's sign-up
 * answers with a look-alike user whose id matches no row, so an account someone else registered
 * (before or during the sign-up) is never confirmed. Returns the user's id, or null.
 */
export async function confirmFreshAccount(db: ReturnType<typeof getDb>, email: string, userId: string): Promise<string | null> {
  const [row] = await db
    .update(users)
    .set({ emailVerified: true })
    .where(
      and(
        eq(users.id, userId),
        sql`lower(${users.email}) = ${email.toLowerCase()}`,
        eq(users.emailVerified, false),
        sql`${users.createdAt} >= unixepoch('subsec') * 1000 - 60000`,
      ),
    )
    .returning({ id: users.id });
  return row?.id ?? null;
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
      // Only the redirect flow, which the second-factor hook sees (worker/auth/http.ts refuses idToken too).
      disableIdTokenSignIn: true,
      mapProfileToUser: (profile) => ({ firstName: profile.given_name ?? "", lastName: profile.family_name ?? "" }),
    };
  }
  const cognito = cognitoSettings(config);
  if (cognito.enabled) {
    socialProviders.cognito = {
      ...cognito.options,
      disableIdTokenSignIn: true,
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
        // Every new user's sample workspace, created by their first dashboard (worker/sample/workspace.ts).
        sampleWorkspace: { type: "string", required: false, defaultValue: "pending", input: false },
      },
    },
    session: {
      fields: { token: "sessionToken", expiresAt: "expires" },
      expiresIn: SESSION_EXPIRES_IN_SECONDS,
      // The absolute limit holds only if nothing extends `expires`; use is tracked by getSession.
      disableSessionRefresh: true,
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
      // A provider's sign-in joins an existing user only when the provider asserts the address is
      // verified AND the user confirmed it here (sign-up link or password reset); otherwise someone who
      // signed up with a victim's address first would share the victim's account (pre-hijack).
      accountLinking: { enabled: true, trustedProviders: [], requireLocalEmailVerified: true },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: passwordHasher(config),
      // No session until the address is confirmed, and sign-up answers the same for a new and a
      // registered address (better-auth returns a look-alike user; the owner gets an e-mail instead).
      requireEmailVerification: true,
      autoSignIn: false,
      async onExistingUserSignUp({ user }) {
        await sender.send({
          to: user.email,
          kind: "sign-up-existing",
          subject: "You already have a Readyroom account",
          text: `Someone tried to create a Readyroom account with this address, which already has one.\n\nIf it was you, sign in here: ${appOrigin}/login\nForgot your password? Choose a new one: ${appOrigin}/forgot-password\n\nIf it was not you, ignore this message; nothing was changed.`,
          html: `<p>Someone tried to create a Readyroom account with this address, which already has one.</p><p>If it was you, <a href="${escapeHtml(`${appOrigin}/login`)}">sign in</a>, or <a href="${escapeHtml(`${appOrigin}/forgot-password`)}">choose a new password</a> if you forgot it.</p><p>If it was not you, ignore this message; nothing was changed.</p>`,
        });
      },
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
    emailVerification: {
      sendOnSignUp: true,
      // Signing in before confirming sends a fresh link (the first may have expired or been lost).
      sendOnSignIn: true,
      // The link proves the address, so confirming signs in (no second sign-in). No second factor
      // can be on yet: it is set up signed in, which needs a confirmed address. A link opened again
      // after the address is confirmed signs nobody in (better-auth), so it cannot stand in for a password.
      autoSignInAfterVerification: true,
      // Self-hosted (BILLING_MODE=off): the confirmed account gets its plan.
      async afterEmailVerification(user) {
        await grantDefaultPlan({ env, db, config }, user.id);
      },
      expiresIn: EMAIL_VERIFICATION_EXPIRES_IN_SECONDS,
      async sendVerificationEmail({ user, token, url }, request) {
        // E.g. the /invites sign-up (worker/teams/invitations.ts): the link proved the address.
        for (const skip of verificationMailSkips) if (await skip({ env, db, config }, request, user)) return;
        const link = verificationPageLink(appOrigin, token, url);
        await sender.send({
          to: user.email,
          kind: "email-verification",
          subject: "Confirm your e-mail address for Readyroom",
          text: `Confirm that this is your address to finish setting up your Readyroom account (the link works for 24 hours):\n${link}\n\nIf you did not sign up for Readyroom, ignore this message.`,
          html: `<p>Confirm that this is your address to finish setting up your Readyroom account.</p><p><a href="${escapeHtml(link)}">Confirm my e-mail address</a> (the link works for 24 hours).</p><p>If you did not sign up for Readyroom, ignore this message.</p>`,
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
        "/sign-up/email": { window: 60, max: config.SIGN_UP_MAX_ATTEMPTS },
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
      // In production the mail provider is an HTTP call of a few hundred ms, made only when an address
      // is registered (password reset): sending after the answer keeps its timing from telling whether
      // it is. Elsewhere mail is one outbox insert, awaited so that tests and /dev/mailbox see it at once.
      ...(config.APP_ENV === "production" ? { backgroundTasks: { handler: runInBackground } } : {}),
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
      after: createAuthMiddleware(async (ctx) => {
        // better-auth's two-factor plugin challenges password sign-ins only; a provider's sign-in
        // must not skip the second factor the user turned on.
        if (OAUTH_CALLBACK.test(ctx.path) && ctx.context.newSession?.user.twoFactorEnabled) {
          await challengeSecondFactor(ctx, ctx.context.newSession);
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
            // A provider's sign-up that arrives with a verified address is confirmed already.
            if (user.emailVerified) await grantDefaultPlan({ env, db, config }, user.id);
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

/** The page our confirmation e-mails link to (it calls /verify-email), keeping the sign-up's callback. */
function verificationPageLink(appOrigin: string, token: string, betterAuthUrl: string): string {
  const callback = new URL(betterAuthUrl).searchParams.get("callbackURL");
  const params = new URLSearchParams({ token });
  if (callback && callback !== "/") params.set("callbackUrl", callback);
  return `${appOrigin}/verify-email?${params}`;
}

const OAUTH_CALLBACK = /^\/(oauth2\/)?callback\//;

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
type NewSession = NonNullable<HookContext["context"]["newSession"]>;

/**
 * Swaps the session an OAuth/SSO callback just created for the same second-factor challenge a
 * password sign-in gets (what better-auth's two-factor plugin does after /sign-in/email), then sends
 * the browser to /login/two-factor instead of the callback URL.
 */
async function challengeSecondFactor(ctx: HookContext, data: NewSession): Promise<never> {
  const returned = ctx.context.returned as { headers?: Headers | Record<string, string> } | undefined;
  const headers = returned?.headers;
  const location = headers instanceof Headers ? headers.get("location") : (headers?.location ?? headers?.Location);
  deleteSessionCookie(ctx, true);
  await ctx.context.internalAdapter.deleteSession(data.session.token);
  ctx.context.setNewSession(null);
  const cookie = ctx.context.createAuthCookie("two_factor", { maxAge: TWO_FACTOR_CHALLENGE_SECONDS });
  const identifier = `2fa-${generateRandomString(20)}`;
  const expiresAt = new Date(Date.now() + TWO_FACTOR_CHALLENGE_SECONDS * 1000);
  await ctx.context.internalAdapter.createVerificationValue({ value: data.user.id, identifier, expiresAt });
  await ctx.context.internalAdapter.createVerificationValue({ value: "0", identifier: `2fa-attempts-${identifier}`, expiresAt });
  await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
  const method = await secondFactorMethod(ctx, data.user as NewSession["user"] & { mfaType?: string | null });
  const callbackUrl = safeCallbackUrl(location, ctx.context.baseURL);
  throw ctx.redirect(`/login/two-factor?${new URLSearchParams({ method, callbackUrl, via: "sso" })}`);
}

/** The factor the user chose (spec §6 mfaType); without a choice, the authenticator app if one is set up. */
async function secondFactorMethod(ctx: HookContext, user: NewSession["user"] & { mfaType?: string | null }): Promise<"totp" | "otp"> {
  if (user.mfaType === "EMAIL") return "otp";
  if (user.mfaType === "TOTP") return "totp";
  const secret = await ctx.context.adapter.findOne<{ verified?: boolean | null }>({ model: "twoFactor", where: [{ field: "userId", value: user.id }] });
  return secret && secret.verified !== false ? "totp" : "otp";
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
