import type { UserContext } from "../context";
import { assertClientForNewItem, CLIENT_NOT_FOUND, enterpriseScopeOf, type ClientView } from "../clients/access";
import { notFound } from "../lib/errors";

/** Clients of enterprise accounts: who an exercise is filed under (spec §6; the rules are worker/clients/access.ts). */

export type { ClientView };
export { enterpriseClientsOf } from "../clients/access";

/** Every client the caller sees, archived ones included (the dashboard's filter, assignments). */
export async function listClientsForUser(ctx: UserContext): Promise<ClientView[]> {
  return (await enterpriseScopeOf(ctx))?.clients ?? [];
}

/** A client the caller sees (archived or not), else 404. */
export async function assertClientOfUser(ctx: UserContext, clientId: string): Promise<void> {
  if (!(await listClientsForUser(ctx)).some((c) => c.id === clientId)) throw notFound(CLIENT_NOT_FOUND);
}

/** A client a new exercise or document may be filed under: seen and not archived. */
export async function assertClientForCreate(ctx: UserContext, clientId: string): Promise<void> {
  await assertClientForNewItem(ctx, clientId);
}
