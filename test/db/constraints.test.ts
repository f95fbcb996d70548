import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  accountPlanMetadata,
  alerts,
  campaigns,
  campaignTokens,
  creditBalances,
  creditSettings,
  exercises,
  intelBriefs,
  processedStripeEvents,
  schedulerTaskStates,
  teamMembers,
  teams,
  transactions,
  userAccounts,
  users,
} from "../../worker/db/schema";
import { nowMs } from "../../worker/lib/clock";
import { failureOf, getDb, insertUserWithAccount } from "./helpers";

const UNIQUE = /UNIQUE constraint failed/;

describe("unique constraints", () => {
  it("a Stripe event id is processed once", async () => {
    const db = getDb(env.DB);
    await db.insert(processedStripeEvents).values({ id: "evt_123", type: "invoice.paid" });
    expect(await failureOf(db.insert(processedStripeEvents).values({ id: "evt_123", type: "invoice.paid" }))).toMatch(UNIQUE);
    const [row] = await db.select().from(processedStripeEvents).where(eq(processedStripeEvents.id, "evt_123"));
    expect(row!.processedAt).toBeInstanceOf(Date);
  });

  it("an idempotency key is unique per account, not globally, and may be absent", async () => {
    const db = getDb(env.DB);
    const a = await insertUserWithAccount(db);
    const b = await insertUserWithAccount(db);
    const tx = (accountId: string, idempotencyKey: string | null) => db.insert(transactions).values({ accountId, amount: -1, type: "SPEND", idempotencyKey });
    await tx(a.account.id, "spend-1");
    expect(await failureOf(tx(a.account.id, "spend-1"))).toMatch(UNIQUE);
    await tx(b.account.id, "spend-1");
    await tx(a.account.id, null);
    await tx(a.account.id, null);
    expect(await db.select().from(transactions).where(eq(transactions.accountId, a.account.id))).toHaveLength(3);
  });

  it("share tokens of briefs and alerts are unique, unshared rows are many", async () => {
    const db = getDb(env.DB);
    const { user } = await insertUserWithAccount(db);
    await db.insert(intelBriefs).values({ userId: user.id, title: "a", content: "x", shareToken: "tok-1" });
    expect(await failureOf(db.insert(intelBriefs).values({ userId: user.id, title: "b", content: "y", shareToken: "tok-1" }))).toMatch(UNIQUE);
    await db.insert(intelBriefs).values({ userId: user.id, title: "c", content: "z" });
    await db.insert(intelBriefs).values({ userId: user.id, title: "d", content: "z" });

    await db.insert(alerts).values({ userId: user.id, queryText: "floods", shareToken: "alert-1" });
    expect(await failureOf(db.insert(alerts).values({ userId: user.id, queryText: "fires", shareToken: "alert-1" }))).toMatch(UNIQUE);
  });

  it("per-account rows, team membership, campaign tokens, task names and e-mails are unique", async () => {
    const db = getDb(env.DB);
    const { user, account } = await insertUserWithAccount(db);

    await db.insert(accountPlanMetadata).values({ accountId: account.id, planType: "SOLO" });
    expect(await failureOf(db.insert(accountPlanMetadata).values({ accountId: account.id, planType: "TEAM" }))).toMatch(UNIQUE);
    await db.insert(creditSettings).values({ accountId: account.id });
    expect(await failureOf(db.insert(creditSettings).values({ accountId: account.id }))).toMatch(UNIQUE);
    await db.insert(creditBalances).values({ accountId: account.id });
    expect(await failureOf(db.insert(creditBalances).values({ accountId: account.id }))).toMatch(UNIQUE);

    await db.insert(userAccounts).values({ userId: user.id, accountId: account.id });
    expect(await failureOf(db.insert(userAccounts).values({ userId: user.id, accountId: account.id }))).toMatch(/UNIQUE constraint failed|PRIMARY KEY/);

    const [team] = await db.insert(teams).values({ accountId: account.id }).returning();
    await db.insert(teamMembers).values({ teamId: team!.id, userId: user.id, role: "ADMIN" });
    expect(await failureOf(db.insert(teamMembers).values({ teamId: team!.id, userId: user.id }))).toMatch(UNIQUE);

    const [campaign] = await db.insert(campaigns).values({ teamId: team!.id, name: "c" }).returning();
    const token = { campaignId: campaign!.id, email: "x@example.test", token: "hash-1", expiresAt: new Date(nowMs() + 60_000) };
    await db.insert(campaignTokens).values(token);
    expect(await failureOf(db.insert(campaignTokens).values({ ...token, email: "y@example.test" }))).toMatch(UNIQUE);

    await db.insert(schedulerTaskStates).values({ name: "expire-credits" });
    expect(await failureOf(db.insert(schedulerTaskStates).values({ name: "expire-credits" }))).toMatch(UNIQUE);

    expect(await failureOf(db.insert(users).values({ email: user.email }))).toMatch(UNIQUE);
  });
});

describe("foreign keys", () => {
  it("refuse orphans and cascade a deleted user's exercises and plan", async () => {
    const db = getDb(env.DB);
    expect(await failureOf(db.insert(exercises).values({ userId: "no-such-user" }))).toMatch(/FOREIGN KEY/);

    const { user, account } = await insertUserWithAccount(db);
    await db.insert(exercises).values({ userId: user.id, name: "mine" });
    await db.insert(accountPlanMetadata).values({ accountId: account.id, planType: "SOLO" });
    await db.delete(users).where(eq(users.id, user.id));
    expect(await db.select().from(exercises).where(eq(exercises.userId, user.id))).toEqual([]);
    expect(await db.select().from(accountPlanMetadata).where(eq(accountPlanMetadata.accountId, account.id))).toEqual([]);
  });
});
