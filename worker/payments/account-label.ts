import { asc, eq, sql } from "drizzle-orm";
import { getPlanStatus, type PlanStatus } from "../accounts/plan";
import type { Database } from "../db/client";
import { teamMembers, teams, userAccounts, type PlanType } from "../db/schema";

/** Spec §6 account labels, shown in the shell. */
export const ACCOUNT_LABELS = ["Team Account", "Team Member", "Solo Account", "Enterprise Account", "No Subscription"] as const;
export type AccountLabel = (typeof ACCOUNT_LABELS)[number];

/**
 * The one place the label is decided. "Team Account" is the team admin's (or the paying owner's of
 * a TEAM plan) view; someone who has a plan only through a team, or as a plain member of the
 * paying account, is a "Team Member".
 */
export function accountLabel(input: {
  hasActivePlan: boolean;
  planType: PlanType | null;
  viaTeam: boolean;
  /** The user's role in their tenancy account (UserAccount.role). */
  accountRole?: "OWNER" | "ADMIN" | "MEMBER" | null;
  /** The user's role in the team of the paying account, if any (TeamMember.role). */
  teamRole?: "ADMIN" | "MEMBER" | null;
}): AccountLabel {
  if (!input.hasActivePlan || !input.planType) return "No Subscription";
  const isMember = input.viaTeam || input.accountRole === "MEMBER" || input.teamRole === "MEMBER";
  if (isMember) return input.teamRole === "ADMIN" || input.accountRole === "ADMIN" ? "Team Account" : "Team Member";
  if (input.teamRole === "ADMIN") return "Team Account";
  switch (input.planType) {
    case "TEAM":
      return "Team Account";
    case "ENTERPRISE":
      return "Enterprise Account";
    default:
      return "Solo Account";
  }
}

/** The roles the label depends on: in the tenancy account, and in each team (by the team's account). */
export type LabelRoles = {
  tenancyRole: "OWNER" | "ADMIN" | "MEMBER" | null;
  teamRoles: { accountId: string; role: "ADMIN" | "MEMBER" }[];
};

/**
 * Both in one D1 round trip, and without needing the plan first, so the shell can read them
 * beside the access guard's plan check (web/root.tsx). The tenancy account is the first
 * UserAccount in getTenancyAccountId's order.
 */
export async function readLabelRoles(db: Database, userId: string): Promise<LabelRoles> {
  const [tenancy, teamRows] = await db.batch([
    db
      .select({ role: userAccounts.role })
      .from(userAccounts)
      .where(eq(userAccounts.userId, userId))
      .orderBy(sql`CASE ${userAccounts.role} WHEN 'OWNER' THEN 1 ELSE 0 END`, asc(userAccounts.createdAt))
      .limit(1),
    db.select({ accountId: teams.accountId, role: teamMembers.role }).from(teamMembers).innerJoin(teams, eq(teams.id, teamMembers.teamId)).where(eq(teamMembers.userId, userId)),
  ]);
  return { tenancyRole: tenancy[0]?.role ?? null, teamRoles: teamRows };
}

/** The label from the plan and the roles. */
export function labelFor(status: PlanStatus, roles: LabelRoles): AccountLabel {
  return accountLabel({
    hasActivePlan: status.hasActivePlan,
    planType: status.planType,
    viaTeam: status.viaTeam,
    accountRole: status.viaTeam ? null : roles.tenancyRole,
    teamRole: status.accountId ? (roles.teamRoles.find((t) => t.accountId === status.accountId)?.role ?? null) : null,
  });
}

/** The label for a signed-in user; pass their PlanStatus if already read. */
export async function getAccountLabelFor(db: Database, userId: string, plan?: PlanStatus): Promise<AccountLabel> {
  const [status, roles] = await Promise.all([plan ?? getPlanStatus(db, userId), readLabelRoles(db, userId)]);
  return labelFor(status, roles);
}
