import { getDb, type Database } from "../../worker/db/client";
import { accounts, users } from "../../worker/db/schema";

/** A bare user with its own account row, inserted directly (no auth flow needed here). */
export async function insertUserWithAccount(db: Database, email = `${crypto.randomUUID()}@example.test`) {
  const [user] = await db.insert(users).values({ email, firstName: "Test", lastName: "User" }).returning();
  const [account] = await db.insert(accounts).values({ userId: user!.id, provider: "credential", providerAccountId: user!.id }).returning();
  return { user: user!, account: account! };
}

/** Resolves to the rejection's message chain, so a test can assert which constraint fired. */
export async function failureOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const parts: string[] = [];
    let current: unknown = error;
    while (current) {
      parts.push(String((current as Error).message ?? current));
      current = (current as { cause?: unknown }).cause;
    }
    return parts.join(" <- ");
  }
  throw new Error("expected the operation to fail, but it succeeded");
}

export { getDb };
