import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import { auditStatement } from "../audit/log";
import type { UserContext } from "../context";
import type { Database } from "../db/client";
import { clientGroups, clients, clientUsers, groups, groupUsers, teamMembers, teams, userAccounts, users } from "../db/schema";
import { HttpError, notFound } from "../lib/errors";
import { newId } from "../lib/ids";
import { accessChanged } from "../lib/access-changes";
import { nowDate } from "../lib/clock";
import { CLIENT_NOT_FOUND, enterpriseScopeOf, type EnterpriseScope } from "./access";
import type { CreateClientBody, UpdateClientBody } from "./schemas";
import type { ClientsPage, ClientGroupView, ManagedClientView } from "./views";

/**
 * The Clients page of enterprise accounts (issue 13): create, rename, archive and unarchive
 * clients; assign people and groups to them. Owners and admins manage (worker/clients/access.ts);
 * members see the clients they are assigned to. Every change writes an AuditLog row in the same
 * batch as the change.
 */

const ENTERPRISE_REQUIRED = "Clients are part of enterprise accounts.";
const CLIENT_ADMIN_REQUIRED = "Only the account's owners and admins manage clients.";

async function requireScope(ctx: UserContext): Promise<EnterpriseScope> {
  const scope = await enterpriseScopeOf(ctx);
  if (!scope) throw new HttpError(403, "enterprise_required", ENTERPRISE_REQUIRED);
  return scope;
}

async function requireManager(ctx: UserContext): Promise<EnterpriseScope> {
  const scope = await requireScope(ctx);
  if (!scope.canManage) throw new HttpError(403, "client_admin_required", CLIENT_ADMIN_REQUIRED);
  return scope;
}

/** The people of the account: linked through UserAccount, or members of the account's teams. */
function accountPeopleQuery(ctx: UserContext, accountId: string) {
  const linked = ctx.db.select({ id: userAccounts.userId }).from(userAccounts).where(eq(userAccounts.accountId, accountId));
  const team = ctx.db
    .select({ id: teamMembers.userId })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teams.accountId, accountId));
  return ctx.db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(or(inArray(users.id, linked), inArray(users.id, team)))
    .orderBy(asc(users.email));
}

/** Everything the page shows, in one D1 round trip after the scope. */
export async function getClientsPage(ctx: UserContext): Promise<ClientsPage> {
  const scope = await requireScope(ctx);
  const ids = scope.clients.map((c) => c.id);
  if (!scope.canManage) {
    return { canManage: false, clients: scope.clients.map((c) => ({ ...c, userIds: [], groupIds: [] })), people: [], groups: [] };
  }
  const { db } = ctx;
  const none = sql`0`;
  const [clientUserRows, clientGroupRows, people, groupRows, groupUserRows] = await db.batch([
    db
      .select()
      .from(clientUsers)
      .where(ids.length ? inArray(clientUsers.clientId, ids) : none),
    db
      .select()
      .from(clientGroups)
      .where(ids.length ? inArray(clientGroups.clientId, ids) : none),
    accountPeopleQuery(ctx, scope.accountId),
    db.select({ id: groups.id, name: groups.name }).from(groups).where(eq(groups.accountId, scope.accountId)).orderBy(asc(groups.name)),
    db
      .select({ groupId: groupUsers.groupId, userId: groupUsers.userId })
      .from(groupUsers)
      .innerJoin(groups, eq(groups.id, groupUsers.groupId))
      .where(eq(groups.accountId, scope.accountId)),
  ]);
  const clientViews: ManagedClientView[] = scope.clients.map((c) => ({
    ...c,
    userIds: clientUserRows.filter((r) => r.clientId === c.id).map((r) => r.userId),
    groupIds: clientGroupRows.filter((r) => r.clientId === c.id).map((r) => r.groupId),
  }));
  const groupViews: ClientGroupView[] = groupRows.map((g) => ({ ...g, userIds: groupUserRows.filter((r) => r.groupId === g.id).map((r) => r.userId) }));
  return {
    canManage: true,
    clients: clientViews,
    people: people.map((p) => ({ id: p.id, email: p.email, name: `${p.firstName} ${p.lastName}`.trim() || p.email })),
    groups: groupViews,
  };
}

