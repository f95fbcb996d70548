import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { membershipOf } from "../accounts/membership";
import { teamShareAllows, teamSharedIds, teamSharedIdsRaw } from "../accounts/team-shares";
import { isEnterprise, planStatusOf } from "../accounts/plan";
import { memoized, type UserContext } from "../context";
import { clientGroups, clients, clientUsers, groupUsers, type TeamShareAccess } from "../db/schema";
import { badRequest, notFound } from "../lib/errors";

/**
 * Who sees which clients of an enterprise account, and so which exercises and documents
 * (docs/decisions/0014). The enterprise account is the account whose ENTERPRISE plan the caller
 * works under. Its owners and admins (UserAccount OWNER/ADMIN, or team ADMIN) manage and see every
 * client; everyone else sees the clients they are assigned to, directly (ClientUser) or through a
 * group (ClientGroup + GroupUser). An item filed under a client is visible to everyone who sees the
 * client; an item filed under a client the caller does not see is 404, even their own.
 */

export type ClientView = { id: string; name: string; accountId: string; archived: boolean };

export type EnterpriseScope = {
  accountId: string;
  /** Owners and admins: manage clients and see all of them. */
  canManage: boolean;
  /** The clients the caller sees, archived ones included (their items stay readable), by name. */
  clients: ClientView[];
};

export const CLIENT_NOT_FOUND = "Client not found.";

/** The caller's enterprise scope, or null when they do not work under an enterprise plan (no client rules then). */
export function enterpriseScopeOf(ctx: UserContext): Promise<EnterpriseScope | null> {
  return memoized(ctx, "enterprise-scope", () => readEnterpriseScope(ctx));
}

async function readEnterpriseScope(ctx: UserContext): Promise<EnterpriseScope | null> {
  const plan = await planStatusOf(ctx);
  if (!isEnterprise(plan) || !plan.accountId) return null;
  const accountId = plan.accountId;
  const membership = await membershipOf(ctx);
  const canManage =
    membership.links.some((l) => l.accountId === accountId && (l.role === "OWNER" || l.role === "ADMIN")) ||
    membership.teams.some((t) => t.accountId === accountId && t.role === "ADMIN");
  const { db, user } = ctx;
  const direct = db.select({ id: clientUsers.clientId }).from(clientUsers).where(eq(clientUsers.userId, user.id));
  const viaGroup = db
    .select({ id: clientGroups.clientId })
    .from(clientGroups)
    .innerJoin(groupUsers, eq(groupUsers.groupId, clientGroups.groupId))
    .where(eq(groupUsers.userId, user.id));
  const where = canManage
    ? eq(clients.accountId, accountId)
    : and(eq(clients.accountId, accountId), sql`(${clients.id} IN ${direct} OR ${clients.id} IN ${viaGroup})`);
  const rows = await db
    .select({ id: clients.id, name: clients.name, accountId: clients.accountId, archivedAt: clients.archivedAt })
    .from(clients)
    .where(where)
    .orderBy(asc(clients.name), asc(clients.id));
  return { accountId, canManage, clients: rows.map(({ archivedAt, ...c }) => ({ ...c, archived: archivedAt != null })) };
}

/** The active clients the caller may file things under when their account is an enterprise one (spec §6), else none. */
export async function enterpriseClientsOf(ctx: UserContext): Promise<ClientView[]> {
  const scope = await enterpriseScopeOf(ctx);
  return scope ? scope.clients.filter((c) => !c.archived) : [];
}

/** The client ids the caller sees, or null when no client rules apply. */
export async function visibleClientIds(ctx: UserContext): Promise<string[] | null> {
  const scope = await enterpriseScopeOf(ctx);
  return scope ? scope.clients.map((c) => c.id) : null;
}

/**
 * A clientId sent on create (spec §7): must be an active client the caller sees. An unknown or
 * foreign id is 404 (never confirming another account's client), an archived one 400.
 */
