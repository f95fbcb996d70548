import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { getTenancyAccountId } from "../../worker/accounts/service";
import { authSecret, getAuth, sessionCookieName } from "../../worker/auth/auth";
import { parseConfig, type Env } from "../../worker/env";
import { getDb } from "../../worker/db/client";
import { accountPlanMetadata, users } from "../../worker/db/schema";

export type TestUser = { userId: string; accountId: string; email: string; password: string; cookie: string };

// A random start, so a second copy of this module in the same runtime counts from elsewhere.
let counter = crypto.getRandomValues(new Uint32Array(1))[0]!;

/** A distinct client address per call, so sign-up/sign-in rate limits never couple unrelated tests. */
export function testClientIp(): string {
  counter += 1;
  const n = counter % 16_000_000;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/**
 * A session made by better-auth itself (its adapter, hooks and expiry), and the Cookie header a
 * browser would send for it: the token signed with HMAC-SHA256 as better-auth's signed cookies are.
 */
export async function sessionCookieFor(userId: string): Promise<string> {
  const config = parseConfig(env as unknown as Env);
  const context = await getAuth(env as unknown as Env).$context;
  const session = await context.internalAdapter.createSession(userId);
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(authSecret(config)), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const signature = new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(session.token)));
  const signed = `${session.token}.${btoa(String.fromCharCode(...signature))}`;
  return `${sessionCookieName(config)}=${encodeURIComponent(signed)}`;
}

