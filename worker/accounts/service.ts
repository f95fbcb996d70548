import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { accounts, userAccounts } from "../db/schema";

/**
 * Tenancy: every user owns one Account row of type SOLO from sign-up (provider "readyroom", so it
 * never collides with a sign-in link) and reaches the account they work in through UserAccount.
 * Team members are additionally linked to the team owner's account.
 */
const TENANCY_PROVIDER = "readyroom";

export async function createSoloAccountForUser(db: Database, input: { userId: string; name?: string | null }): Promise<string> {
  const accountId = crypto.randomUUID();
  await db.batch([
    db.insert(accounts).values({
      id: accountId,
      userId: input.userId,
      provider: TENANCY_PROVIDER,
      providerAccountId: accountId,
      name: input.name ?? null,
      type: "SOLO",
    }),
    db.insert(userAccounts).values({ userId: input.userId, accountId, role: "OWNER" }),
  ]);
  return accountId;
}

/**
 * The account a user works in: a membership of someone else's account (a team) wins over their own
 * SOLO account, so team members share their team's plan, data and credits.
 */
export async function getTenancyAccountId(db: Database, userId: string): Promise<string | null> {
  const rows = await tenancyAccountQuery(db, userId);
  return rows[0]?.accountId ?? null;
}

/** The tenancy account's id as a query, to use inside another (one round trip): the order getTenancyAccountId reads. */
export function tenancyAccountQuery(db: Database, userId: string) {
  return db
    .select({ accountId: userAccounts.accountId })
    .from(userAccounts)
    .where(eq(userAccounts.userId, userId))
    .orderBy(sql`CASE ${userAccounts.role} WHEN 'OWNER' THEN 1 ELSE 0 END`, asc(userAccounts.createdAt))
    .limit(1);
}

/** The user's own account (created at sign-up), regardless of team memberships. */
export async function getOwnAccountId(db: Database, userId: string): Promise<string | null> {
  const row = await db
    .select({ accountId: userAccounts.accountId })
    .from(userAccounts)
    .where(and(eq(userAccounts.userId, userId), eq(userAccounts.role, "OWNER")))
    .orderBy(asc(userAccounts.createdAt))
    .limit(1);
  return row[0]?.accountId ?? null;
}
