import { and, eq } from "drizzle-orm";
import { getPlanStatus, type PlanStatus } from "../accounts/plan";
import { getTenancyAccountId } from "../accounts/service";
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

async function teamRoleIn(db: Database, userId: string, accountId: string | null) {
  if (!accountId) return null;
  const [row] = await db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, userId), eq(teams.accountId, accountId)))
    .limit(1);
  return row?.role ?? null;
}

/** The label for a signed-in user (the shell shows it); pass their PlanStatus if already read. */
export async function getAccountLabelFor(db: Database, userId: string, plan?: PlanStatus): Promise<AccountLabel> {
  const status = plan ?? (await getPlanStatus(db, userId));
  const accountId = await getTenancyAccountId(db, userId);
  const [membership] = accountId
    ? await db.select({ role: userAccounts.role }).from(userAccounts).where(and(eq(userAccounts.userId, userId), eq(userAccounts.accountId, accountId))).limit(1)
    : [];
  return accountLabel({
    hasActivePlan: status.hasActivePlan,
    planType: status.planType,
    viaTeam: status.viaTeam,
    accountRole: status.viaTeam ? null : (membership?.role ?? null),
    teamRole: await teamRoleIn(db, userId, status.accountId),
  });
}
