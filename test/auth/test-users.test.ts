import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "../../worker/db/client";
import { accountPlanMetadata, accounts, creditBalances, sessions, userAccounts, users } from "../../worker/db/schema";
import { api, json, signIn } from "../helpers/api";
import { createTestUser, signUpTestUser, type TestUser, type TestUserOptions } from "../helpers/auth";

// What differs between any two users by nature: keys, the address, times, the session's secret and
// the client address it was made from (a request has one; the adapter's session does not).
const OWN = new Set(["id", "userId", "accountId", "providerAccountId", "email", "password", "sessionToken", "expires", "ipAddress", "createdAt", "updatedAt"]);

function shape(rows: Record<string, unknown>[]) {
  return rows
    .map((row) => Object.fromEntries(Object.entries(row).filter(([key]) => !OWN.has(key))))
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

const sessionsOf = (user: TestUser) => getDb(env.DB).select().from(sessions).where(eq(sessions.userId, user.userId));

/** Every row sign-up leaves for a user, with what makes it theirs taken out. */
async function rowsOf(user: TestUser) {
  const db = getDb(env.DB);
  const own = await db.select().from(accounts).where(eq(accounts.userId, user.userId));
  const credentials = own.filter((a) => a.provider === "credential");
  const ownSessions = await sessionsOf(user);
  return {
    user: shape(await db.select().from(users).where(eq(users.id, user.userId))),
    accounts: shape(own),
    // The credential row is keyed by the user's id, as better-auth's sign-up keys it.
    credentialKeyedByUser: credentials.map((a) => a.providerAccountId === user.userId),
    memberships: shape(await db.select().from(userAccounts).where(eq(userAccounts.userId, user.userId))),
    plans: shape(await db.select().from(accountPlanMetadata).where(eq(accountPlanMetadata.accountId, user.accountId))),
    balances: shape(await db.select().from(creditBalances).where(eq(creditBalances.accountId, user.accountId))),
    sessions: shape(ownSessions),
    // How long the session lasts, which the exact expiry times above leave out.
    sessionSeconds: ownSessions.map((row) => Math.round((row.expires.getTime() - row.createdAt.getTime()) / 1000)),
    // Both hashed at the suite's cost (worker/auth/password-hash.ts): never a full-cost hash per user.
    testCostHash: credentials.map((a) => a.password?.startsWith("test-scrypt-")),
  };
}

describe("createTestUser", () => {
  const cases: [string, TestUserOptions][] = [
    ["defaults", {}],
    [
      "a named, onboarded TEAM user keeping the sample workspace",
      { firstName: "Sam", lastName: "Reyes", plan: "TEAM", onboarded: true, sampleWorkspace: true },
    ],
  ];

  it.each(cases)("leaves the rows signing up and confirming the address leave (%s)", async (_, options) => {
    const signedUp = await signUpTestUser(options);
    const made = await createTestUser(options);
    const expected = await rowsOf(signedUp);
    expect(expected.accounts.length).toBeGreaterThanOrEqual(2); // the tenancy account and the credential
    expect(expected.sessions).toHaveLength(1);
    expect(await rowsOf(made)).toEqual(expected);
    // What only signing up leaves: the confirmation e-mail, and the client address on the session.
    const mailKinds = async (user: TestUser) =>
      (await env.DB.prepare('SELECT "kind" FROM "EmailOutbox" WHERE "to" = ?').bind(user.email).all<{ kind: string }>()).results.map((m) => m.kind);
    expect(await mailKinds(signedUp)).toEqual(["email-verification"]);
    expect(await mailKinds(made)).toEqual([]);
    const addressOf = async (user: TestUser) => (await sessionsOf(user))[0]?.ipAddress;
    expect(await addressOf(signedUp)).toMatch(/^10\./);
    expect(await addressOf(made)).toBeFalsy();
  });

  it("gives a session cookie the API accepts and a password that signs in", async () => {
    const made = await createTestUser({ email: "Mixed.Case@Example.test", password: "a-different-password" });
    expect(made.email).toBe("mixed.case@example.test");
    const session = await json<{ user: { id: string } } | null>(await api("/api/auth/get-session", { cookie: made.cookie }));
    expect(session?.user.id).toBe(made.userId);
    const cookie = await signIn(made.email, "a-different-password");
    expect(cookie).toContain("session_token=");
  });
});
