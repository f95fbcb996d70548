import { env } from "cloudflare:test";
import { ledgerFor } from "../../worker/billing/ledger";
import { appContext } from "../../worker/context";
import { HttpError } from "../../worker/lib/errors";

/**
 * A bare user + tenancy account in D1, without going through sign-up (password hashing costs
 * ~200 ms): enough for the ledger's D1 copy, whose rows reference Account and User.
 */
export async function seedAccount(): Promise<{ accountId: string; userId: string }> {
  const userId = crypto.randomUUID();
  const accountId = crypto.randomUUID();
  await env.DB.batch([
    env.DB.prepare(`INSERT INTO "User" (id, email, firstName, lastName) VALUES (?, ?, 'Ledger', 'Tester')`).bind(userId, `${userId}@example.test`),
    env.DB.prepare(`INSERT INTO "Account" (id, userId, provider, providerAccountId, type) VALUES (?, ?, 'readyroom', ?, 'SOLO')`).bind(
      accountId,
      userId,
      accountId,
    ),
    env.DB.prepare(`INSERT INTO "UserAccount" (userId, accountId, role) VALUES (?, ?, 'OWNER')`).bind(userId, accountId),
  ]);
  return { accountId, userId };
}

export async function seededLedger() {
  const ids = await seedAccount();
  return { ...ids, ledger: ledgerFor(appContext(env), ids.accountId) };
}

let n = 0;
export const key = (prefix = "k") => `${prefix}-${++n}-${crypto.randomUUID().slice(0, 8)}`;

/** The HttpError a call is expected to refuse with (any other outcome fails the test). */
export async function httpErrorOf(p: Promise<unknown>): Promise<HttpError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw err;
  }
  throw new Error("expected an HttpError");
}