export async function assertClientForNewItem(ctx: UserContext, clientId: string): Promise<ClientView> {
  const scope = await enterpriseScopeOf(ctx);
  const client = scope?.clients.find((c) => c.id === clientId);
  if (!client) throw notFound(CLIENT_NOT_FOUND);
  if (client.archived) throw badRequest("This client is archived. Unarchive it on the Clients page first.", "client_archived");
  return client;
}

/**
 * One item (exercise or document) against the rules, for reads of a single row: the row is
 * fetched with itemCandidate's filter, then decided here. An unfiled item needs no scope read
 * (the hot path: autosave, drafting), so only filed items pay for reading the caller's clients.
 * `teamAccess`: what a team share gives the caller (worker/accounts/team-shares.ts, read with the
 * row), which counts for unfiled items only.
 */
export async function mayOpen(
  ctx: UserContext,
  item: { userId: string; clientIds: readonly string[]; teamAccess?: TeamShareAccess | null },
  access: "read" | "write",
): Promise<boolean> {
  const own = item.userId === ctx.user.id;
  if (item.clientIds.length === 0) return own || teamShareAllows(item.teamAccess, access);
  const visible = await visibleClientIds(ctx);
  if (visible === null) return own;
  const seen = item.clientIds.some((id) => visible.includes(id));
  return access === "write" ? own && seen : seen;
}

const exerciseClientTag = sql`json_extract("Exercise"."metadata", '$.clientId')`;

/** The rows mayOpen may accept: the caller's own, filed under some client, or shared with their team (decided after). */
export const exerciseCandidate = (userId: string): SQL =>
  sql`("Exercise"."userId" = ${userId} OR ${exerciseClientTag} IS NOT NULL OR "Exercise"."id" IN ${teamSharedIds("exercise", userId)})`;
export const documentCandidate = (userId: string): SQL =>
  sql`("Document"."userId" = ${userId} OR EXISTS (SELECT 1 FROM "ContextAssignment" ca WHERE ca."contextId" = "Document"."contextId" AND ca."clientId" IS NOT NULL) OR "Document"."id" IN ${teamSharedIds("document", userId)})`;
/** The clients a document is filed under, comma-separated (null when none). */
export const documentClientIdsColumn = sql<
  string | null
>`(SELECT group_concat(ca."clientId") FROM "ContextAssignment" ca WHERE ca."contextId" = "Document"."contextId" AND ca."clientId" IS NOT NULL)`;

/**
 * Which personal exercises the caller may open. "read": their own (unfiled, or filed under a client
 * they see), every exercise filed under a client they see, and the unfiled ones shared with their
 * team. "write": their own only, with the same client rule (a colleague's exercise is read-only to
 * them; docs/decisions/0014), and the unfiled ones shared with their team for editing.
 */
export function exerciseAccess(userId: string, clientIds: string[] | null, access: "read" | "write" = "read"): SQL {
  const shared = sql`("Exercise"."id" IN ${teamSharedIds("exercise", userId, access)} AND ${exerciseClientTag} IS NULL)`;
  const own = sql`"Exercise"."userId" = ${userId}`;
  if (clientIds === null) return sql`(${own} OR ${shared})`;
  if (clientIds.length === 0) return sql`((${own} AND ${exerciseClientTag} IS NULL) OR ${shared})`;
  const filedVisible = inArray(exerciseClientTag, clientIds);
  const ownVisible = and(own, sql`(${exerciseClientTag} IS NULL OR ${filedVisible})`)!;
  return access === "write" ? sql`(${ownVisible} OR ${shared})` : sql`(${ownVisible} OR ${filedVisible} OR ${shared})`;
}

/** Exercises filed under one client (the dashboard's filter). */
export function exerciseFiledUnder(clientId: string): SQL {
  return sql`${exerciseClientTag} = ${clientId}`;
}

// Raw SQL names its tables: drizzle leaves a column unqualified in a single-table select list,
// and inside the ContextAssignment subqueries below an unqualified "contextId" would be ca's.