/** Turns Set-Cookie headers into a Cookie header value (name=value pairs, expired ones dropped). */
export function cookieFrom(res: Response, previous = ""): string {
  const jar = new Map<string, string>();
  for (const part of previous.split(/;\s*/).filter(Boolean)) {
    const i = part.indexOf("=");
    jar.set(part.slice(0, i), part.slice(i + 1));
  }
  for (const header of res.headers.getSetCookie()) {
    const [pair, ...attrs] = header.split(";");
    const i = pair!.indexOf("=");
    const name = pair!.slice(0, i).trim();
    const value = pair!.slice(i + 1).trim();
    const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
    if (expired) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

/** The newest message of a kind sent to an address through the local outbox (worker/lib/email.ts). */
export async function latestMail(to: string, kind: string): Promise<{ subject: string; text: string; html: string | null } | null> {
  return env.DB.prepare('SELECT "subject", "text", "html" FROM "EmailOutbox" WHERE "to" = ? AND "kind" = ? ORDER BY "createdAt" DESC LIMIT 1')
    .bind(to, kind)
    .first<{ subject: string; text: string; html: string | null }>();
}

/** The /verify-email link of the newest confirmation e-mail sent to an address. */
export async function verificationLink(to: string): Promise<URL> {
  const mail = await latestMail(to, "email-verification");
  const link = mail?.text.match(/https?:\/\/\S+\/verify-email\?\S+/)?.[0];
  if (!link) throw new Error(`no confirmation e-mail with a /verify-email link was sent to ${to}`);
  return new URL(link);
}

export type TestUserOptions = {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  plan?: "SOLO" | "TEAM" | "ENTERPRISE" | null;
  onboarded?: boolean;
  /**
   * Keep the sample workspace sign-up asks for (worker/sample): the user's first dashboard then
   * creates it. Off by default, so a test's dashboard shows only the rows the test made.
   */
  sampleWorkspace?: boolean;
};

/** The test user's address (lowercased, as sign-up stores it), password and names. */
function testUserDefaults(options: TestUserOptions) {
  return {
    email: (options.email ?? `user-${crypto.randomUUID().slice(0, 12)}@example.test`).toLowerCase(),
    password: options.password ?? "correct-horse-battery",
    firstName: options.firstName ?? "Test",
    lastName: options.lastName ?? "User",
  };
}

/**
 * Signs a user up through the real /api/auth API (so hooks, tenancy account and cookies are the
 * production ones), confirms the address with the link from the outbox, which signs them in, and
 * returns the session's Cookie header — for the tests of sign-up itself; every other test uses
 * `createTestUser`, which makes the same rows without the two requests. (Signing in with the password
 * is proved by the sign-in tests; here it would only cost a second password hash per user.)
 */
export async function signUpTestUser(options: TestUserOptions = {}): Promise<TestUser> {
  const { email, password, firstName, lastName } = testUserDefaults(options);
  const res = await SELF.fetch("http://localhost/api/auth/sign-up/email", {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": testClientIp() },
    body: JSON.stringify({ email, password, firstName, lastName }),
  });
  if (!res.ok) throw new Error(`signUpTestUser: sign-up failed with ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { user: { id: string } };
  const token = (await verificationLink(email)).searchParams.get("token")!;
  const verified = await SELF.fetch(`http://localhost/api/auth/verify-email?token=${encodeURIComponent(token)}`, {
    headers: { "cf-connecting-ip": testClientIp() },
  });
  if (!verified.ok) throw new Error(`signUpTestUser: confirming the address failed with ${verified.status}: ${await verified.text()}`);
  // Confirming signs in (worker/auth/auth.ts, autoSignInAfterVerification): that is the user's one session.
  const cookie = cookieFrom(verified);
  if (!cookie.includes("session_token=")) throw new Error("signUpTestUser: confirming the address did not sign the user in");
  return finishTestUser({ userId: body.user.id, email, password, cookie }, options);
}

// Each password's hash, made once per runtime: one scrypt hash verifies for every user who has it.
const passwordHashes = new Map<string, Promise<string>>();

/**
 * A confirmed, signed-in user made by better-auth's own adapter: the user row through its database
 * hooks (the tenancy account; the default plan too where billing is off, never in the suite), a
 * credential account whose password signs in, and a session made as confirming the address makes
 * one (`sessionCookieFor`) — the rows `signUpTestUser` leaves, which test/auth/test-users.test.ts
 * compares; no confirmation e-mail and no rate-limit rows. `signUpTestUser`'s two requests cost
 * ~45 ms more a user in workerd, some 40 CPU-s over the suite's ~900 users, for what the sign-up
 * tests prove once.
 */
export async function createTestUser(options: TestUserOptions = {}): Promise<TestUser> {
  const { email, password, firstName, lastName } = testUserDefaults(options);
  const context = await getAuth(env as unknown as Env).$context;
  let hash = passwordHashes.get(password);
  if (!hash) passwordHashes.set(password, (hash = context.password.hash(password)));
  const user = await context.internalAdapter.createUser(
    { email, name: `${firstName} ${lastName}`, firstName, lastName, emailVerified: true },
    { method: "email-password" },
  );
  await context.internalAdapter.linkAccount({ userId: user.id, providerId: "credential", accountId: user.id, password: await hash });
  return finishTestUser({ userId: user.id, email, password, cookie: await sessionCookieFor(user.id) }, options);
}

/** The tenancy account the user's sign-up made, then the test's plan and flags. */
async function finishTestUser(made: Omit<TestUser, "accountId">, options: TestUserOptions): Promise<TestUser> {
  const db = getDb(env.DB);
  const accountId = await getTenancyAccountId(db, made.userId);
  if (!accountId) throw new Error("no tenancy account was made with the user");
  if (options.plan) {
    await db.insert(accountPlanMetadata).values({
      accountId,
      planType: options.plan,
      billingInterval: "MONTHLY",
      status: "active",
      source: "admin",
    });
  }
  const changes = {
    ...(options.onboarded !== undefined ? { onboarded: options.onboarded } : {}),
    ...(options.sampleWorkspace ? {} : { sampleWorkspace: null }),
  };
  if (Object.keys(changes).length > 0) await db.update(users).set(changes).where(eq(users.id, made.userId));
  return { ...made, accountId };
}