async function findManagedClient(ctx: UserContext, scope: EnterpriseScope, clientId: string) {
  const [row] = await ctx.db
    .select()
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.accountId, scope.accountId)))
    .limit(1);
  if (!row) throw notFound(CLIENT_NOT_FOUND);
  return row;
}

const audit = (ctx: UserContext, scope: EnterpriseScope, targetType: string, targetId: string, action: string, metadata: Record<string, unknown> = {}) =>
  // AuditLog has a column for a user target only; a client's or a group's id rides in metadata.
  auditStatement(ctx.db, {
    accountId: scope.accountId,
    actorId: ctx.user.id,
    targetUserId: targetType === "user" ? targetId : null,
    action,
    metadata: { targetType, targetId, ...metadata },
  });

export async function createClient(ctx: UserContext, body: CreateClientBody): Promise<{ id: string; name: string }> {
  const scope = await requireManager(ctx);
  const id = newId();
  await ctx.db.batch([
    ctx.db.insert(clients).values({ id, name: body.name, accountId: scope.accountId }),
    audit(ctx, scope, "client", id, "client.created", { name: body.name }),
  ]);
  return { id, name: body.name };
}

export async function updateClient(ctx: UserContext, clientId: string, body: UpdateClientBody): Promise<{ success: true }> {
  const scope = await requireManager(ctx);
  const row = await findManagedClient(ctx, scope, clientId);
  const now = nowDate();
  const set: Partial<typeof clients.$inferInsert> = { updatedAt: now };
  const changes: ReturnType<typeof audit>[] = [];
  if (body.name !== undefined && body.name !== row.name) {
    set.name = body.name;
    changes.push(audit(ctx, scope, "client", clientId, "client.renamed", { from: row.name, to: body.name }));
  }
  if (body.archived !== undefined && body.archived !== (row.archivedAt != null)) {
    set.archivedAt = body.archived ? now : null;
    changes.push(audit(ctx, scope, "client", clientId, body.archived ? "client.archived" : "client.unarchived", { name: set.name ?? row.name }));
  }
  if (changes.length === 0) return { success: true };
  const update = ctx.db
    .update(clients)
    .set(set)
    .where(and(eq(clients.id, clientId), eq(clients.accountId, scope.accountId)));
  await ctx.db.batch([update, ...changes]);
  return { success: true };
}

/**
 * For the batch that takes a person out of an account (worker/teams/service.ts removeMember), after
 * its own statements: their client assignments (ClientUser) and group memberships (GroupUser) in
 * that account go too, once they are no longer among its people (no UserAccount link, no place in
 * its teams). Otherwise a re-invited member would find the clients they used to see; another
 * account's assignments are not touched.
 */
export function clientAssignmentRemovals(db: Database, accountId: string, userId: string) {
  const gone = sql`NOT EXISTS (SELECT 1 FROM "UserAccount" WHERE "userId" = ${userId} AND "accountId" = ${accountId})
AND NOT EXISTS (SELECT 1 FROM "TeamMember" tm JOIN "Team" t ON t."id" = tm."teamId" WHERE tm."userId" = ${userId} AND t."accountId" = ${accountId})`;
  return [
    db
      .delete(clientUsers)
      .where(and(eq(clientUsers.userId, userId), sql`${clientUsers.clientId} IN (SELECT "id" FROM "Client" WHERE "accountId" = ${accountId})`, gone)),
    db
      .delete(groupUsers)
      .where(and(eq(groupUsers.userId, userId), sql`${groupUsers.groupId} IN (SELECT "id" FROM "Group" WHERE "accountId" = ${accountId})`, gone)),
  ] as const;
}

async function assertAccountPerson(ctx: UserContext, scope: EnterpriseScope, userId: string): Promise<void> {
  const people = await accountPeopleQuery(ctx, scope.accountId);
  if (!people.some((p) => p.id === userId)) throw notFound("User not found.");
}