/** A document is filed under a client by a ContextAssignment of its context (worker/exercises/assignments.ts). */
const docTags = (clientIds: string[] | null, negate = false, table = sql.raw(`"Document"`)) => {
  const ids = clientIds ?? [];
  const inList = ids.length
    ? sql`ca."clientId" ${negate ? sql`NOT IN` : sql`IN`} (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : negate
      ? sql`1`
      : sql`0`;
  return sql`EXISTS (SELECT 1 FROM "ContextAssignment" ca WHERE ca."contextId" = ${table}."contextId" AND ca."clientId" IS NOT NULL AND ${inList})`;
};

/**
 * Documents the caller may open; the same rule as exerciseAccess. `alias` names the Document table
 * when a query gives it one (`"Document" d` in the search queries of worker/documents/index-store.ts).
 * Team shares give read access only (a document is changed by its author).
 */
export function documentAccess(userId: string, clientIds: string[] | null, access: "read" | "write" = "read", alias?: "d"): SQL {
  const table = sql.raw(alias ? alias : `"Document"`);
  const own = sql`${table}."userId" = ${userId}`;
  const shared = access === "read" ? sql` OR (${table}."id" IN ${teamSharedIds("document", userId)} AND NOT ${docTags(null, true, table)})` : sql``;
  if (clientIds === null) return sql`(${own}${shared})`;
  const visibleTag = docTags(clientIds, false, table);
  // Own and not filed only under clients the caller no longer sees.
  const ownVisible = sql`(${own} AND (${visibleTag} OR NOT ${docTags(clientIds, true, table)}))`;
  return access === "write" ? ownVisible : sql`(${ownVisible} OR ${visibleTag}${shared})`;
}

/**
 * documentAccess(…, "read") for the D1 prepared statements of Ask Readyroom retrieval
 * (worker/documents/retrieval.ts, vectors/), over `"Document" d`. `user` and `clients` are the
 * statement's placeholders ("?2", "?3"): bind the user id and documentClientScope(clientIds). With
 * no client rules (clientIds null) it is the caller's own documents, as before, by the userId
 * index. Keyword search, Ask citations and the design assistant so read the same documents as the
 * library: a colleague's document filed under a client the caller sees, and none
 * filed only under clients the caller no longer sees, even their own (docs/decisions/0014).
 */
export function documentReadableRaw(clientIds: string[] | null, user: string, clients: string): string {
  // Shared with the caller's team (worker/accounts/team-shares.ts) and filed under no client.
  const shared = `(d."id" IN ${teamSharedIdsRaw("document", user)} AND NOT EXISTS (SELECT 1 FROM "ContextAssignment" ca WHERE ca."contextId" = d."contextId" AND ca."clientId" IS NOT NULL))`;
  // Without client rules the placeholder is still used (bound null), so the bindings stay the same.
  if (clientIds === null) return `((d."userId" = ${user} AND ${clients} IS NULL) OR ${shared})`;
  const tagged = (op: "IN" | "NOT IN") =>
    `EXISTS (SELECT 1 FROM "ContextAssignment" ca WHERE ca."contextId" = d."contextId" AND ca."clientId" IS NOT NULL AND ca."clientId" ${op} (SELECT value FROM json_each(${clients})))`;
  return `((d."userId" = ${user} AND NOT ${tagged("NOT IN")}) OR ${tagged("IN")} OR ${shared})`;
}

/** What documentReadableRaw's `clients` placeholder is bound to: visibleClientIds as JSON, or null. */
export const documentClientScope = (clientIds: string[] | null): string | null => (clientIds === null ? null : JSON.stringify(clientIds));

export function documentFiledUnder(clientId: string): SQL {
  return sql`EXISTS (SELECT 1 FROM "ContextAssignment" ca WHERE ca."contextId" = "Document"."contextId" AND ca."clientId" = ${clientId})`;
}
