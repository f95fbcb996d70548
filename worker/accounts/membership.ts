import { asc, eq, inArray, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { SessionReads } from "../auth/session";
import { memoized, type UserContext } from "../context";
import { getDb, type Database } from "../db/client";
import { preparedBatch } from "../db/prepared";
import { timed } from "../lib/server-timing";
import { accountPlanMetadata, accounts, sessions, teamMembers, teams, userAccounts } from "../db/schema";

/**
 * Where a user stands: the accounts they are linked to (their tenancy account first, in
 * getTenancyAccountId's order) with each one's plan and flags, their team memberships, and the
 * plans of those teams' accounts. The plan, the shell's label, feature flags and collaborate access
 * are all worked out from it (accounts/plan.ts, payments/account-label.ts, accounts/flags.ts,
 * accounts/collaborate.ts), so a page reads it once, in one D1 round trip, instead of each rule
 * asking on its own.
 */
/**
 * The plan fields the rules read. Not the whole row: D1 answers a batch with one object per row,
 * keyed by column name, so the plan's "id" would overwrite the account's.
 */
const planColumns = {
  planType: accountPlanMetadata.planType,
  billingInterval: accountPlanMetadata.billingInterval,
  trialEndDate: accountPlanMetadata.trialEndDate,
  isInTrial: accountPlanMetadata.isInTrial,
  status: accountPlanMetadata.status,
  currentPeriodEnd: accountPlanMetadata.currentPeriodEnd,
  source: accountPlanMetadata.source,
};
export type PlanFields = Pick<typeof accountPlanMetadata.$inferSelect, keyof typeof planColumns>;

export type Membership = {
  links: {
    accountId: string;
    type: typeof accounts.$inferSelect.type;
    role: typeof userAccounts.$inferSelect.role;
    collaborateEnabled: boolean;
    modelSelectionEnabled: boolean;
    featureFlags: unknown;
    plan: PlanFields | null;
  }[];
  teams: { teamId: string; accountId: string; role: typeof teamMembers.$inferSelect.role; collaborateRole: typeof teamMembers.$inferSelect.collaborateRole }[];
  teamPlans: { accountId: string; type: typeof accounts.$inferSelect.type; plan: PlanFields }[];
};

/**
 * The three reads of a membership, for the user `userId` names (a placeholder, or a subquery: a
 * session's user, a shared page's owner), to send in a prepared batch with others (toMembership).
 */
export function membershipQueries(db: Database, userId: SQL | Placeholder) {
  const teamAccountIds = db
    .select({ accountId: teams.accountId })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId));
  return [
    db
      .select({
        accountId: accounts.id,
        type: accounts.type,
        role: userAccounts.role,
        collaborateEnabled: accounts.collaborateEnabled,
        modelSelectionEnabled: accounts.modelSelectionEnabled,
        featureFlags: accounts.featureFlags,
        plan: planColumns,
      })
      .from(userAccounts)
      .innerJoin(accounts, eq(accounts.id, userAccounts.accountId))
      .leftJoin(accountPlanMetadata, eq(accountPlanMetadata.accountId, accounts.id))
      .where(eq(userAccounts.userId, userId))
      .orderBy(sql`CASE ${userAccounts.role} WHEN 'OWNER' THEN 1 ELSE 0 END`, asc(userAccounts.createdAt))
      .prepare(),
    db
      .select({ teamId: teamMembers.teamId, accountId: teams.accountId, role: teamMembers.role, collaborateRole: teamMembers.collaborateRole })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(eq(teamMembers.userId, userId))
      .prepare(),
    db
      .select({ accountId: accounts.id, type: accounts.type, plan: planColumns })
      .from(accountPlanMetadata)
      .innerJoin(accounts, eq(accounts.id, accountPlanMetadata.accountId))
      .where(inArray(accountPlanMetadata.accountId, teamAccountIds))
      .prepare(),
  ] as const;
}

/** Built once per isolate (worker/db/prepared.ts): a membership is read on every page load. */
const membershipBatch = preparedBatch((db) => membershipQueries(db, sql.placeholder("userId")));
const membershipBySessionBatch = preparedBatch((db) =>
  membershipQueries(db, sql`(SELECT ${sessions.userId} FROM ${sessions} WHERE ${sessions.sessionToken} = ${sql.placeholder("token")})`),
);

export function toMembership([links, teamRows, teamPlans]: Awaited<ReturnType<typeof membershipBatch.run>>): Membership {
  return { links, teams: teamRows, teamPlans };
}

/**
 * The membership of a session's user, read in the session's own D1 batch (worker/auth/session.ts
 * getSessionWith): pages know where the caller stands in the same round trip as who they are.
 */
export const membershipWithSession: SessionReads<Membership> = {
  statements: (env, token) => membershipBySessionBatch.statements(getDb(env.DB), { token }),
  map: (env, results) => toMembership(membershipBySessionBatch.map(getDb(env.DB), results)),
};

export async function readMembership(db: Database, userId: string): Promise<Membership> {
  return toMembership(await membershipBatch.run(db, { userId }));
}

/** Its key in a request's memo: a page's session read fills it (web/lib/auth.server.ts). */
export const MEMBERSHIP_MEMO_KEY = "membership";

/** The caller's membership, read once per request when the context carries a memo (a page load). */
export function membershipOf(ctx: UserContext): Promise<Membership> {
  return memoized(ctx, MEMBERSHIP_MEMO_KEY, () => timed("membership", () => readMembership(ctx.db, ctx.user.id)));
}