async function findGroup(ctx: UserContext, scope: EnterpriseScope, groupId: string) {
  const [row] = await ctx.db
    .select()
    .from(groups)
    .where(and(eq(groups.id, groupId), eq(groups.accountId, scope.accountId)))
    .limit(1);
  if (!row) throw notFound("Group not found.");
  return row;
}

export async function assignUser(ctx: UserContext, clientId: string, userId: string): Promise<{ success: true }> {
  const scope = await requireManager(ctx);
  await findManagedClient(ctx, scope, clientId);
  await assertAccountPerson(ctx, scope, userId);
  await ctx.db.batch([
    ctx.db.insert(clientUsers).values({ clientId, userId }).onConflictDoNothing(),
    audit(ctx, scope, "user", userId, "client.user_assigned", { clientId }),
  ]);
  return { success: true };
}

export async function unassignUser(ctx: UserContext, clientId: string, userId: string): Promise<{ success: true }> {
  const scope = await requireManager(ctx);
  await findManagedClient(ctx, scope, clientId);
  await ctx.db.batch([
    ctx.db.delete(clientUsers).where(and(eq(clientUsers.clientId, clientId), eq(clientUsers.userId, userId))),
    audit(ctx, scope, "user", userId, "client.user_unassigned", { clientId }),
  ]);
  await accessChanged(ctx, [userId]);
  return { success: true };
}

export async function assignGroup(ctx: UserContext, clientId: string, groupId: string): Promise<{ success: true }> {
  const scope = await requireManager(ctx);
  await findManagedClient(ctx, scope, clientId);
  await findGroup(ctx, scope, groupId);
  await ctx.db.batch([
    ctx.db.insert(clientGroups).values({ clientId, groupId }).onConflictDoNothing(),
    audit(ctx, scope, "group", groupId, "client.group_assigned", { clientId }),
  ]);
  return { success: true };
}

export async function unassignGroup(ctx: UserContext, clientId: string, groupId: string): Promise<{ success: true }> {
  const scope = await requireManager(ctx);
  await findManagedClient(ctx, scope, clientId);
  await ctx.db.batch([
    ctx.db.delete(clientGroups).where(and(eq(clientGroups.clientId, clientId), eq(clientGroups.groupId, groupId))),
    audit(ctx, scope, "group", groupId, "client.group_unassigned", { clientId }),
  ]);
  const members = await ctx.db.select({ userId: groupUsers.userId }).from(groupUsers).where(eq(groupUsers.groupId, groupId));
  await accessChanged(
    ctx,
    members.map((m) => m.userId),
  );
  return { success: true };
}

export async function createGroup(ctx: UserContext, body: { name: string }): Promise<{ id: string; name: string }> {
  const scope = await requireManager(ctx);
  const id = newId();
  await ctx.db.batch([
    ctx.db.insert(groups).values({ id, name: body.name, accountId: scope.accountId }),
    audit(ctx, scope, "group", id, "group.created", { name: body.name }),
  ]);
  return { id, name: body.name };
}

export async function addGroupMember(ctx: UserContext, groupId: string, userId: string): Promise<{ success: true }> {
  const scope = await requireManager(ctx);
  await findGroup(ctx, scope, groupId);
  await assertAccountPerson(ctx, scope, userId);
  await ctx.db.batch([
    ctx.db.insert(groupUsers).values({ groupId, userId }).onConflictDoNothing(),
    audit(ctx, scope, "user", userId, "group.user_added", { groupId }),
  ]);
  return { success: true };
}

export async function removeGroupMember(ctx: UserContext, groupId: string, userId: string): Promise<{ success: true }> {
  const scope = await requireManager(ctx);
  await findGroup(ctx, scope, groupId);
  await ctx.db.batch([
    ctx.db.delete(groupUsers).where(and(eq(groupUsers.groupId, groupId), eq(groupUsers.userId, userId))),
    audit(ctx, scope, "user", userId, "group.user_removed", { groupId }),
  ]);
  await accessChanged(ctx, [userId]);
  return { success: true };
}
