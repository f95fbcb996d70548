import { asc, eq, or, sql } from "drizzle-orm";
import { isEnterprise, planStatusOf } from "../accounts/plan";
import { getTenancyAccountId } from "../accounts/service";
import type { UserContext } from "../context";
import { clients, clientUsers } from "../db/schema";
import { notFound } from "../lib/errors";

/** Clients of enterprise accounts: who an exercise is filed under (spec §6). */

export type ClientView = { id: string; name: string; accountId: string };

/** The caller's clients when their account is an enterprise one (spec §6), else none, without reading them. */
export async function enterpriseClientsOf(ctx: UserContext): Promise<ClientView[]> {
  return isEnterprise(await planStatusOf(ctx)) ? listClientsForUser(ctx) : [];
}

/** Clients the caller may file exercises under: linked to them, or owned by the account they work in. */
export async function listClientsForUser({ db, user }: UserContext): Promise<ClientView[]> {
  const accountId = await getTenancyAccountId(db, user.id);
  const linked = db.select({ id: clientUsers.clientId }).from(clientUsers).where(eq(clientUsers.userId, user.id));
  const where = accountId ? or(eq(clients.accountId, accountId), sql`${clients.id} IN ${linked}`) : sql`${clients.id} IN ${linked}`;
  return db.select({ id: clients.id, name: clients.name, accountId: clients.accountId }).from(clients).where(where).orderBy(asc(clients.name));
}

export async function assertClientOfUser(ctx: UserContext, clientId: string): Promise<void> {
  const list = await listClientsForUser(ctx);
  if (!list.some((c) => c.id === clientId)) throw notFound("Client not found.");
}
