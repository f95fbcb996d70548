import { sql, type SQL } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { accountHasFlag } from "../accounts/flags";
import { auditStatement, writeAudit, type AuditEntry } from "../audit/log";
import { rawStatement } from "../db/client";
import { adjustCredits, getLedgerState, grantCredits } from "../billing/service";
import type { AppContext, UserContext } from "../context";
import { accessChanged } from "../lib/access-changes";
import { conflict, notFound } from "../lib/errors";
import { purgeSharedPagesOf } from "../share/owner-pages";
import { nowMs } from "../lib/clock";
import { ADMIN_ACTIONS, FLAGS, type AdminAction, type BillingInterval, type Flag, type PlanType, type Role } from "../../shared/admin/model";
import type { AuditQuery, CreditsChange, GrantPlan, SetFlag, UpdateUser, UserSearch } from "./schemas";
import { countUsersSql, grantPlanSql, listUsersSql, revokePlanSql, setBetaSql, setDisabledSql, setFlagSql, setRoleSql } from "./sql";
import { grantPlanAuditSql, revokePlanAuditSql, setFlagAuditSql, setRoleAuditSql } from "./audit-sql";

/**
 * The admin console (issue 13): users, their accounts' plans, credits and flags, the audit log and
 * the scheduler's task states. Every service here acts for a signed-in admin (the routes and the
 * /admin loader check the role first: `isAdmin`). Mutations run the very statements the admin CLI
 * runs (./sql.ts) in one batch with their AuditLog rows; credits go through the account's
 * CreditLedger. Reads of people's data are audited too (`auditRead`): the user list and search, a
 * user's detail, an account's detail and the teams with their members' addresses. The audit log
 * itself and the scheduler are not (reading the log is the oversight; the scheduler holds no one's data).
 */

/** Users with role admin may use the console; everyone else must not learn it exists (404). */
export function isAdmin(user: { role: string } | null | undefined): boolean {
  return user?.role === "admin";
}

type AdminFlags = Record<Flag, boolean>;

type AdminPlanView = { planType: PlanType; billingInterval: BillingInterval | null; status: string; source: string | null };

export interface AdminUserView {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  isBeta: boolean;
  onboarded: boolean;
  /** Epoch ms, or null when the user may sign in. */
  disabledAt: number | null;
  createdAt: number;
  /** The user's own (OWNER) account: the one the CLI's --email commands act on. */
  account: { id: string; name: string | null; type: PlanType | null; plan: AdminPlanView | null; flags: AdminFlags } | null;
  /**
   * The plan the user actually works under when it is another account's: a team member's is their
   * team's (worker/accounts/service.ts getTenancyAccountId). Null when they work in their own account.
   */
  teamPlan: { accountId: string; accountName: string | null; planType: PlanType | null; status: string | null } | null;
}

export interface AdminUserPage {
  users: AdminUserView[];
  page: number;
  pageSize: number;
  total: number;
}

export interface AdminAccountView {
  id: string;
  name: string | null;
  type: PlanType | null;
  plan: AdminPlanView | null;
  flags: AdminFlags;
  /** From the account's CreditLedger (strongly consistent), not the D1 mirror. */
  credits: { currentBalance: number; grantedCreditsAvailable: number; pendingSpend: number; monthlySpend: number };
}

type UserRow = {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: string;
  onboarded: number;
  isBeta: number;
  disabledAt: number | null;
  createdAt: number;
  accountId: string | null;
  accountName: string | null;
  accountType: string | null;
  planType: string | null;
  billingInterval: string | null;
  planStatus: string | null;
  planSource: string | null;
  featureFlags: string | null;
  collaborateEnabled: number | null;
  modelSelectionEnabled: number | null;
  effectiveAccountId: string | null;
  effectiveAccountName: string | null;
  effectivePlanType: string | null;
  effectivePlanStatus: string | null;
};

function flagsOf(row: { featureFlags: unknown; collaborateEnabled: number | boolean | null; modelSelectionEnabled: number | boolean | null }): AdminFlags {
  const columns = {
    featureFlags: row.featureFlags,
    collaborateEnabled: Boolean(row.collaborateEnabled),
    modelSelectionEnabled: Boolean(row.modelSelectionEnabled),
  };
  return Object.fromEntries(FLAGS.map((f) => [f, accountHasFlag(columns, f)])) as AdminFlags;
}

