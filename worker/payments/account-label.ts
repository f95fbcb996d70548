import type { PlanType } from "../db/schema";

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
