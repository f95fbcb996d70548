import type { Membership } from "../accounts/membership";
import type { PlanStatus } from "../accounts/plan";
import type { PlanType } from "../db/schema";

export type AccountLabel = "Team Account" | "Team Member" | "Solo Account" | "Enterprise Account" | "No Subscription";

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

/** The roles, from where the user stands (accounts/membership.ts); the tenancy account is the first link. */
export function labelRolesOf(membership: Membership): LabelRoles {
  return { tenancyRole: membership.links[0]?.role ?? null, teamRoles: membership.teams.map(({ accountId, role }) => ({ accountId, role })) };
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