function planOf(row: { planType: string | null; billingInterval: string | null; planStatus: string | null; planSource: string | null }): AdminPlanView | null {
  if (!row.planType || !row.planStatus) return null;
  return {
    planType: row.planType as PlanType,
    billingInterval: (row.billingInterval as BillingInterval | null) ?? null,
    status: row.planStatus,
    source: row.planSource,
  };
}

function userView(row: UserRow): AdminUserView {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName ?? "",
    lastName: row.lastName ?? "",
    role: row.role === "admin" ? "admin" : "basic",
    isBeta: Boolean(row.isBeta),
    onboarded: Boolean(row.onboarded),
    disabledAt: row.disabledAt ?? null,
    createdAt: row.createdAt,
    account: row.accountId
      ? { id: row.accountId, name: row.accountName, type: (row.accountType as PlanType | null) ?? null, plan: planOf(row), flags: flagsOf(row) }
      : null,
    teamPlan:
      row.effectiveAccountId && row.effectiveAccountId !== row.accountId
        ? {
            accountId: row.effectiveAccountId,
            accountName: row.effectiveAccountName,
            planType: (row.effectivePlanType as PlanType | null) ?? null,
            status: row.effectivePlanStatus,
          }
        : null,
  };
}

/** An audit row of a console change; the actor is the signed-in admin. `onlyIf`: see auditStatement. */
export type AdminAudit = Omit<AuditEntry, "actorId" | "action"> & { action: AdminAction; onlyIf?: SQL };

/**
 * Runs the CLI's statements (./sql.ts, ./team-sql.ts) and the change's audit rows as one batch, all
 * or nothing: a change never lands without its audit row, nor an audit row without its change.
 */
