import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { getDb } from "../../worker/db/client";
import { accounts, userAccounts } from "../../worker/db/schema";
import { createTestUser, type TestUser } from "../helpers/auth";

export const db = () => getDb(env.DB);

/** An enterprise account owned by `owner`, with `members` linked to it as MEMBERs. */
export async function enterprise(memberCount = 0): Promise<{ owner: TestUser; members: TestUser[] }> {
  const owner = await createTestUser({ plan: "ENTERPRISE" });
  await db().update(accounts).set({ type: "ENTERPRISE" }).where(eq(accounts.id, owner.accountId));
  const members: TestUser[] = [];
  for (let i = 0; i < memberCount; i++) {
    const m = await createTestUser();
    await db().insert(userAccounts).values({ userId: m.userId, accountId: owner.accountId, role: "MEMBER" });
    members.push(m);
  }
  return { owner, members };
}
