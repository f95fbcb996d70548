/**
 * The AuditLog rows of the account administration changes (./sql.ts), as statements both the admin
 * console (./service.ts, in the change's D1 batch) and the admin CLI (scripts/admin.ts, through
 * `wrangler d1 execute`) run, so `npm run admin` leaves exactly the rows the console does (issue
 * 29): the same action, target and details; the actor is the signed-in admin in the console and
 * none from the CLI, whose rows also say `via: "cli"` (as its team changes do, ./team-sql.ts).
 *
 * Each statement runs BEFORE its change in the same batch and reads what it records as "before"
 * (the previous plan, the flag's old value, the old role) from the row itself, so neither side has
 * to read it first; it writes nothing when the user or account does not exist.
 *
 * Pure (drizzle's `sql` and ./sql.ts): Node runs it with --experimental-strip-types.
 */
import { sql, type SQL } from "drizzle-orm";
import { accountIdSql, userWhere, type AccountRef, type BillingInterval, type Flag, type PlanType, type Role, type UserRef } from "./sql.ts";

/** Who made the change: the console's admin, or the CLI (no signed-in actor). */
export type AuditActor = { actorId: string } | { via: "cli" };

type Row = { accountId: SQL; targetUserId: SQL; action: string; metadata: SQL; from: SQL; actor: AuditActor; now: number };

function insert(row: Row): SQL {
  const actorId = "actorId" in row.actor ? row.actor.actorId : null;
  const metadata = "via" in row.actor ? sql`json_set(${row.metadata}, '$.via', ${row.actor.via})` : row.metadata;
  return sql`INSERT INTO "AuditLog" ("id", "accountId", "actorId", "targetUserId", "campaignId", "action", "metadata", "createdAt")
SELECT ${crypto.randomUUID()}, ${row.accountId}, ${actorId}, ${row.targetUserId}, NULL, ${row.action}, ${metadata}, ${row.now}
${row.from}`;
}

const accountFrom = (account: AccountRef) =>
  sql`FROM "Account" a LEFT JOIN "AccountPlanMetadata" p ON p."accountId" = a."id" WHERE a."id" = ${accountIdSql(account)}`;

/** `admin.account.grant_plan`: the plan granted and the one it replaces (null when none). */
export function grantPlanAuditSql(account: AccountRef, input: { plan: PlanType; interval: BillingInterval }, actor: AuditActor, now: number): SQL {
  return insert({
    accountId: sql`a."id"`,
    targetUserId: sql`NULL`,
    action: "admin.account.grant_plan",
    metadata: sql`json_object('plan', ${input.plan}, 'interval', ${input.interval}, 'previous', json(CASE WHEN p."planType" IS NULL THEN NULL ELSE json_object('planType', p."planType", 'status', p."status") END))`,
    from: accountFrom(account),
    actor,
    now,
  });
}

/** `admin.account.revoke_plan`: the plan that ends. */
export function revokePlanAuditSql(account: AccountRef, actor: AuditActor, now: number): SQL {
  return insert({
    accountId: sql`a."id"`,
    targetUserId: sql`NULL`,
    action: "admin.account.revoke_plan",
    metadata: sql`json_object('was', json_object('planType', p."planType", 'status', p."status"))`,
    from: sql`${accountFrom(account)} AND p."planType" IS NOT NULL`,
    actor,
    now,
  });
}

/** `admin.account.set_flag`: the flag, its new value and the old one (worker/accounts/flags.ts accountHasFlag, in SQL). */
export function setFlagAuditSql(account: AccountRef, flag: Flag, enabled: boolean, actor: AuditActor, now: number): SQL {
  const column = flag === "collaborateEnabled" || flag === "modelSelectionEnabled" ? sql`coalesce(a.${sql.identifier(flag)}, 0) = 1 OR ` : sql``;
  const was = sql`json(CASE WHEN ${column}json_extract(coalesce(a."featureFlags", '{}'), ${`$.${flag}`}) IS 1 THEN 'true' ELSE 'false' END)`;
  return insert({
    accountId: sql`a."id"`,
    targetUserId: sql`NULL`,
    action: "admin.account.set_flag",
    metadata: sql`json_object('flag', ${flag}, 'enabled', json(${enabled ? "true" : "false"}), 'was', ${was})`,
    from: accountFrom(account),
    actor,
    now,
  });
}

/** `admin.user.set_role`: the user's address, old role and new one. */
export function setRoleAuditSql(user: UserRef, role: Role, actor: AuditActor, now: number): SQL {
  return insert({
    accountId: sql`NULL`,
    targetUserId: sql`u."id"`,
    action: "admin.user.set_role",
    metadata: sql`json_object('email', u."email", 'from', u."role", 'to', ${role})`,
    from: sql`FROM "User" u WHERE u.${userWhere(user)}`,
    actor,
    now,
  });
}