export async function run(ctx: UserContext, statements: SQL[], audits: AdminAudit[]): Promise<void> {
  const { db } = ctx;
  const items: BatchItem<"sqlite">[] = [
    ...statements.map((s) => rawStatement(db, s)),
    ...audits.map(({ onlyIf, ...entry }) => auditStatement(db, { ...entry, actorId: ctx.user.id }, onlyIf)),
  ];
  await db.batch(items as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

/** Records that the signed-in admin read people's data (after the read, before it is answered). */
export function auditRead(ctx: UserContext, entry: Omit<AdminAudit, "onlyIf">): Promise<void> {
  return writeAudit(ctx, { ...entry, actorId: ctx.user.id });
}

// ------------------------------------------------------------------------------------------------
// Users

/** The user list and search (e-mail or name, paged): the CLI's list-users with a filter. Audited: who was listed. */
export async function searchUsers(ctx: UserContext, input: UserSearch): Promise<AdminUserPage> {
  const offset = (input.page - 1) * input.pageSize;
  const [rows, count] = await Promise.all([
    ctx.db.all<UserRow>(listUsersSql({ q: input.q, limit: input.pageSize, offset })),
    ctx.db.get<{ total: number }>(countUsersSql({ q: input.q })),
  ]);
  const users = rows.map(userView);
  await auditRead(ctx, { accountId: null, action: "admin.user.list", metadata: { q: input.q ?? null, page: input.page, userIds: users.map((u) => u.id) } });
  return { users, page: input.page, pageSize: input.pageSize, total: count?.total ?? 0 };
}

/** One user's detail, as the console's user dialog opens it. Audited. */
export async function viewAdminUser(ctx: UserContext, userId: string): Promise<AdminUserView> {
  const user = await getAdminUser(ctx, userId);
  await auditRead(ctx, { accountId: null, targetUserId: userId, action: "admin.user.view", metadata: { email: user.email } });
  return user;
}

async function getAdminUser(ctx: AppContext, userId: string): Promise<AdminUserView> {
  const row = await ctx.db.get<UserRow>(listUsersSql({ id: userId }));
  if (!row) throw notFound("No such user.");
  return userView(row);
}

/**
 * Disable/enable, role and beta, in that order, each with its audit row. An admin may neither
 * remove their own admin role nor disable themselves (so the console always keeps one admin who
 * can undo a mistake); nothing is changed when the request is refused.
 */
export async function updateUser(ctx: UserContext, userId: string, input: UpdateUser): Promise<AdminUserView> {
  const before = await getAdminUser(ctx, userId);
  const self = userId === ctx.user.id;
  if (self && input.role === "basic") throw conflict("You cannot remove your own admin role. Ask another admin.", "self_demotion");
  if (self && input.disabled === true) throw conflict("You cannot disable your own account.", "self_disable");
  const now = nowMs();
  const audits: AdminAudit[] = [];
  const statements: SQL[] = [];
  if (input.disabled !== undefined && input.disabled !== (before.disabledAt !== null)) {
    statements.push(...setDisabledSql({ userId }, input.disabled, now));
    audits.push({
      accountId: null,
      targetUserId: userId,
      action: input.disabled ? "admin.user.disable" : "admin.user.enable",
      metadata: { email: before.email },
    });
  }
  if (input.role !== undefined && input.role !== before.role) {
    // The audit row first: it reads the role it records as "from" (./audit-sql.ts, the CLI's too).
    statements.push(setRoleAuditSql({ userId }, input.role, { actorId: ctx.user.id }, now), ...setRoleSql({ userId }, input.role, now));
  }
  if (input.isBeta !== undefined && input.isBeta !== before.isBeta) {
    statements.push(...setBetaSql({ userId }, input.isBeta, now));
    audits.push({ accountId: null, targetUserId: userId, action: "admin.user.set_beta", metadata: { email: before.email, isBeta: input.isBeta } });
  }
  if (statements.length === 0) return before;
  await run(ctx, statements, audits);
  if (input.disabled === true && before.disabledAt === null) {
    // A disabled account's share pages are 404 from now on (worker/share/standing.ts); their edge copies go too.
    await purgeSharedPagesOf(ctx, { userId });
    await accessChanged(ctx, [userId]);
  }
  return getAdminUser(ctx, userId);
}

// ------------------------------------------------------------------------------------------------
// Accounts

type AccountRow = {
  id: string;
  name: string | null;
  type: string | null;
  featureFlags: string | null;
  collaborateEnabled: number | null;
  modelSelectionEnabled: number | null;
  planType: string | null;
  billingInterval: string | null;
  planStatus: string | null;
  planSource: string | null;
};

async function accountRow(ctx: AppContext, accountId: string): Promise<AccountRow> {
  const row = await ctx.env.DB.prepare(
    `SELECT a."id", a."name", a."type", a."featureFlags", a."collaborateEnabled", a."modelSelectionEnabled",
      p."planType", p."billingInterval", p."status" AS "planStatus", p."source" AS "planSource"
     FROM "Account" a LEFT JOIN "AccountPlanMetadata" p ON p."accountId" = a."id" WHERE a."id" = ?1`,
  )
    .bind(accountId)
    .first<AccountRow>();
  if (!row) throw notFound("No such account.");
  return row;
}

/** One account's detail (plan, flags, credits; a SOLO account is one person's). Audited. */
export async function viewAdminAccount(ctx: UserContext, accountId: string): Promise<AdminAccountView> {
  const account = await getAdminAccount(ctx, accountId);
  await auditRead(ctx, { accountId, action: "admin.account.view" });
  return account;
}

async function getAdminAccount(ctx: AppContext, accountId: string): Promise<AdminAccountView> {
  const row = await accountRow(ctx, accountId);
  const { balance } = await getLedgerState(ctx, accountId);
  return {
    id: row.id,
    name: row.name,
    type: (row.type as PlanType | null) ?? null,
    plan: planOf(row),
    flags: flagsOf(row),
    credits: {
      currentBalance: balance.currentBalance,
      grantedCreditsAvailable: balance.grantedCreditsAvailable,
      pendingSpend: balance.pendingSpend,
      monthlySpend: balance.monthlySpend,
    },
  };
}

/**
 * The CLI's grant-plan: an active admin plan, no end date. Audit rows here and in the three below
 * are the CLI's statements too (./audit-sql.ts), run first in the batch so they read the "before".
 */
export async function grantPlan(ctx: UserContext, accountId: string, input: GrantPlan): Promise<AdminAccountView> {
  await accountRow(ctx, accountId);
  const now = nowMs();
  await run(
    ctx,
    [grantPlanAuditSql({ accountId }, input, { actorId: ctx.user.id }, now), ...grantPlanSql({ accountId, plan: input.plan, interval: input.interval, now })],
    [],
  );
  return getAdminAccount(ctx, accountId);
}

/** The CLI's revoke-plan: the plan row stays, canceled. 409 when there is no plan. */
export async function revokePlan(ctx: UserContext, accountId: string): Promise<AdminAccountView> {
  const before = await accountRow(ctx, accountId);
  if (!before.planType) throw conflict("This account has no plan to revoke.", "no_plan");
  const now = nowMs();
  await run(ctx, [revokePlanAuditSql({ accountId }, { actorId: ctx.user.id }, now), ...revokePlanSql({ accountId }, now)], []);
  await purgeSharedPagesOf(ctx, { accountId });
  return getAdminAccount(ctx, accountId);
}

/** The CLI's set-flag. */
export async function setFlag(ctx: UserContext, accountId: string, input: SetFlag): Promise<AdminAccountView> {
  await accountRow(ctx, accountId);
  const now = nowMs();
  await run(
    ctx,
    [setFlagAuditSql({ accountId }, input.flag, input.enabled, { actorId: ctx.user.id }, now), ...setFlagSql({ accountId }, input.flag, input.enabled, now)],
    [],
  );
  return getAdminAccount(ctx, accountId);
}

/**
 * Grants credits or applies a signed adjustment through the account's CreditLedger (never the
 * balance columns). The browser's requestId is the ledger's idempotency key, so a retried
 * submission applies once (and writes one audit row). 402 when a debit exceeds what is available.
 * The change is the ledger object's, outside D1, so it cannot share the audit row's batch: the row
 * carries the same key instead, and a retry after a failed audit write (the console shows the
 * error) adds the missing row without applying the change again.
 */
export async function changeCredits(ctx: UserContext, accountId: string, input: CreditsChange): Promise<AdminAccountView> {
  await accountRow(ctx, accountId);
  const key = `admin:${input.kind}:${input.requestId}`;
  const op = { accountId, userId: ctx.user.id, amount: input.amount, idempotencyKey: key, metadata: { reason: input.reason, adminId: ctx.user.id } };
  const result = input.kind === "grant" ? await grantCredits(ctx, op) : await adjustCredits(ctx, op);
  const tx = result.transactions[0];
  await run(
    ctx,
    [],
    [
      {
        accountId,
        action: input.kind === "grant" ? "admin.account.grant_credits" : "admin.account.adjust_credits",
        metadata: {
          amount: input.amount,
          reason: input.reason,
          balanceAfter: result.balance.currentBalance,
          transactionId: tx?.id ?? null,
          idempotencyKey: key,
        },
        onlyIf: sql`NOT EXISTS (SELECT 1 FROM "AuditLog" WHERE "accountId" = ${accountId} AND json_extract("metadata", '$.idempotencyKey') = ${key})`,
      },
    ],
  );
  return getAdminAccount(ctx, accountId);
}

// ------------------------------------------------------------------------------------------------
// Audit log

interface AuditEntryView {
  id: string;
  createdAt: number;
  action: string;
  actor: { id: string; email: string | null } | null;
  targetType: string | null;
  targetId: string | null;
  /** The target user's e-mail, or the target account's name, where there is one. */
  targetLabel: string | null;
  metadata: Record<string, unknown> | null;
}

export interface AuditPage {
  entries: AuditEntryView[];
  page: number;
  pageSize: number;
  total: number;
  /** The actions the console writes, for the filter. */
  actions: readonly string[];
}

type AuditRow = {
  id: string;
  createdAt: number;
  action: string;
  actorId: string | null;
  actorEmail: string | null;
  targetUserId: string | null;
  targetEmail: string | null;
  accountId: string | null;
  accountName: string | null;
  campaignId: string | null;
  metadata: string | null;
};

/**
 * The audit log, newest first. `actor` is a user id or e-mail; `target` a user id or e-mail (with
 * their own account), an account id or a campaign id; `action` an exact action; `from`/`to` bound createdAt (inclusive).
 * Rows of one batch may share a millisecond: within it, the later written first (rowid).
 */
export async function listAudit(ctx: AppContext, query: AuditQuery): Promise<AuditPage> {
  const where: string[] = [];
  const binds: (string | number)[] = [];
  const bind = (v: string | number) => {
    binds.push(v);
    return `?${binds.length}`;
  };
  if (query.actor) {
    const p = bind(query.actor);
    where.push(`(l."actorId" = ${p} OR l."actorId" = (SELECT "id" FROM "User" WHERE "email" = lower(${p})))`);
  }
  if (query.action) where.push(`l."action" = ${bind(query.action)}`);
  if (query.target) {
    const p = bind(query.target);
    // A user's e-mail also finds the entries about their own account (plans, flags, credits).
    where.push(
      `(l."targetUserId" = ${p} OR l."accountId" = ${p} OR l."campaignId" = ${p} OR l."targetUserId" = (SELECT "id" FROM "User" WHERE "email" = lower(${p}))
        OR l."accountId" IN (SELECT ua."accountId" FROM "UserAccount" ua JOIN "User" u ON u."id" = ua."userId" WHERE u."email" = lower(${p}) AND ua."role" = 'OWNER'))`,
    );
  }
  if (query.from !== undefined) where.push(`l."createdAt" >= ${bind(query.from)}`);
  if (query.to !== undefined) where.push(`l."createdAt" <= ${bind(query.to)}`);
  const filter = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const offset = (query.page - 1) * query.pageSize;
  const [rows, count] = await Promise.all([
    ctx.env.DB.prepare(
      `SELECT l."id", l."createdAt", l."action", l."actorId", actor."email" AS "actorEmail", l."targetUserId", target."email" AS "targetEmail",
        l."accountId", a."name" AS "accountName", l."campaignId", l."metadata"
       FROM "AuditLog" l
       LEFT JOIN "User" actor ON actor."id" = l."actorId"
       LEFT JOIN "User" target ON target."id" = l."targetUserId"
       LEFT JOIN "Account" a ON a."id" = l."accountId"
       ${filter}
       ORDER BY l."createdAt" DESC, l.rowid DESC
       LIMIT ${query.pageSize} OFFSET ${offset}`,
    )
      .bind(...binds)
      .all<AuditRow>(),
    ctx.env.DB.prepare(`SELECT count(*) AS "total" FROM "AuditLog" l ${filter}`)
      .bind(...binds)
      .first<{ total: number }>(),
  ]);
  return {
    entries: rows.results.map((r) => {
      const metadata = parseObject(r.metadata);
      const targetType =
        typeof metadata?.targetType === "string" ? metadata.targetType : r.targetUserId ? "user" : r.accountId ? "account" : r.campaignId ? "campaign" : null;
      const targetId = typeof metadata?.targetId === "string" ? metadata.targetId : (r.targetUserId ?? r.accountId ?? r.campaignId);
      return {
        id: r.id,
        createdAt: r.createdAt,
        action: r.action,
        actor: r.actorId ? { id: r.actorId, email: r.actorEmail } : null,
        targetType,
        targetId,
        targetLabel: targetType === "user" ? r.targetEmail : targetType === "account" ? r.accountName : null,
        metadata,
      };
    }),
    page: query.page,
    pageSize: query.pageSize,
    total: count?.total ?? 0,
    actions: ADMIN_ACTIONS,
  };
}

function parseObject(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

// ------------------------------------------------------------------------------------------------
// Scheduler

export interface SchedulerTaskView {
  name: string;
  lastRun: number | null;
  isRunning: boolean;
  startedAt: number | null;
  /** Whether the last run failed (its text can name internals, so it is not shown, as on /status). */
  failed: boolean;
  updatedAt: number;
}

/** SchedulerTaskState, read-only: the cron tasks, queue probes and intelligence sources. */
export async function listSchedulerTasks(ctx: AppContext): Promise<{ tasks: SchedulerTaskView[] }> {
  const { results } = await ctx.env.DB.prepare(
    `SELECT "name", "lastRun", "isRunning", "startedAt", "error", "updatedAt" FROM "SchedulerTaskState" ORDER BY "name"`,
  ).all<{
    name: string;
    lastRun: number | null;
    isRunning: number;
    startedAt: number | null;
    error: string | null;
    updatedAt: number;
  }>();
  return {
    tasks: results.map((r) => ({
      name: r.name,
      lastRun: r.lastRun,
      isRunning: Boolean(r.isRunning),
      startedAt: r.startedAt,
      failed: Boolean(r.error),
      updatedAt: r.updatedAt,
    })),
  };
}
